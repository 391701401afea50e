import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../domain/context.js';
import { registerApiTokenAuth } from '../plugins/authenticate.js';
import multipart from '@fastify/multipart';
import { registerDocumentCreateRoute, registerDocumentRoutes } from './document.routes.js';
import { registerEnvelopeRoutes } from './envelope.routes.js';
import { registerWebhookRoutes } from './webhook.routes.js';
import { registerEnvelopePartRoutes } from './envelope-parts.routes.js';
import { registerDocumentPartRoutes } from './document-parts.routes.js';
import { registerEnvelopeItemRoutes, registerEnvelopeUploadRoutes } from './envelope-items.routes.js';
import { registerEnvelopeEvidenceRoutes } from './envelope-evidence.routes.js';
import { registerMeRoutes } from './me.routes.js';
import { registerBulkSendRoutes, registerBulkSendStartRoute } from './bulk-send.routes.js';
import { registerFolderRoutes } from './folder.routes.js';
import { registerEmbeddingRoutes } from './embedding.routes.js';
import { registerDocumentManageRoutes, registerDocumentUploadUrlRoute } from './document-manage.routes.js';
import { registerSigningRoutes } from '../signing/signing.routes.js';
import { registerDigitalSigningRoutes } from '../signing/digital-signing.routes.js';
import { registerCscSigningRoutes } from '../signing/csc-signing.routes.js';
import { registerDirectLinkRoutes } from '../signing/direct-link.routes.js';
import { registerTemplateDirectRoutes } from './template-direct.routes.js';
import { registerEnvelopeUseRoute, registerTemplateUseRoute } from './template-use.routes.js';
import { registerTemplateCreateRoute, registerTemplateRoutes } from './template.routes.js';
import { registerLegacyPartRoutes } from './legacy-parts.routes.js';

/** Every v2 operation. Mounted twice, at /api/v2 and /api/v2-beta, with identical behaviour. */
export function v2Routes(ctx: Ctx) {
  return async function (scope: FastifyInstance): Promise<void> {
    registerApiTokenAuth(scope, ctx);
    // Multipart parsing, and the hooks that plugin adds to every request, only where PDFs are uploaded.
    await scope.register(async (uploads) => {
      await uploads.register(multipart, {
        limits: {
          fileSize: ctx.config.limits.uploadBytes + 1,
          files: ctx.config.limits.itemsPerEnvelope,
          fields: 20,
          fieldSize: ctx.config.limits.jsonBodyBytes,
        },
      });
      registerDocumentCreateRoute(uploads, ctx);
      registerTemplateCreateRoute(uploads, ctx);
      registerEnvelopeUploadRoutes(uploads, ctx);
      registerEnvelopeUseRoute(uploads, ctx);
      registerBulkSendStartRoute(uploads, ctx);
    });
    // The raw-PDF body parser, only for the upload URL.
    await scope.register((rawPdf, _options, done) => {
      registerDocumentUploadUrlRoute(rawPdf, ctx);
      done();
    });
    registerMeRoutes(scope, ctx);
    registerDocumentRoutes(scope, ctx);
    registerDocumentPartRoutes(scope, ctx);
    registerDocumentManageRoutes(scope, ctx);
    registerTemplateRoutes(scope, ctx);
    registerLegacyPartRoutes(scope, ctx, 'template');
    registerSigningRoutes(scope, ctx);
    registerDigitalSigningRoutes(scope, ctx);
    registerCscSigningRoutes(scope, ctx);
    registerDirectLinkRoutes(scope, ctx);
    registerTemplateDirectRoutes(scope, ctx);
    registerEnvelopeRoutes(scope, ctx);
    registerEnvelopePartRoutes(scope, ctx);
    registerEnvelopeItemRoutes(scope, ctx);
    registerWebhookRoutes(scope, ctx);
    registerEnvelopeEvidenceRoutes(scope, ctx);
    registerFolderRoutes(scope, ctx);
    registerEmbeddingRoutes(scope, ctx);
    registerTemplateUseRoute(scope, ctx);
    registerBulkSendRoutes(scope, ctx);
  };
}

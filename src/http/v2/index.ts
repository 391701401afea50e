// The import order below is the order in which the schemas' modules load, which is the order of the
// OpenAPI document's components: keep it when converting a family (the document stays byte-identical).
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../domain/context.js';
import { registerApiTokenAuth } from '../plugins/authenticate.js';
import { registerOperations, unconverted } from '../operation.js';
import { documentOperations } from './document.routes.js';
import { envelopeOperations } from './envelope.routes.js';
import { webhookOperations } from './webhook.routes.js';
import { envelopePartOperations } from './envelope-parts.routes.js';
import { registerDocumentPartRoutes } from './document-parts.routes.js';
import { envelopeItemOperations } from './envelope-items.routes.js';
import { envelopeEvidenceOperations } from './envelope-evidence.routes.js';
import { registerMeRoutes } from './me.routes.js';
import { registerBulkSendRoutes, registerBulkSendStartRoute } from './bulk-send.routes.js';
import { folderOperations } from './folder.routes.js';
import { embeddingOperations } from './embedding.routes.js';
import { registerDocumentManageRoutes, registerDocumentUploadUrlRoute } from './document-manage.routes.js';
import { signingOperations } from '../signing/signing.routes.js';
import { digitalSigningOperations } from '../signing/digital-signing.routes.js';
import { cscSigningOperations } from '../signing/csc-signing.routes.js';
import { directLinkOperations } from '../signing/direct-link.routes.js';
import { registerTemplateDirectRoutes } from './template-direct.routes.js';
import { registerEnvelopeUseRoute, registerTemplateUseRoute } from './template-use.routes.js';
import { registerTemplateCreateRoute, registerTemplateRoutes } from './template.routes.js';
import { registerLegacyPartRoutes } from './legacy-parts.routes.js';

/**
 * Every v2 operation, in the order of the OpenAPI document (uploads are registered first, in
 * scopes of their own: see registerOperations).
 */
export const v2Operations = [
  unconverted(registerMeRoutes),
  ...documentOperations,
  unconverted(registerDocumentPartRoutes),
  unconverted(registerDocumentUploadUrlRoute, 'raw-pdf'),
  unconverted(registerDocumentManageRoutes),
  unconverted(registerTemplateCreateRoute, 'multipart'),
  unconverted(registerTemplateRoutes),
  unconverted((app, ctx) => registerLegacyPartRoutes(app, ctx, 'template')),
  ...signingOperations,
  ...digitalSigningOperations,
  ...cscSigningOperations,
  ...directLinkOperations,
  unconverted(registerTemplateDirectRoutes),
  ...envelopeOperations,
  ...envelopePartOperations,
  ...envelopeItemOperations,
  ...webhookOperations,
  ...envelopeEvidenceOperations,
  ...folderOperations,
  ...embeddingOperations,
  unconverted(registerEnvelopeUseRoute, 'multipart'),
  unconverted(registerTemplateUseRoute),
  unconverted(registerBulkSendStartRoute, 'multipart'),
  unconverted(registerBulkSendRoutes),
];

/** The v2 API. Mounted twice, at /api/v2 and /api/v2-beta, with identical behaviour. */
export function v2Routes(ctx: Ctx) {
  return async function (scope: FastifyInstance): Promise<void> {
    registerApiTokenAuth(scope, ctx);
    await registerOperations(scope, ctx, v2Operations);
  };
}

// The import order below is the order in which the schemas' modules load, which is the order of the
// OpenAPI document's components: keep it when converting a family (the document stays byte-identical).
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../domain/context.js';
import { registerApiTokenAuth } from '../plugins/authenticate.js';
import { registerOperations } from '../operation.js';
import { documentOperations } from './document.routes.js';
import { envelopeOperations } from './envelope.routes.js';
import { webhookOperations } from './webhook.routes.js';
import { envelopePartOperations } from './envelope-parts.routes.js';
import { documentPartOperations } from './document-parts.routes.js';
import { envelopeItemOperations } from './envelope-items.routes.js';
import { envelopeEvidenceOperations } from './envelope-evidence.routes.js';
import { meOperations } from './me.routes.js';
import { bulkSendOperations } from './bulk-send.routes.js';
import { folderOperations } from './folder.routes.js';
import { embeddingOperations } from './embedding.routes.js';
import { documentManageOperations } from './document-manage.routes.js';
import { signingOperations } from '../signing/signing.routes.js';
import { digitalSigningOperations } from '../signing/digital-signing.routes.js';
import { cscSigningOperations } from '../signing/csc-signing.routes.js';
import { directLinkOperations } from '../signing/direct-link.routes.js';
import { templateDirectOperations } from './template-direct.routes.js';
import { templateUseOperations } from './template-use.routes.js';
import { templateOperations } from './template.routes.js';
import { legacyPartOperations } from './legacy-parts.routes.js';
import { platformSenderOperations } from './platform-sender.routes.js';

/**
 * Every v2 operation, in the order of the OpenAPI document (uploads are registered first, in
 * scopes of their own: see registerOperations).
 */
export const v2Operations = [
  ...meOperations,
  ...documentOperations,
  ...documentPartOperations,
  ...documentManageOperations,
  ...templateOperations,
  ...legacyPartOperations('template'),
  ...signingOperations,
  ...digitalSigningOperations,
  ...cscSigningOperations,
  ...directLinkOperations,
  ...templateDirectOperations,
  ...envelopeOperations,
  ...envelopePartOperations,
  ...envelopeItemOperations,
  ...webhookOperations,
  ...envelopeEvidenceOperations,
  ...folderOperations,
  ...embeddingOperations,
  ...templateUseOperations,
  ...bulkSendOperations,
  ...platformSenderOperations,
];

/** The v2 API. Mounted twice, at /api/v2 and /api/v2-beta, with identical behaviour. */
export function v2Routes(ctx: Ctx) {
  return async function (scope: FastifyInstance): Promise<void> {
    registerApiTokenAuth(scope, ctx);
    await registerOperations(scope, ctx, v2Operations);
  };
}

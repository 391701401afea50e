import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../domain/context.js';
import { registerOperations } from '../operation.js';
import { accountOperations } from './account.routes.js';
import { brandingSettingsOperations } from './branding.routes.js';
import { documentOperations } from './documents.routes.js';
import { editorAppOperations } from './editor.routes.js';
import { folderOperations } from './folders.routes.js';
import { newDocumentOperations } from './new-document.routes.js';
import { APP_API_PREFIX, appOpenApiOptions } from './app-openapi.js';
import { oidcOperations } from './oidc.routes.js';
import { passkeyOperations } from './passkey.routes.js';
import { profileOperations } from './profile.routes.js';
import { registerSessionAuth } from './session-auth.js';
import { sessionOperations } from './session.routes.js';
import { teamOperations } from './team.routes.js';
import { senderSettingsOperations } from './senders.routes.js';
import { templateOperations } from './templates.routes.js';
import { tokenOperations } from './tokens.routes.js';
import { webhookSettingsOperations } from './webhooks.routes.js';

/** Every operation of the web app's API, in the order of its OpenAPI document. */
export const appOperations = [
  ...sessionOperations,
  ...passkeyOperations,
  ...oidcOperations,
  ...accountOperations,
  ...teamOperations,
  ...tokenOperations,
  ...webhookSettingsOperations,
  ...senderSettingsOperations,
  ...brandingSettingsOperations,
  ...documentOperations,
  ...templateOperations,
  ...profileOperations,
  ...newDocumentOperations,
  ...folderOperations,
  ...editorAppOperations,
];

/**
 * The web app's API at /api/app (the app's pages will be at `/`; /api/ keeps the answers
 * `no-store` and out of the public API's documents), with its own OpenAPI document at
 * /api/app/openapi.json. Sessions and CSRF: session-auth.ts.
 */
export function appRoutes(ctx: Ctx) {
  return async function (scope: FastifyInstance): Promise<void> {
    await scope.register(swagger, appOpenApiOptions(ctx.config.publicUrl));
    await scope.register(
      async (api) => {
        registerSessionAuth(api, ctx);
        await registerOperations(api, ctx, appOperations);
      },
      { prefix: APP_API_PREFIX },
    );
    scope.get(`${APP_API_PREFIX}/openapi.json`, { schema: { hide: true } }, () => ({
      ...scope.swagger(),
      servers: [{ url: `${ctx.config.publicUrl}${APP_API_PREFIX}` }],
    }));
  };
}

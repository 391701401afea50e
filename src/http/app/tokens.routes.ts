import type { FastifyRequest } from 'fastify';
import type { Ctx } from '../../domain/context.js';
import { createTeamToken } from '../../domain/team-settings/create-team-token.js';
import { listTeamTokens } from '../../domain/team-settings/list-team-tokens.js';
import { revokeTeamToken } from '../../domain/team-settings/revoke-team-token.js';
import { teamAdmin } from '../../domain/team-settings/team-admin.js';
import { defineOperation } from '../operation.js';
import { requestMeta } from '../plugins/caller.js';
import { ZPlatformParams } from './app.schema.js';
import { ZNewTeamToken, ZTeamToken, ZTeamTokenBody, ZTeamTokens, ZTokenParams } from './settings.schema.js';
import { accountOf } from './session-auth.js';

const tags = ['Team settings'];

/** The signed-in user as an admin of the platform the path names (403 for another role, 404 for a non-member). */
export const adminFor = (ctx: Ctx, request: FastifyRequest<{ Params: { platformId: number } }>) =>
  teamAdmin(ctx, accountOf(request), request.params.platformId, requestMeta(request));

/** A team's API tokens in the web app (admins only): list, create (shown once), revoke. */
export const tokenOperations = [
  defineOperation({
    method: 'GET',
    url: '/platforms/:platformId/tokens',
    operationId: 'app-listTokens',
    summary: 'The platform’s API tokens (name, environment, scope, created, expiry, last use), never the tokens',
    description: 'For ADMINs; a MANAGER or MEMBER is 403, a non-member 404.',
    tags,
    params: ZPlatformParams,
    response: ZTeamTokens,
    errors: [403, 404],
    handle: async (ctx, request) => ({ data: await listTeamTokens(ctx, await adminFor(ctx, request)) }),
  }),

  defineOperation({
    method: 'POST',
    url: '/platforms/:platformId/tokens',
    operationId: 'app-createToken',
    summary: 'Create an API token with a name, scope and optional expiry; the answer shows the token, once',
    tags,
    params: ZPlatformParams,
    body: ZTeamTokenBody,
    response: ZNewTeamToken,
    errors: [403, 404],
    handle: async (ctx, request) => createTeamToken(ctx, await adminFor(ctx, request), request.body),
  }),

  defineOperation({
    method: 'DELETE',
    url: '/platforms/:platformId/tokens/:tokenId',
    operationId: 'app-revokeToken',
    summary: 'Revoke an API token: its next request is 401 (revoking it again changes nothing)',
    description: 'Another platform’s token is 404 and stays valid.',
    tags,
    params: ZTokenParams,
    response: ZTeamToken,
    errors: [403, 404],
    handle: async (ctx, request) => revokeTeamToken(ctx, await adminFor(ctx, request), request.params.tokenId),
  }),
];

import { listSenderIdentities } from '../../domain/platforms/list-sender-identities.js';
import { addTeamSender } from '../../domain/team-settings/add-team-sender.js';
import { removeTeamSender } from '../../domain/team-settings/remove-team-sender.js';
import { verifyTeamSender } from '../../domain/team-settings/verify-team-sender.js';
import { defineOperation } from '../operation.js';
import {
  ZSenderIdentity,
  ZSenderIdentityCreateBody,
  ZSenderIdentityList,
  ZSenderIdentityVerifyBody,
} from '../v2/platform-sender.schema.js';
import { ZPlatformParams } from './app.schema.js';
import { ZTeamSenderParams, ZTeamSenderRemoved } from './settings.schema.js';
import { adminFor } from './tokens.routes.js';

const tags = ['Team settings'];

/** A team's sender addresses in the web app (admins only): the API's add, verify and remove flow. */
export const senderSettingsOperations = [
  defineOperation({
    method: 'GET',
    url: '/platforms/:platformId/senders',
    operationId: 'app-listSenders',
    summary: 'The platform’s sender addresses, verified or not',
    description: 'For ADMINs; a MANAGER or MEMBER is 403, a non-member 404.',
    tags,
    params: ZPlatformParams,
    response: ZSenderIdentityList,
    errors: [403, 404],
    handle: async (ctx, request) => ({
      data: await listSenderIdentities(ctx, (await adminFor(ctx, request)).principal),
    }),
  }),

  defineOperation({
    method: 'POST',
    url: '/platforms/:platformId/senders',
    operationId: 'app-addSender',
    summary: 'Add a sender address; a 6-digit code is mailed to it (adding it again mails a new one)',
    tags,
    params: ZPlatformParams,
    body: ZSenderIdentityCreateBody,
    response: ZSenderIdentity,
    errors: [403, 404, 409, 429],
    handle: async (ctx, request) => addTeamSender(ctx, await adminFor(ctx, request), request.body),
  }),

  defineOperation({
    method: 'POST',
    url: '/platforms/:platformId/senders/:senderId/verify',
    operationId: 'app-verifySender',
    summary: 'Verify a sender address with the code mailed to it (10 minutes, 5 tries)',
    tags,
    params: ZTeamSenderParams,
    body: ZSenderIdentityVerifyBody,
    response: ZSenderIdentity,
    errors: [403, 404, 409],
    handle: async (ctx, request) =>
      verifyTeamSender(ctx, await adminFor(ctx, request), request.params.senderId, request.body.code),
  }),

  defineOperation({
    method: 'DELETE',
    url: '/platforms/:platformId/senders/:senderId',
    operationId: 'app-removeSender',
    summary: 'Remove a sender address; documents naming it send from FIRMA_MAIL_FROM from then on',
    tags,
    params: ZTeamSenderParams,
    response: ZTeamSenderRemoved,
    errors: [403, 404],
    handle: async (ctx, request) => {
      await removeTeamSender(ctx, await adminFor(ctx, request), request.params.senderId);
      return { removed: true as const };
    },
  }),
];

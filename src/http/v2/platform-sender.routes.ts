import { addSenderIdentity } from '../../domain/platforms/add-sender-identity.js';
import { listSenderIdentities } from '../../domain/platforms/list-sender-identities.js';
import { removeSenderIdentity } from '../../domain/platforms/remove-sender-identity.js';
import { verifySenderIdentity } from '../../domain/platforms/verify-sender-identity.js';
import { defineOperation } from '../operation.js';
import { principalOf } from '../plugins/authenticate.js';
import { ZSuccess } from '../schemas/common.schema.js';
import {
  ZSenderIdentity,
  ZSenderIdentityCreateBody,
  ZSenderIdentityList,
  ZSenderIdentityParams,
  ZSenderIdentityVerifyBody,
} from './platform-sender.schema.js';

const tags = ['Platform'];

/**
 * The platform's sender identities (Firma's; Documenso manages its email domains in its web app):
 * addresses a document's `meta.emailId` may send from, each verified by a code mailed to it.
 */
export const platformSenderOperations = [
  defineOperation({
    method: 'GET',
    url: '/platform/sender',
    operationId: 'platform-listSenders',
    summary: 'The platform’s sender identities, verified or not (never a code)',
    tags,
    response: ZSenderIdentityList,
    errors: [403],
    handle: async (ctx, request) => ({ data: await listSenderIdentities(ctx, principalOf(request)) }),
  }),

  defineOperation({
    method: 'POST',
    url: '/platform/sender',
    operationId: 'platform-addSender',
    summary:
      'Register a sender address; a 6-digit code is mailed to it (again, at most once a minute, while unverified)',
    tags,
    body: ZSenderIdentityCreateBody,
    response: ZSenderIdentity,
    errors: [403, 409, 429],
    handle: (ctx, request) => addSenderIdentity(ctx, principalOf(request), request.body),
  }),

  defineOperation({
    method: 'POST',
    url: '/platform/sender/:id/verify',
    operationId: 'platform-verifySender',
    summary: 'Confirm a sender address with the code mailed to it; then documents may name it in meta.emailId',
    tags,
    params: ZSenderIdentityParams,
    body: ZSenderIdentityVerifyBody,
    response: ZSenderIdentity,
    errors: [403, 404, 409],
    handle: (ctx, request) => verifySenderIdentity(ctx, principalOf(request), request.params.id, request.body.code),
  }),

  defineOperation({
    method: 'DELETE',
    url: '/platform/sender/:id',
    operationId: 'platform-removeSender',
    summary: 'Remove a sender identity; documents naming it mail from FIRMA_MAIL_FROM from then on',
    tags,
    params: ZSenderIdentityParams,
    response: ZSuccess,
    errors: [403, 404],
    handle: async (ctx, request) => {
      await removeSenderIdentity(ctx, principalOf(request), request.params.id);
      return { success: true };
    },
  }),

  defineOperation({
    method: 'POST',
    url: '/platform/sender/:id/delete',
    operationId: 'platform-removeSenderPost',
    summary: 'The same as DELETE /platform/sender/{id}, for clients that only POST',
    tags,
    params: ZSenderIdentityParams,
    response: ZSuccess,
    errors: [403, 404],
    handle: async (ctx, request) => {
      await removeSenderIdentity(ctx, principalOf(request), request.params.id);
      return { success: true };
    },
  }),
];

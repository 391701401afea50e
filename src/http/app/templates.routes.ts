import type { FastifyRequest } from 'fastify';
import { memberCaller } from '../../domain/app-documents/member-caller.js';
import { findVisibleEnvelope } from '../../domain/app-documents/visible-envelope.js';
import { getMemberBulkSend } from '../../domain/app-templates/get-member-bulk-send.js';
import { getMemberDirectLink } from '../../domain/app-templates/get-member-direct-link.js';
import { publishMemberTemplate } from '../../domain/app-templates/publish-member-template.js';
import {
  runMemberDirectLinkAction,
  type DirectLinkAction,
} from '../../domain/app-templates/run-member-direct-link-action.js';
import { useMemberTemplate } from '../../domain/app-templates/use-member-template.js';
import { startBulkSend } from '../../domain/bulk-send/start-bulk-send.js';
import type { Ctx } from '../../domain/context.js';
import { defineOperation, type Operation } from '../operation.js';
import { requestMeta } from '../plugins/caller.js';
import { validationFailure } from '../schemas/validation-failure.js';
import { readBulkSendUpload } from '../v2/bulk-send-upload.js';
import { ZAppDone, ZAppEnvelopeParams } from './documents.schema.js';
import {
  ZAppBulkSend,
  ZAppBulkSendBody,
  ZAppBulkSendParams,
  ZAppDirectLinkAnswer,
  ZAppDirectLinkCreateBody,
  ZAppDirectLinkState,
  ZAppDirectLinkToggleBody,
  ZAppTemplatePublication,
  ZAppTemplateUseBody,
} from './templates.schema.js';
import { accountOf } from './session-auth.js';

const tags = ['Templates'];

/** The member acting on the platform the path names (404 when they are not one of its members). */
const callerFor = (ctx: Ctx, request: FastifyRequest<{ Params: { platformId: number } }>) =>
  memberCaller(ctx, accountOf(request), request.params.platformId, requestMeta(request));

const base = '/platforms/:platformId/templates/:envelopeId';

function directLinkOperation(
  method: 'POST' | 'DELETE',
  suffix: string,
  operationId: string,
  summary: string,
  actionOf: (body: unknown) => DirectLinkAction,
  body?: typeof ZAppDirectLinkCreateBody | typeof ZAppDirectLinkToggleBody,
): Operation {
  return defineOperation({
    method,
    url: `${base}/direct-link${suffix}`,
    operationId,
    summary,
    tags,
    params: ZAppEnvelopeParams,
    ...(body ? { body } : {}),
    response: ZAppDirectLinkAnswer,
    errors: [404, 409],
    handle: async (ctx, request) =>
      runMemberDirectLinkAction(ctx, await callerFor(ctx, request), request.params.envelopeId, actionOf(request.body)),
  });
}

/**
 * The web app's template page beyond reading and copying it (documents.routes.ts): its direct
 * link, a document made from it, and bulk send from a CSV — each through the API's own use case,
 * for members who may see the template (anything else: 404 and nothing changes).
 */
export const templateOperations: Operation[] = [
  defineOperation({
    method: 'GET',
    url: `${base}/direct-link`,
    operationId: 'app-getTemplateDirectLink',
    summary: 'The template’s direct link (null when none) and the team’s identity rule',
    tags,
    params: ZAppEnvelopeParams,
    response: ZAppDirectLinkState,
    errors: [404],
    handle: async (ctx, request) => getMemberDirectLink(ctx, await callerFor(ctx, request), request.params.envelopeId),
  }),
  directLinkOperation(
    'POST',
    '',
    'app-createTemplateDirectLink',
    'Create the template’s direct link, enabled (one per template)',
    (body) => ({ kind: 'create', directRecipientId: (body as { directRecipientId?: number }).directRecipientId }),
    ZAppDirectLinkCreateBody,
  ),
  directLinkOperation(
    'POST',
    '/toggle',
    'app-toggleTemplateDirectLink',
    'Turn the template’s direct link on or off',
    (body) => ({ kind: 'toggle', enabled: (body as { enabled: boolean }).enabled }),
    ZAppDirectLinkToggleBody,
  ),
  directLinkOperation(
    'DELETE',
    '',
    'app-deleteTemplateDirectLink',
    'Delete the template’s direct link (its address stops working for good)',
    () => ({ kind: 'delete' }),
  ),
  defineOperation({
    method: 'PUT',
    url: `${base}/publication`,
    operationId: 'app-publishTemplate',
    summary: 'List the template on the team’s public profile, or take it off (the API’s template/update)',
    tags,
    params: ZAppEnvelopeParams,
    body: ZAppTemplatePublication,
    response: ZAppTemplatePublication,
    errors: [404],
    handle: async (ctx, request) =>
      publishMemberTemplate(ctx, await callerFor(ctx, request), request.params.envelopeId, request.body),
  }),
  defineOperation({
    method: 'POST',
    url: `${base}/use`,
    operationId: 'app-useTemplate',
    summary: 'Make a document from the template for the people named, and send it (the API’s template/use)',
    tags,
    params: ZAppEnvelopeParams,
    body: ZAppTemplateUseBody,
    response: ZAppDone,
    errors: [404],
    handle: async (ctx, request) =>
      useMemberTemplate(ctx, await callerFor(ctx, request), request.params.envelopeId, request.body),
  }),
  defineOperation({
    method: 'POST',
    url: `${base}/bulk-send`,
    operationId: 'app-bulkSendTemplate',
    summary: 'One document per CSV row from the template (the API’s bulk send; answers at once)',
    description:
      'multipart/form-data: `payload` (JSON) and `file` (the CSV), as the API’s POST /template/{templateId}/bulk-send. Follow the run at GET …/bulk-send/{bulkSendId}.',
    tags,
    upload: 'multipart',
    params: ZAppEnvelopeParams,
    body: ZAppBulkSendBody,
    response: ZAppBulkSend,
    status: 202,
    errors: [404, 413],
    handle: async (ctx, request, reply) => {
      // Multipart routes validate nothing before the handler (documentOnlyValidator): the path here.
      const params = ZAppEnvelopeParams.safeParse(request.params);
      if (!params.success)
        throw validationFailure(
          params.error.issues.map((i) => ({
            message: i.message,
            path: ['params', ...i.path.map(String)],
            idOutOfRange: false,
          })),
        );
      const caller = await memberCaller(ctx, accountOf(request), params.data.platformId, requestMeta(request));
      const template = await findVisibleEnvelope(ctx, caller, params.data.envelopeId, 'TEMPLATE');
      const upload = await readBulkSendUpload(ctx, request, reply, template);
      const view = await startBulkSend(ctx, caller, {
        template,
        csv: upload.csv,
        distribute: upload.payload.distributeDocument,
      });
      return reply.code(202).send(view);
    },
  }),
  defineOperation({
    method: 'GET',
    url: `${base}/bulk-send/:bulkSendId`,
    operationId: 'app-getTemplateBulkSend',
    summary: 'A bulk send’s progress: rows done and failed, why, the documents made',
    tags,
    params: ZAppBulkSendParams,
    response: ZAppBulkSend,
    errors: [404],
    handle: async (ctx, request) =>
      getMemberBulkSend(ctx, await callerFor(ctx, request), request.params.envelopeId, request.params.bulkSendId),
  }),
];

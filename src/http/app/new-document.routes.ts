import { createMemberDocument } from '../../domain/app-documents/create-member-document.js';
import { getDocumentOptions } from '../../domain/app-documents/get-document-options.js';
import { memberCaller } from '../../domain/app-documents/member-caller.js';
import { AppError } from '../../errors.js';
import { defineOperation, type Operation } from '../operation.js';
import { requestMeta } from '../plugins/caller.js';
import { parsePayload, readMultipart } from '../plugins/multipart.js';
import { ZPlatformParams } from './app.schema.js';
import {
  ZAppDocumentOptions,
  ZAppNewDocumentAnswer,
  ZAppNewDocumentBody,
  ZAppNewDocumentPayload,
} from './new-document.schema.js';
import { accountOf } from './session-auth.js';

const tags = ['Documents'];

/**
 * A new document from the web app: one PDF streamed to staging (the API's upload: same size cap,
 * same off-event-loop parsing), its recipients, then sent or kept as a draft — through the API's
 * create and distribute, owned by the member.
 */
export const newDocumentOperations: Operation[] = [
  defineOperation({
    method: 'GET',
    url: '/platforms/:platformId/document-options',
    operationId: 'app-getDocumentOptions',
    summary: 'What the new-document form checks as the member types: the team’s identity rule, the upload cap',
    tags,
    params: ZPlatformParams,
    response: ZAppDocumentOptions,
    errors: [404],
    handle: async (ctx, request) => {
      const caller = await memberCaller(ctx, accountOf(request), request.params.platformId, requestMeta(request));
      return getDocumentOptions(ctx, caller);
    },
  }),
  defineOperation({
    method: 'POST',
    url: '/platforms/:platformId/documents',
    operationId: 'app-createDocument',
    summary: 'Create a document from one PDF and its recipients (placeholder tags become fields), sent or as a draft',
    description:
      'multipart/form-data: a `payload` part (JSON) and a `file` part (the PDF). Sending checks what the API’s distribute checks (every signer has a signature tag, IDs the team’s rule accepts); a refusal stores nothing.',
    tags,
    upload: 'multipart',
    params: ZPlatformParams,
    body: ZAppNewDocumentBody,
    response: ZAppNewDocumentAnswer,
    errors: [404, 413],
    handle: async (ctx, request) => {
      // Membership first: a stranger's upload is not even read.
      const caller = await memberCaller(ctx, accountOf(request), request.params.platformId, requestMeta(request));
      const body = await readMultipart(ctx, request, ['file']);
      const payload = await parsePayload(ZAppNewDocumentPayload, body);
      const [file, ...more] = body.files;
      if (!file || more.length > 0) {
        await Promise.all(body.files.map((f) => f.staged.discard()));
        throw new AppError('INVALID_MULTIPART', 'Send exactly one PDF in the "file" part', {
          issues: [{ message: 'file: Required', path: ['file'] }],
        });
      }
      return createMemberDocument(ctx, caller, { ...payload, file });
    },
  }),
];

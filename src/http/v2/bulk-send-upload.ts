import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { readBulkCsv, type BulkCsv } from '../../domain/bulk-send/read-bulk-csv.js';
import type { Ctx } from '../../domain/context.js';
import type { EnvelopeGraph } from '../../domain/envelopes/get-envelope.js';
import { loadIdentityPolicy } from '../../domain/recipients/load-identity-rule.js';
import { AppError } from '../../errors.js';
import { discardRestOfBody } from '../plugins/discard-rest-of-body.js';
import { malformedAsAppError, parsePayload, throwAsMalformed } from '../plugins/multipart.js';
import { ZBulkSendPayload } from './bulk-send.schema.js';

/** How long the rest of a refused CSV is read and dropped before the connection is cut. */
const DISCARD_MS = 10_000;

export interface BulkSendUpload {
  payload: z.output<typeof ZBulkSendPayload>;
  csv: BulkCsv;
}

/**
 * Reads a bulk send's multipart body as it arrives: the `payload` JSON part and the one `file`
 * part, whose CSV is parsed and checked against the template while it streams in (readBulkCsv)
 * and never stored; the parts may come in either order. A CSV refused on the way (a cap, its
 * syntax, its header) stops the parsing there: the file stream is destroyed and what the client
 * still sends is dropped unread (discardRestOfBody), so the refusal is answered at once.
 * @throws UNSUPPORTED_MEDIA_TYPE, INVALID_MULTIPART, INVALID_JSON, VALIDATION_ERROR, PAYLOAD_TOO_LARGE
 *   and readBulkCsv's refusals
 */
export async function readBulkSendUpload(
  ctx: Ctx,
  request: FastifyRequest,
  reply: FastifyReply,
  template: EnvelopeGraph,
): Promise<BulkSendUpload> {
  if (!request.isMultipart())
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'This operation takes multipart/form-data with a "payload" part and the CSV file',
    );
  const maxBytes = ctx.config.limits.uploadBytes;
  const identity = await loadIdentityPolicy(ctx.db, template.envelope.platformId);
  const parts = request.parts({ limits: { fileSize: maxBytes + 1 } })[Symbol.asyncIterator]();
  let payloadText: string | undefined;
  let csv: BulkCsv | undefined;
  for (;;) {
    const next = await parts.next().catch(throwAsMalformed);
    if (next.done) break;
    const part = next.value;
    if (part.type === 'file') {
      if (part.fieldname !== 'file' || csv) {
        part.file.resume();
        throw new AppError(
          'INVALID_MULTIPART',
          part.fieldname === 'file'
            ? 'Send exactly one CSV in the "file" part'
            : `Unexpected file part "${part.fieldname}"; expected "file"`,
          { issues: [{ path: ['file'], message: 'file: one CSV expected' }] },
        );
      }
      try {
        csv = await readBulkCsv(malformedAsAppError(part.file), template, maxBytes, identity);
      } catch (error) {
        // The client may well be sending the rest (up to the upload limit, which any upload may
        // use): dropped unread, so the answer reaches it.
        // Past the size limit the error handler's own bounded drain applies.
        if (!(error instanceof AppError && error.code === 'PAYLOAD_TOO_LARGE'))
          discardRestOfBody(request.raw, reply.raw, maxBytes, DISCARD_MS);
        throw error;
      }
    } else if (part.fieldname === 'payload') {
      payloadText = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
    }
  }
  if (payloadText === undefined)
    throw new AppError('INVALID_MULTIPART', 'The "payload" part (JSON) is missing', {
      issues: [{ message: 'payload: Required', path: ['payload'] }],
    });
  let payload: unknown;
  try {
    payload = JSON.parse(payloadText);
  } catch {
    throw new AppError('INVALID_JSON', 'The "payload" part is not valid JSON', {
      issues: [{ message: 'payload: not valid JSON', path: ['payload'] }],
    });
  }
  const parsed = await parsePayload(ZBulkSendPayload, { payload, files: [] });
  if (!csv)
    throw new AppError('INVALID_MULTIPART', 'Send exactly one CSV in the "file" part', {
      issues: [{ path: ['file'], message: 'file: one CSV expected' }],
    });
  return { payload: parsed, csv };
}

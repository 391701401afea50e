import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Ctx } from '../../domain/context.js';
import type { UploadedPdf } from '../../domain/uploads/uploaded-pdf.js';
import { AppError } from '../../errors.js';
import { jsonNestsDeeperThan, valueNestsDeeperThan } from '../../lib/json-nesting.js';
import { jsonTooDeep } from './json-body.js';
import { isIdOutOfRange } from '../../lib/record-id.js';
import { issueCodeOf } from '../../lib/issue-code.js';
import { validationFailure } from '../schemas/validation-failure.js';
import { droppedSecurityMembers, securityMemberRefusal } from './security-members.js';
import { nulPath, nulRefusal } from './text-guard.js';

export interface MultipartBody {
  payload: unknown;
  files: UploadedPdf[];
}

/**
 * Reads a multipart request part by part: the JSON text part `payload`, and file parts whose
 * names are in `fileFields`, each streamed straight to staging (bounded memory, size limit
 * enforced while streaming). On any failure the staged files are discarded.
 * @throws INVALID_MULTIPART, INVALID_JSON, JSON_TOO_DEEP, PAYLOAD_TOO_LARGE
 */
export async function readMultipart(ctx: Ctx, request: FastifyRequest, fileFields: string[]): Promise<MultipartBody> {
  if (!request.isMultipart())
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'This operation takes multipart/form-data with a "payload" part and the PDF file',
    );
  const files: UploadedPdf[] = [];
  let payloadText: string | undefined;
  try {
    const parts = request.parts({ limits: { fileSize: ctx.config.limits.uploadBytes + 1 } })[Symbol.asyncIterator]();
    for (;;) {
      const next = await parts.next().catch(throwAsMalformed);
      if (next.done) break;
      const part = next.value;
      if (part.type === 'file') {
        if (!fileFields.includes(part.fieldname)) {
          part.file.resume();
          throw new AppError(
            'INVALID_MULTIPART',
            `Unexpected file part "${part.fieldname}"; expected ${fileFields.map((f) => `"${f}"`).join(' or ')}`,
          );
        }
        const staged = await ctx.storage.stage(malformedAsAppError(part.file), {
          maxBytes: ctx.config.limits.uploadBytes,
        });
        const name = part.filename || `document-${files.length + 1}.pdf`;
        files.push({ staged, title: name.replace(/\.pdf$/i, '') || name, identifier: name });
      } else if (part.fieldname === 'payload') {
        // A part sent as application/json arrives parsed by the plugin: bound it before re-encoding.
        if (typeof part.value !== 'string' && valueNestsDeeperThan(part.value)) throw jsonTooDeep();
        payloadText = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
      }
    }
  } catch (error) {
    await Promise.all(files.map((f) => f.staged.discard()));
    throw error;
  }
  if (payloadText === undefined) {
    await Promise.all(files.map((f) => f.staged.discard()));
    throw new AppError('INVALID_MULTIPART', 'The "payload" part (JSON) is missing', {
      issues: [{ message: 'payload: Required', path: ['payload'] }],
    });
  }
  if (jsonNestsDeeperThan(payloadText)) {
    await Promise.all(files.map((f) => f.staged.discard()));
    throw jsonTooDeep();
  }
  try {
    return { payload: JSON.parse(payloadText) as unknown, files };
  } catch {
    await Promise.all(files.map((f) => f.staged.discard()));
    throw new AppError('INVALID_JSON', 'The "payload" part is not valid JSON', {
      issues: [{ message: 'payload: not valid JSON', path: ['payload'] }],
    });
  }
}

/**
 * The parser's own failures (no boundary, a body that ends mid-part, garbage) are plain errors
 * with no code: they are the client's malformed body, a 400. Coded ones (the plugin's limits,
 * FST_*) keep their own mapping in the error handler. Only errors read from the request pass
 * through here, so a storage failure (ENOSPC) stays a 500.
 */
export function throwAsMalformed(error: unknown): never {
  if (error instanceof AppError || typeof (error as { code?: unknown }).code === 'string') throw error;
  throw new AppError(
    'INVALID_MULTIPART',
    'The request is not a valid multipart/form-data body (it ends early, or its boundary is missing or not found)',
  );
}

/** A file part's bytes, with the parser's errors (a part cut short) turned into INVALID_MULTIPART. */
export async function* malformedAsAppError(file: AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> {
  try {
    yield* file;
  } catch (error) {
    throwAsMalformed(error);
  }
}

/** Validates the parsed payload; issue paths start with `payload`. */
export async function parsePayload<S extends z.ZodType>(schema: S, body: MultipartBody): Promise<z.output<S>> {
  const nul = nulPath(body.payload, ['payload']);
  const result = nul ? null : schema.safeParse(body.payload);
  const dropped = result?.success ? droppedSecurityMembers(body.payload, result.data, ['payload']) : [];
  if (result?.success && dropped.length === 0) return result.data;
  await Promise.all(body.files.map((f) => f.staged.discard()));
  if (!result) throw nulRefusal(nul!);
  if (result.success) throw securityMemberRefusal(dropped);
  throw validationFailure(
    result.error.issues.map((i) => ({
      message: i.message,
      path: ['payload', ...i.path.map((p) => (typeof p === 'symbol' ? String(p) : p))],
      idOutOfRange: isIdOutOfRange(i),
      code: issueCodeOf(i as { params?: unknown }),
    })),
  );
}

/** Multipart bodies are parsed by the handler: the schema serves the OpenAPI document only. */
export const documentOnlyValidator = () => (data: unknown) => ({ value: data });

import type { IncomingMessage } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import FindMyWay from 'find-my-way';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  AppError,
  databaseUnavailable,
  ERROR_STATUS,
  storageFull,
  storageUnavailable,
  type ErrorCode,
  type ErrorIssue,
} from '../../errors.js';
import { transientDatabaseReason } from '../../domain/health/transient-errors.js';
import { invalidLink } from '../../domain/signing/signing-session.js';
import { BlobTooLargeError, isStorageFullError, isStorageUnavailableError } from '../../infra/storage/blob-store.js';
import { isIdOutOfRange } from '../../lib/record-id.js';
import { issueCodeOf } from '../../lib/issue-code.js';
import { validationFailure } from '../schemas/validation-failure.js';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** How much of a refused body is read and dropped before answering, at most, and for how long. */
const DRAIN_BYTES = 2 * 1024 * 1024;
const DRAIN_MS = 2000;

/** The spec's error body. */
export interface ErrorBody {
  message: string;
  code: ErrorCode;
  issues?: ErrorIssue[];
  requestId?: string;
  stage?: 'access' | 'action';
  pending?: string[];
}

export function sendError(reply: FastifyReply, error: AppError): FastifyReply {
  if (error.headers) void reply.headers(error.headers);
  // Refused before the whole body was read: close the connection rather than leave the rest of
  // the upload on a socket the client might reuse.
  if (error.code === 'PAYLOAD_TOO_LARGE' || error.code === 'UNSUPPORTED_MEDIA_TYPE')
    void reply.header('Connection', 'close');
  const body: ErrorBody = { message: error.message, code: error.code };
  if (error.issues?.length) body.issues = error.issues;
  if (error.verification) Object.assign(body, error.verification);
  return reply.status(ERROR_STATUS[error.code]).type('application/json; charset=utf-8').send(body);
}

/**
 * Errors Fastify raises before routing (a malformed URL, an over-long path parameter). Its default
 * answer quotes the path, which may hold a signing token; this one never does.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  // Under a signing path the bad part is where the token goes: a token of any shape that opens
  // nothing is the same 404 as a wrong one (real tokens are base64url, so this tells nothing).
  const appError =
    error.code !== 'FST_ERR_BAD_URL'
      ? new AppError('ROUTE_NOT_FOUND', 'No route matches this path')
      : SIGNING_PATH.test(request.url)
        ? invalidLink()
        : new AppError('VALIDATION_ERROR', 'The request URL is malformed');
  void sendError(reply, appError);
}

const SIGNING_PATH = /^\/(?:sign\/|api\/v2(?:-beta)?\/signing\/)/;

/** A route's params schema (Zod), as far as the not-found handler needs it. */
type ParamsSchema = { safeParse(value: unknown): { success: boolean } };

/**
 * Whether a path another method serves names something there: a parametric route counts only
 * when its parameters would be accepted, so `POST /document/get-many` is no "wrong method" for
 * `GET /document/{documentId}` (whose id is a number) but an unknown route, 404.
 */
function namesSomething(found: { params: Record<string, string | undefined>; store: unknown } | null): boolean {
  if (!found) return false;
  const schema = (found.store as { params?: ParamsSchema } | undefined)?.params;
  return !schema || schema.safeParse(found.params).success;
}

/**
 * Turns every failure into `{message, code, issues?}` with the status from the one code table:
 * AppErrors from the domain, schema validation, body parsing and size limits, unknown routes
 * (404) and known paths with a wrong method (405 + Allow), a database that is down or cannot write
 * (503 DATABASE_UNAVAILABLE + Retry-After, see db/transient-errors.ts), a blob store that is
 * unreachable (503 STORAGE_UNAVAILABLE) or a full disk (503 STORAGE_FULL). Anything else is a 500 whose body
 * carries only the request id; the detail goes to the log.
 */
export function registerErrorHandling(
  app: FastifyInstance,
  onStorageFailure: (kind: 'unavailable' | 'full') => void = () => undefined,
): void {
  const knownRoutes = FindMyWay();
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const params = (route.schema as { params?: ParamsSchema } | undefined)?.params;
    for (const method of methods) {
      if ((METHODS as readonly string[]).includes(method)) {
        try {
          knownRoutes.on(method as (typeof METHODS)[number], route.url, () => undefined, { params });
        } catch {
          // The same path registered twice under HEAD/GET variants: already known.
        }
      }
    }
  });

  app.setNotFoundHandler((request, reply) => {
    // The path is not echoed: it may hold a signing token.
    const path = request.url.split('?')[0] ?? '/';
    const allowed = METHODS.filter((m) => m !== request.method && namesSomething(knownRoutes.find(m, path)));
    if (allowed.length > 0) {
      const allow = allowed.includes('GET') ? [...allowed, 'HEAD'] : allowed;
      return sendError(
        reply,
        new AppError('METHOD_NOT_ALLOWED', `${request.method} is not allowed on this path`, {
          headers: { Allow: allow.join(', ') },
        }),
      );
    }
    return sendError(reply, new AppError('ROUTE_NOT_FOUND', `No route matches ${request.method} on this path`));
  });

  app.setErrorHandler((error: FastifyError | AppError | Error, request: FastifyRequest, reply: FastifyReply) => {
    const appError = toAppError(error);
    if (appError?.code === 'PAYLOAD_TOO_LARGE' || appError?.code === 'UNSUPPORTED_MEDIA_TYPE')
      return drainRefusedBody(request.raw).then(() => sendError(reply, appError));
    if (appError) return sendError(reply, appError);
    // Before the database rule, which counts SQLITE_FULL among its transient failures.
    if (isStorageFullError(error)) {
      request.log.warn({ code: (error as { code?: unknown }).code }, 'storage full; answered 503');
      onStorageFailure('full');
      return sendError(reply, storageFull());
    }
    if (isStorageUnavailableError(error)) {
      request.log.warn({ reason: (error as { reason?: unknown }).reason }, 'blob store unavailable; answered 503');
      onStorageFailure('unavailable');
      return sendError(reply, storageUnavailable());
    }
    const databaseReason = transientDatabaseReason(error);
    if (databaseReason) {
      // A code or a fixed name: a driver's message may name the host; the logger scrubs the rest anyway.
      request.log.warn({ reason: databaseReason }, 'database unavailable; answered 503');
      return sendError(reply, databaseUnavailable());
    }
    request.log.error({ err: error }, 'unhandled error');
    const body: ErrorBody = { message: 'Internal server error', code: 'INTERNAL_ERROR', requestId: request.id };
    return reply.status(500).type('application/json; charset=utf-8').send(body);
  });
}

/**
 * Reads and drops what is left of a body refused before it was read, up to DRAIN_BYTES or
 * DRAIN_MS, before the answer closes the connection. Closing a socket with unread data sends a
 * reset, and a client still writing its upload (fetch, in another process) then fails with EPIPE
 * or ECONNRESET instead of reading the 413; a body no more than DRAIN_BYTES over what was read is
 * thus answered cleanly. The bounds keep a client from holding the connection by sending forever;
 * past them it gets the reset, as before. Nothing read is kept.
 */
function drainRefusedBody(raw: IncomingMessage): Promise<void> {
  if (raw.complete || raw.destroyed || raw.readableEnded) return Promise.resolve();
  return new Promise((resolve) => {
    let seen = 0;
    const done = () => {
      clearTimeout(timer);
      raw.off('data', onData).off('end', done).off('close', done).off('error', done);
      raw.pause();
      resolve();
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > DRAIN_BYTES) done();
    };
    const timer = setTimeout(done, DRAIN_MS);
    raw.on('data', onData).once('end', done).once('close', done).once('error', done);
    raw.resume();
  });
}

function toAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  if (error instanceof BlobTooLargeError)
    return new AppError(
      'PAYLOAD_TOO_LARGE',
      `The file is larger than the ${Math.round(error.maxBytes / 1048576)} MB limit`,
    );
  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = (error as { validationContext?: string }).validationContext ?? 'body';
    return validationFailure(
      error.validation.map((v) => ({
        message: v.message ?? 'invalid',
        path: [
          context,
          ...v.instancePath
            .split('/')
            .filter(Boolean)
            .map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
        ],
        idOutOfRange: isIdOutOfRange(v.params as { params?: unknown }),
        code: issueCodeOf(v.params as { params?: unknown }),
      })),
    );
  }
  const e = error as FastifyError & { part?: unknown };
  switch (e.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('PAYLOAD_TOO_LARGE', 'The request body is larger than the configured limit');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Unsupported Content-Type for this operation');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('INVALID_JSON', 'The JSON body is empty');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new AppError('INVALID_JSON', 'The body is not valid JSON');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
    case 'FST_PROTO_VIOLATION':
      return new AppError('INVALID_MULTIPART', 'The request is not a valid multipart/form-data body');
    default:
      break;
  }
  if (error instanceof SyntaxError && (e.statusCode === 400 || /JSON/.test(error.message)))
    return new AppError('INVALID_JSON', 'The body is not valid JSON');
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    if (e.statusCode === 413)
      return new AppError('PAYLOAD_TOO_LARGE', 'The request body is larger than the configured limit');
    if (e.statusCode === 415)
      return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Unsupported Content-Type for this operation');
    if (e.statusCode === 404) return new AppError('NOT_FOUND', 'Not found');
    return new AppError('VALIDATION_ERROR', 'The request could not be processed as sent');
  }
  return null;
}

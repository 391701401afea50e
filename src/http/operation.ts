import multipart from '@fastify/multipart';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HTTPMethods,
  preHandlerAsyncHookHandler,
  preValidationAsyncHookHandler,
} from 'fastify';
import { z } from 'zod';
import type { Ctx } from '../domain/context.js';
import { acceptRawPdf } from './plugins/capability-urls.js';
import { documentOnlyValidator } from './plugins/multipart.js';
import { errorResponses } from './schemas/common.schema.js';

/**
 * An HTTP operation as one value: what the route is (method, url, the schemas that validate it,
 * the errors it answers), who may call it, and the handler. Every API is a list of these values;
 * `registerOperations` turns a list into Fastify routes, and the OpenAPI documents are generated
 * from the same schemas. Adding an endpoint is adding a value to a list, never wiring a route.
 */
export type Operation = DocumentedOperation | HiddenRoute;

type Schema = z.ZodType | undefined;
type Out<S> = S extends z.ZodType ? z.output<S> : unknown;

/** The request a handler sees: parameters, query, headers and body already validated and typed. */
export type OperationRequest<P extends Schema, Q extends Schema, H extends Schema, B extends Schema> = FastifyRequest<{
  Params: Out<P>;
  Querystring: Out<Q>;
  Headers: Out<H>;
  Body: Out<B>;
}>;

/** The JSON answer of a 200 (checked against the response schema), or the reply when the handler sent it. */
type Answer<R> = R extends z.ZodType ? z.input<R> | FastifyReply : FastifyReply;

/** Hooks a family needs that depend on the running service (e.g. resolving a signing token first). */
export interface OperationHooks {
  preValidation?: preValidationAsyncHookHandler;
  preHandler?: preHandlerAsyncHookHandler;
}

/** A PDF answer: streamed by `sendPdf`, documented as `application/pdf` with this description. */
export interface PdfAnswer {
  kind: 'pdf';
  description: string;
}
export const pdfAnswer = (description = 'The PDF'): PdfAnswer => ({ kind: 'pdf', description });

/** A PNG answer (a drawn signature's image), sent by the handler, documented as `image/png`. */
export interface PngAnswer {
  kind: 'png';
  description: string;
}
export const pngAnswer = (description = 'The PNG'): PngAnswer => ({ kind: 'png', description });
type FileAnswer = PdfAnswer | PngAnswer;

interface OperationSpec<P extends Schema, Q extends Schema, H extends Schema, B extends Schema, R> {
  method: Extract<HTTPMethods, 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'>;
  url: string;
  operationId: string;
  summary: string;
  description?: string;
  tags: readonly string[];
  /** The URL or the path's token is the credential: no API token, and `security: []` in the document. */
  public?: boolean;
  /**
   * The handler checks the credential itself (an API token, or another one the request names): no
   * API token is asked for first, yet the document keeps the API token's security.
   */
  authenticatesItself?: boolean;
  /** Which tokens may call it when narrower than a full token (see plugins/authenticate.ts). */
  scope?: 'read';
  /** Replays under an Idempotency-Key (see plugins/idempotency.ts). */
  idempotent?: 'json' | 'multipart';
  /** The body is a multipart upload (parsed by the handler) or a raw PDF stream. */
  upload?: 'multipart' | 'raw-pdf';
  params?: P;
  query?: Q;
  headers?: H;
  body?: B;
  /** The success answer: a Zod schema, `pdfAnswer()` or `pngAnswer()`. */
  response: R;
  /** The success status when not 200 (202 for work accepted and done later; 302 for a browser sent on). */
  status?: 202 | 302;
  /** Statuses beyond those every operation may answer (400, 401, 403, 429, 500). */
  errors?: readonly number[];
  hooks?: (ctx: Ctx) => OperationHooks;
  handle: (ctx: Ctx, request: OperationRequest<P, Q, H, B>, reply: FastifyReply) => Answer<R> | Promise<Answer<R>>;
}

interface DocumentedOperation {
  kind: 'operation';
  spec: OperationSpec<Schema, Schema, Schema, Schema, z.ZodType | FileAnswer>;
}

/** A route outside the OpenAPI documents: pages, their assets, health, the documents themselves. */
interface HiddenRoute {
  kind: 'hidden';
  method: 'GET' | 'POST';
  url: string;
  handle: (ctx: Ctx, request: FastifyRequest, reply: FastifyReply) => unknown;
}

export function defineOperation<
  P extends Schema = undefined,
  Q extends Schema = undefined,
  H extends Schema = undefined,
  B extends Schema = undefined,
  R extends z.ZodType | FileAnswer = z.ZodType,
>(spec: OperationSpec<P, Q, H, B, R>): Operation {
  return { kind: 'operation', spec: spec as unknown as DocumentedOperation['spec'] };
}

export function defineHiddenRoute(route: Omit<HiddenRoute, 'kind'>): Operation {
  return { kind: 'hidden', ...route };
}

/**
 * Registers a list of operations on a scope: uploads inside scopes of their own (the multipart
 * parser, and the hooks that plugin adds to every request, only where files are uploaded; the
 * raw-PDF parser only for upload URLs), then the rest, each in list order.
 */
export async function registerOperations(app: FastifyInstance, ctx: Ctx, operations: readonly Operation[]) {
  const uploadOf = (op: Operation) => (op.kind === 'operation' ? op.spec.upload : undefined);
  const multipartOps = operations.filter((op) => uploadOf(op) === 'multipart');
  const rawPdfOps = operations.filter((op) => uploadOf(op) === 'raw-pdf');
  if (multipartOps.length > 0) {
    await app.register(async (uploads) => {
      await uploads.register(multipart, {
        limits: {
          fileSize: ctx.config.limits.uploadBytes + 1,
          files: ctx.config.limits.itemsPerEnvelope,
          fields: 20,
          fieldSize: ctx.config.limits.jsonBodyBytes,
        },
      });
      for (const op of multipartOps) registerOne(uploads, ctx, op);
    });
  }
  if (rawPdfOps.length > 0) {
    await app.register((rawPdf, _options, done) => {
      acceptRawPdf(rawPdf);
      for (const op of rawPdfOps) registerOne(rawPdf, ctx, op);
      done();
    });
  }
  for (const op of operations) if (!uploadOf(op)) registerOne(app, ctx, op);
}

function registerOne(app: FastifyInstance, ctx: Ctx, op: Operation): void {
  if (op.kind === 'hidden') {
    app.route({
      method: op.method,
      url: op.url,
      schema: { hide: true },
      handler: (request, reply) => op.handle(ctx, request, reply),
    });
    return;
  }
  const { spec } = op;
  const config = {
    ...(spec.public || spec.authenticatesItself ? { public: true } : {}),
    ...(spec.scope ? { scope: spec.scope } : {}),
    ...(spec.idempotent ? { idempotent: spec.idempotent } : {}),
  };
  const answer =
    spec.response instanceof z.ZodType
      ? spec.response
      : {
          description: spec.response.description,
          content: {
            [spec.response.kind === 'png' ? 'image/png' : 'application/pdf']: {
              schema: z.string().meta({ format: 'binary' }),
            },
          },
        };
  const response = { [spec.status ?? 200]: answer, ...errorResponses(...(spec.errors ?? [])) };
  app.route({
    method: spec.method,
    url: spec.url,
    ...(Object.keys(config).length > 0 ? { config } : {}),
    ...(spec.upload === 'multipart' ? { validatorCompiler: documentOnlyValidator } : {}),
    ...spec.hooks?.(ctx),
    schema: {
      operationId: spec.operationId,
      summary: spec.summary,
      ...(spec.description ? { description: spec.description } : {}),
      tags: [...spec.tags],
      ...(spec.upload === 'multipart' ? { consumes: ['multipart/form-data'] } : {}),
      ...(spec.public ? { security: [] } : {}),
      ...(spec.params ? { params: spec.params } : {}),
      ...(spec.query ? { querystring: spec.query } : {}),
      ...(spec.headers ? { headers: spec.headers } : {}),
      ...(spec.body ? { body: spec.body } : {}),
      response,
    },
    handler: (request, reply) => spec.handle(ctx, request as never, reply),
  });
}

/**
 * Registers a list with every operation at its place, an upload in a scope of its own where it
 * stands (not first, as registerOperations puts them): v1's document lists its upload URL second,
 * after the creation that answers it, and stays as it was.
 */
export async function registerOperationsInPlace(app: FastifyInstance, ctx: Ctx, operations: readonly Operation[]) {
  for (const op of operations) await registerOperations(app, ctx, [op]);
}

import pino, { type Logger, type LoggerOptions } from 'pino';
import { formatLogLine } from './log-format.js';

/**
 * Private data must never reach a log line: API tokens, recipient tokens, signing URLs,
 * upload/download capabilities, webhook secrets. Three layers: header and key redaction by
 * path, URL rewriting for routes that carry a capability in the path or query, and a scrub of
 * token-shaped substrings in messages.
 */
const CAPABILITY_PATHS = [
  /(\/sign\/)[^/?#]+/g,
  /(\/signing\/)[^/?#]+/g,
  /(\/d\/)[^/?#]+/g,
  // Documenso's embed paths: a template's direct-link token (`/embed/sign/` is caught by `/sign/`).
  /(\/embed\/direct\/)[^/?#]+/g,
  /(\/api\/v(?:2|2-beta)\/direct\/)[^/?#]+/g,
  /(\/api\/v(?:1|2|2-beta)\/(?:uploads|downloads)\/)[^/?#]+/g,
  // Accounts' one-time links: their pages (`/setup/…`) and the app API's routes (`/api/app/setup/…`).
  /(\/(?:setup|invitations?|verify-email|reset-password)\/)[^/?#]+/g,
];
// `code` and `state`: an OAuth2 callback's (remote signing) authorisation code and sealed state.
const SECRET_QUERY = /([?&](?:token|secret|signature|sig|key|code|state)=)[^&#]*/gi;
const API_TOKEN = /api_[A-Za-z0-9_-]{6,}/g;
const PRESIGN_TOKEN = /presign_[A-Za-z0-9_-]{6,}/g;
/** A signing caller's verification grant (domain/signing/verification-grant.ts), header or cookie. */
const VERIFICATION_GRANT = /fv1\.[A-Za-z0-9_.-]{6,}/g;

/** Route parameters that are credentials: a matched route's pattern is logged instead of its values. */
const CAPABILITY_PARAM = /:(token|link)\b/;

/** Percent-decoded, so `/api/v2/%73igning/…` is seen as the `/signing/` route Fastify serves it as. */
function decoded(url: string): string {
  try {
    return decodeURIComponent(url);
  } catch {
    return url;
  }
}

export function redactUrl(url: string): string {
  let out = decoded(url);
  for (const pattern of CAPABILITY_PATHS) out = out.replace(pattern, '$1[redacted]');
  return out
    .replace(SECRET_QUERY, '$1[redacted]')
    .replace(API_TOKEN, 'api_[redacted]')
    .replace(PRESIGN_TOKEN, 'presign_[redacted]')
    .replace(VERIFICATION_GRANT, 'fv1.[redacted]');
}

export function scrubText(text: string): string {
  return redactUrl(text);
}

const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-service-secret"]',
  'req.headers["x-documenso-secret"]',
  'res.headers["set-cookie"]',
  'req.headers["x-firma-verification"]',
  'verificationToken',
  '*.verificationToken',
  'authorization',
  'token',
  'secret',
  'signingUrl',
  'uploadUrl',
  'downloadUrl',
  '*.authorization',
  '*.token',
  '*.secret',
  '*.signingUrl',
  '*.uploadUrl',
  '*.downloadUrl',
];

/**
 * Keys whose values are credentials or carry them, at any depth of a logged object: the
 * Authorization and Cookie headers, webhook secrets, tokens, passwords, signing and transfer URLs,
 * and any `x-…` header named like a secret.
 */
const SECRET_KEY =
  /^(?:authorization|proxy-authorization|cookie|set-cookie|signingurl|uploadurl|downloadurl)$|(?:token|secret|password|passphrase)$|^x-.*(?:secret|token|key|signature|auth)/i;
/** Header bags are never logged, whatever holds them (a request, a reply, an SDK's error). */
const HEADER_KEY = /^(?:headers|rawheaders|_header|trailers)$/i;
const MAX_DEPTH = 6;
const MAX_KEYS = 50;

/**
 * A copy of a logged value that is safe to write: credential-named keys and header bags
 * redacted at any depth, token-shaped substrings scrubbed, live objects (sockets, streams,
 * requests) reduced to their class name, and bounded in depth, width and cycles, so an error that
 * drags a request along cannot put its headers (or 17 KB of it) in a line.
 */
export function sanitizeLogValue(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (typeof value !== 'object' || value === null) return value;
  if (value instanceof Date) return value;
  if (Buffer.isBuffer(value) || ArrayBuffer.isView(value))
    return `[${value.constructor.name} ${value.byteLength} bytes]`;
  if (seen.has(value)) return '[circular]';
  if (depth >= MAX_DEPTH) return '[…]';
  const proto = Object.getPrototypeOf(value) as object | null;
  const isPlain = proto === Object.prototype || proto === null || Array.isArray(value) || value instanceof Error;
  if (!isPlain) return `[${value.constructor?.name ?? 'object'}]`;
  seen.add(value);
  if (Array.isArray(value)) return value.slice(0, MAX_KEYS).map((v) => sanitizeLogValue(v, depth + 1, seen));
  const out: Record<string, unknown> = {};
  let count = 0;
  for (const key of Object.keys(value)) {
    if (count++ >= MAX_KEYS) break;
    const inner = (value as Record<string, unknown>)[key];
    out[key] = SECRET_KEY.test(key) || HEADER_KEY.test(key) ? '[redacted]' : sanitizeLogValue(inner, depth + 1, seen);
  }
  if (value instanceof Error) {
    out.type ??= value.constructor.name;
    out.message = scrubText(value.message);
    if (value.stack) out.stack = scrubText(value.stack);
  }
  return out;
}

/** pino's error serializer (type, message, stack, cause, own properties), then sanitized. */
function serializeError(error: unknown): unknown {
  if (!(error instanceof Error)) return sanitizeLogValue(error);
  // Its result has a prototype of pino's own: copied to a plain object to be walked.
  return sanitizeLogValue({ ...pino.stdSerializers.err(error) });
}

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    formatters: {
      // Every key but those with a serializer of their own, whose output is already safe.
      log(object) {
        const out: Record<string, unknown> = {};
        for (const key of Object.keys(object))
          out[key] = SERIALIZED_KEYS.has(key) ? object[key] : sanitizeLogValue(object[key], 1);
        return out;
      },
    },
    serializers: {
      req(req: {
        method?: string;
        url?: string;
        id?: string;
        ip?: string;
        headers?: Record<string, unknown>;
        routeOptions?: { url?: string };
      }) {
        // By the route Fastify matched, whatever the spelling of the path: a route carrying a
        // credential is logged as its pattern; anything else with capabilities rewritten.
        const route = req.routeOptions?.url;
        const userAgent = req.headers?.['user-agent'];
        return {
          method: req.method,
          url: route && CAPABILITY_PARAM.test(route) ? route : req.url ? redactUrl(req.url) : undefined,
          reqId: req.id,
          remoteAddress: req.ip,
          userAgent: typeof userAgent === 'string' ? scrubText(userAgent) : undefined,
        };
      },
      // Fastify logs its reply (which holds the request, headers and all) as `res`: the status only.
      res(res: { statusCode?: unknown }) {
        return { statusCode: typeof res?.statusCode === 'number' ? res.statusCode : undefined };
      },
      err: serializeError,
    },
    hooks: {
      logMethod(args, method) {
        const scrubbed = args.map((a: unknown) => (typeof a === 'string' ? scrubText(a) : a)) as Parameters<
          typeof method
        >;
        method.apply(this, scrubbed);
      },
    },
  };
}

const SERIALIZED_KEYS = new Set(['req', 'res', 'err']);

export type LogFormat = 'auto' | 'json' | 'pretty';

/** `auto`: human-readable when the output is a terminal (someone reads it), JSON lines otherwise. */
export function resolveLogFormat(format: LogFormat, output: { isTTY?: boolean }): 'json' | 'pretty' {
  return format === 'auto' ? (output.isTTY === true ? 'pretty' : 'json') : format;
}

/**
 * The process's logger, to `destination` (stdout by default). In the pretty format the redacted
 * JSON line pino produced is rewritten by `formatLogLine`, so redaction is the same in both.
 */
export function createLogger(level: string, destination?: pino.DestinationStream, format: LogFormat = 'json'): Logger {
  const output = destination ?? process.stdout;
  if (resolveLogFormat(format, output as { isTTY?: boolean }) === 'pretty') {
    const colour = (output as { isTTY?: boolean }).isTTY === true;
    return pino(loggerOptions(level), { write: (line: string) => void output.write(formatLogLine(line, colour)) });
  }
  return destination ? pino(loggerOptions(level), destination) : pino(loggerOptions(level));
}

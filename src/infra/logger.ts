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
  /(\/api\/v(?:2|2-beta)\/direct\/)[^/?#]+/g,
  /(\/api\/v(?:1|2|2-beta)\/(?:uploads|downloads)\/)[^/?#]+/g,
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

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
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
        return {
          method: req.method,
          url: route && CAPABILITY_PARAM.test(route) ? route : req.url ? redactUrl(req.url) : undefined,
          reqId: req.id,
          remoteAddress: req.ip,
          userAgent: req.headers?.['user-agent'],
        };
      },
      err: pino.stdSerializers.err,
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

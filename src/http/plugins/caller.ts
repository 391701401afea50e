import type { FastifyRequest } from 'fastify';
import type { ApiCaller } from '../../domain/auth/principal.js';
import { principalOf } from './authenticate.js';

/** The principal plus the request facts the audit trail records. */
export function callerOf(request: FastifyRequest): ApiCaller {
  return { principal: principalOf(request), request: requestMeta(request) };
}

export function requestMeta(request: FastifyRequest): { ip: string | null; userAgent: string | null } {
  const ua = request.headers['user-agent'];
  return { ip: request.ip || null, userAgent: typeof ua === 'string' ? ua.slice(0, 512) : null };
}

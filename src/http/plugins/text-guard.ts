import { EventEmitter } from 'node:events';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.js';

/**
 * NUL characters are refused in every path parameter, query value and JSON member, before any
 * use case runs: PostgreSQL cannot store them in text (a statement would fail with a 500 deep in a
 * transaction), SQLite would store them, and no legitimate title, name or id contains one. One
 * rule at the edge keeps both databases answering the same 400.
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    // Only parsed JSON is walked: an upload's body is a stream or bytes, where NULs are data.
    const json = /\bjson\b/i.test(request.headers['content-type'] ?? '');
    const at =
      nulPath(withoutCapabilities(request.params), ['params']) ??
      nulPath(request.query, ['query']) ??
      (json ? nulPath(request.body, ['body']) : null);
    done(at ? nulRefusal(at) : undefined);
  });
}

/**
 * Signing tokens and download links are only ever hashed and compared, never stored: whatever
 * their shape, a wrong one is the same 404 as any other, which their routes answer.
 */
function withoutCapabilities(params: unknown): unknown {
  if (!params || typeof params !== 'object' || !('token' in params || 'link' in params)) return params;
  const { token: _token, link: _link, ...rest } = params as Record<string, unknown>;
  return rest;
}

export function nulRefusal(path: (string | number)[]): AppError {
  return new AppError('VALIDATION_ERROR', 'Input validation failed', {
    issues: [{ message: `${path.join('.')}: must not contain NUL characters`, path }],
  });
}

/**
 * The path of the first string (value or key) holding U+0000, or null. Iterative, so depth cannot
 * overflow the stack, and linear: each node keeps a link to its parent instead of a copy of its
 * path (copies cost the square of the depth), and the path is spelled out only for a hit.
 */
export function nulPath(value: unknown, root: (string | number)[]): (string | number)[] | null {
  const stack: PathNode[] = [{ value, key: null, parent: null }];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const current = node.value;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return pathOf(node, root);
    } else if (Array.isArray(current)) {
      for (let i = 0; i < current.length; i++) stack.push({ value: current[i], key: i, parent: node });
    } else if (isPlainObject(current)) {
      for (const [key, item] of Object.entries(current)) {
        if (key.includes('\u0000')) return pathOf({ value: item, key, parent: node }, root);
        stack.push({ value: item, key, parent: node });
      }
    }
  }
  return null;
}

interface PathNode {
  value: unknown;
  key: string | number | null;
  parent: PathNode | null;
}

function pathOf(node: PathNode, root: (string | number)[]): (string | number)[] {
  const keys: (string | number)[] = [];
  for (let at: PathNode | null = node; at && at.key !== null; at = at.parent) keys.push(at.key);
  return [...root, ...keys.reverse()];
}

/** Parsed values (JSON, query, route params); never a stream, an emitter or bytes, where NULs are data. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !ArrayBuffer.isView(value) && !(value instanceof EventEmitter);
}

import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import { AppError } from '../../errors.js';

/** A member name that speaks of verification or credentials. */
const SECURITY_NAME = /auth|password|secret|token/i;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The paths of members whose name speaks of auth, passwords, secrets or tokens that the schema
 * did not keep: Zod drops unknown members, and a dropped `authOptions` once meant a recipient
 * stored with no verification and no error. `input` is the body as sent, `output` as parsed;
 * a member absent from the parsed object was unknown, and so is everything under it. Iterative,
 * one visit per value, so its cost is linear in the body whatever its depth.
 */
export function droppedSecurityMembers(
  input: unknown,
  output: unknown,
  root: (string | number)[],
): (string | number)[][] {
  const found: (string | number)[][] = [];
  const stack: { input: unknown; output: unknown; path: (string | number)[] }[] = [{ input, output, path: root }];
  while (stack.length > 0) {
    const at = stack.pop()!;
    if (Array.isArray(at.input)) {
      const kept = Array.isArray(at.output) && at.output.length === at.input.length ? at.output : undefined;
      at.input.forEach((v, i) => stack.push({ input: v, output: kept?.[i], path: [...at.path, i] }));
    } else if (isObject(at.input)) {
      const kept = isObject(at.output) ? at.output : undefined;
      for (const [key, value] of Object.entries(at.input)) {
        const known = kept !== undefined && Object.hasOwn(kept, key);
        if (!known && SECURITY_NAME.test(key)) found.push([...at.path, key]);
        stack.push({ input: value, output: known ? kept[key] : undefined, path: [...at.path, key] });
      }
    }
  }
  return found;
}

/** The refusal of such members, naming each. */
export function securityMemberRefusal(paths: (string | number)[][]): AppError {
  const names = paths.map((p) => p.join('.'));
  return new AppError(
    'UNKNOWN_SECURITY_MEMBER',
    `Unknown member${names.length > 1 ? 's' : ''} ${names.join(', ')}: Firma does not know ${names.length > 1 ? 'them' : 'it'}, and a verification or credential member is never ignored`,
    { issues: names.map((name, i) => ({ message: `${name}: unknown member`, path: paths[i]! })) },
  );
}

/**
 * Wraps the Zod validator compiler: a body that passed its schema is refused when the schema
 * dropped a security-named member of it (see droppedSecurityMembers).
 */
export function refusingDroppedSecurityMembers<S>(compiler: FastifySchemaCompiler<S>): FastifySchemaCompiler<S> {
  return (route) => {
    const validate = compiler(route);
    if (route.httpPart !== 'body') return validate;
    return (data: unknown) => {
      const result = (
        validate as (data: unknown) => { value?: unknown; error?: Error | FastifySchemaValidationError[] }
      )(data);
      if (result.error || !('value' in result)) return result;
      const dropped = droppedSecurityMembers(data, result.value, ['body']);
      return dropped.length > 0 ? { error: securityMemberRefusal(dropped) } : result;
    };
  };
}

import { AppError, type ErrorCode, type ErrorIssue } from '../../errors.js';

/**
 * Collects every problem of a request before refusing it, so a client fixes them all in one go.
 * The error's code is the first problem's; `issues` lists each with its path.
 */
export class IssueCollector {
  private readonly issues: (ErrorIssue & { code: ErrorCode })[] = [];

  add(code: ErrorCode, path: (string | number)[], message: string): void {
    this.issues.push({ code, path, message: `${path.join('.')}: ${message}` });
  }

  get size(): number {
    return this.issues.length;
  }

  /** The problems so far, each with its code, path and message. */
  list(): readonly (ErrorIssue & { code: ErrorCode })[] {
    return this.issues;
  }

  throwIfAny(summary: string): void {
    const first = this.issues[0];
    if (!first) return;
    throw new AppError(first.code, summary, {
      issues: this.issues.map(({ message, path }) => (path ? { message, path } : { message })),
    });
  }
}

/**
 * Where entry `index` of a batch sits in the request, for issue paths: `['data', index]` on the
 * envelope routes, `['recipients', index]` or `['field']` on the document routes, so a refusal
 * names the member the client actually sent.
 */
export type EntryPath = (index: number) => (string | number)[];
export const dataEntries: EntryPath = (index) => ['data', index];

import type { Environment, TokenScope } from '../../db/schema.js';

/** An API token as the settings page lists it: what it is and may do, never the token itself. */
export interface TeamTokenView {
  id: string;
  name: string;
  /** The first characters after `api_`, to tell tokens apart (not enough to use one). */
  hint: string;
  environment: Environment;
  scope: TokenScope;
  createdAt: string;
  expiresAt: string | null;
  revokedAt: string | null;
  /** To the hour: recorded at most once an hour (auth/record-token-use.ts). */
  lastUsedAt: string | null;
}

export function teamTokenView(row: {
  id: string;
  name: string;
  tokenHint: string;
  environment: Environment;
  scope: TokenScope;
  createdAt: string;
  expiresAt: string | null;
  revokedAt: string | null;
  lastUsedAt: string | null;
}): TeamTokenView {
  return {
    id: row.id,
    name: row.name,
    hint: row.tokenHint,
    environment: row.environment,
    scope: row.scope,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    revokedAt: row.revokedAt,
    lastUsedAt: row.lastUsedAt,
  };
}

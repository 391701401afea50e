import type { AuditActor } from '../audit/audit-actor.js';
import type { Environment, MemberRole, TokenScope } from '../../db/schema.js';

/** What a token may do (`read`: GET only); re-exported for the HTTP layer's route options. */
export type { TokenScope };

/** The one envelope a scoped presign token may reach, by both of its public ids. */
export interface PresignTarget {
  publicId: string;
  documentId: number;
}

/** Who is calling the API: a platform, through one of its tokens. */
export interface Principal {
  platformId: number;
  platformName: string;
  /** The API token's id; for a presign token, the id of the API token that issued it. */
  tokenId: string;
  scope: TokenScope;
  environment: Environment;
  /** Set when the call came with a presign token; `target` null: not limited to one envelope. */
  presign?: { target: PresignTarget | null } | undefined;
  /**
   * Set when a signed-in member acts through the web app (app-member.ts): what they make is theirs
   * (the envelope's owner), the audit names them, and they see only what visibility allows.
   */
  member?: AppMember | undefined;
}

/** A platform member acting in the web app: who, and their role on the platform. */
export interface AppMember {
  userId: string;
  email: string;
  name: string;
  role: MemberRole;
}

export function hasScope(principal: Principal, needed: TokenScope): boolean {
  return needed === 'read' || principal.scope === 'full';
}

/** An API call: who, and from where (for the audit trail). */
export interface ApiCaller {
  principal: Principal;
  request: { ip: string | null; userAgent: string | null };
}

/** Who the audit names: the member when one acts in the app, else the API token. */
export function apiActor(caller: ApiCaller): AuditActor {
  const { member, platformName, tokenId } = caller.principal;
  if (member) return { kind: 'user', userId: member.userId, name: member.name, email: member.email, platformName };
  return { kind: 'api', tokenId, platformName };
}

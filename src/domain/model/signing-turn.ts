import type { RecipientRole, SigningStatus } from '../../lib/vocabulary/recipients.js';

export interface TurnRecipient {
  id: number;
  role: RecipientRole;
  signingOrder: number | null;
  signingStatus: SigningStatus;
}

/** CC recipients only receive the result: they never act and never block. */
export const mustAct = (r: Pick<TurnRecipient, 'role'>): boolean => r.role !== 'CC';

/**
 * Whose turn it is. PARALLEL: everyone who still has to act. SEQUENTIAL: the group with the
 * lowest signingOrder among those still to act; equal numbers form a group that acts in
 * parallel. Recipients without a number come after the numbered ones, one at a time in the
 * order they were added, so a SEQUENTIAL envelope stays sequential when orders are omitted.
 */
export function currentTurn(recipients: TurnRecipient[], signingOrder: 'PARALLEL' | 'SEQUENTIAL'): Set<number> {
  const waiting = recipients.filter((r) => mustAct(r) && r.signingStatus === 'NOT_SIGNED');
  if (signingOrder === 'PARALLEL' || waiting.length === 0) return new Set(waiting.map((r) => r.id));
  const numbered = waiting.filter((r) => r.signingOrder !== null);
  if (numbered.length > 0) {
    const lowest = Math.min(...numbered.map((r) => r.signingOrder!));
    return new Set(numbered.filter((r) => r.signingOrder === lowest).map((r) => r.id));
  }
  const first = waiting.reduce((a, b) => (b.id < a.id ? b : a));
  return new Set([first.id]);
}

/** Every recipient who must act has completed. */
export function allActed(recipients: TurnRecipient[]): boolean {
  return recipients.filter(mustAct).every((r) => r.signingStatus === 'SIGNED');
}

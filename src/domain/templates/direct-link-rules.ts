import type { DirectLinkRow } from '../../db/repositories/direct-link.repo.js';
import type { EnvelopeGraph, RecipientRow } from '../../db/repositories/envelope.repo.js';
import { AppError, notFound } from '../../errors.js';
import type { IssueCollector } from '../envelopes/validation-issues.js';
import { currentTurn, mustAct } from '../model/signing-turn.js';
import { nationalIdRule, satisfiesIdentityRule, type IdentityRuleName } from '../recipients/identity-rule.js';
import { provesSigning } from '../../lib/vocabulary/field-types.js';

/**
 * The template recipient a visitor becomes. Named: it must be one of the template's recipients
 * and act (a CC would sign nothing). Omitted: the first SIGNER in signing order. Documenso instead
 * adds a placeholder recipient with no fields, which Firma could not distribute (every SIGNER
 * needs a signature field), so it takes the template's own signer.
 * @throws TEMPLATE_RECIPIENT_NOT_FOUND, DIRECT_LINK_RECIPIENT_INVALID
 */
export function pickDirectRecipient(graph: EnvelopeGraph, directRecipientId: number | undefined): RecipientRow {
  if (directRecipientId !== undefined) {
    const named = graph.recipients.find((r) => r.id === directRecipientId);
    if (!named)
      throw new AppError(
        'TEMPLATE_RECIPIENT_NOT_FOUND',
        `recipient ${directRecipientId} is not a recipient of this template`,
        {
          issues: [{ path: ['directRecipientId'], message: 'directRecipientId: not a recipient of this template' }],
        },
      );
    if (!mustAct(named))
      throw new AppError(
        'DIRECT_LINK_RECIPIENT_INVALID',
        'A direct link’s visitor must act: name a SIGNER, APPROVER or VIEWER',
        {
          issues: [
            { path: ['directRecipientId'], message: `directRecipientId: recipient ${named.id} is a ${named.role}` },
          ],
        },
      );
    return named;
  }
  const signers = graph.recipients
    .filter((r) => r.role === 'SIGNER')
    .sort((a, b) => (a.signingOrder ?? Infinity) - (b.signingOrder ?? Infinity) || a.id - b.id);
  const first = signers[0];
  if (!first)
    throw new AppError(
      'DIRECT_LINK_RECIPIENT_INVALID',
      'The template has no SIGNER for the visitor to become: add one, or name a recipient in directRecipientId',
    );
  return first;
}

/**
 * What the document made through the link needs beyond the visitor: every other recipient a real
 * e-mail (the link makes and sends the document at once, with nobody to fill placeholders in) and
 * every other signer a valid ID under the platform's identity rule (none under NONE); the visitor's role, if a SIGNER, a signature field, and their
 * turn at once (the first group of a SEQUENTIAL template). Checked
 * when the link is made (with the details, for the owner) and again when it is used (the template
 * may have changed since), where the visitor learns only that the link cannot be used.
 */
export function collectDirectLinkGaps(
  graph: EnvelopeGraph,
  direct: RecipientRow,
  identityRule: IdentityRuleName,
  issues: IssueCollector,
): void {
  // The visitor signs as they arrive: in a SEQUENTIAL template they must be in the first group.
  const { signingOrder } = graph.envelope.meta;
  if (!currentTurn(graph.recipients, signingOrder).has(direct.id))
    issues.add(
      'DIRECT_LINK_TEMPLATE_INCOMPLETE',
      ['recipients', graph.recipients.indexOf(direct), 'signingOrder'],
      `the visitor's recipient ${direct.id} must be among the first to sign of this SEQUENTIAL template`,
    );
  for (const [index, r] of graph.recipients.entries()) {
    const path = ['recipients', index];
    if (r.id === direct.id) {
      const signs = graph.fields.some((f) => f.recipientId === r.id && provesSigning(f.type));
      if (r.role === 'SIGNER' && !signs)
        issues.add('DIRECT_LINK_TEMPLATE_INCOMPLETE', path, `the visitor's recipient ${r.id} has no signature field`);
      continue;
    }
    if (r.email === '')
      issues.add(
        'DIRECT_LINK_TEMPLATE_INCOMPLETE',
        [...path, 'email'],
        `recipient ${r.id} (${r.name || r.role}) has no e-mail`,
      );
    if (r.role === 'SIGNER' && !satisfiesIdentityRule(identityRule, r.cuil))
      issues.add(
        'DIRECT_LINK_TEMPLATE_INCOMPLETE',
        [...path, 'cuil'],
        `signer ${r.id} (${r.name || r.email}) has no valid ${nationalIdRule(identityRule)?.label ?? 'ID'}`,
      );
  }
}

/**
 * The link found by its token is still this template's and enabled, read under the template's lock.
 * @throws NOT_FOUND (deleted, or replaced by another link), DIRECT_LINK_DISABLED
 */
export function assertDirectLinkUsable(link: DirectLinkRow | null | undefined, linkId: string): void {
  if (!link || link.id !== linkId) throw notFound('Direct link');
  if (link.enabled !== 1) throw disabledLink();
}

export const disabledLink = () =>
  new AppError('DIRECT_LINK_DISABLED', 'This direct link is turned off: ask the sender for another way to sign');

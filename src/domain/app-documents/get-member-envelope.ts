import { listAuditEvents } from '../../db/repositories/audit.repo.js';
import { findUserById } from '../../db/repositories/user-account.repo.js';
import type { EnvelopeType } from '../../db/schema.js';
import { LANGUAGES, type Language } from '../../lib/vocabulary/languages.js';
import type { ApiCaller } from '../auth/principal.js';
import { wordedTimeline } from '../completion/build-evidence.js';
import type { Ctx } from '../context.js';
import { findVisibleEnvelope } from './visible-envelope.js';
import { memberEnvelopeView, publicationOf } from './member-envelope-view.js';

const isLanguage = (l: string): l is Language => (LANGUAGES as readonly string[]).includes(l);

/**
 * A document or template as the web app's page shows it: its recipients with their status and
 * times, its files, how many fields it has, and its audit trail in words in the member's language
 * (the certificate's wording): the language the page shows (`asked`), else the account's. Hidden
 * by visibility, another platform's or unknown: NOT_FOUND.
 * @throws NOT_FOUND
 */
export async function getMemberEnvelope(
  ctx: Ctx,
  caller: ApiCaller,
  publicId: string,
  type: EnvelopeType,
  asked?: Language,
) {
  const graph = await findVisibleEnvelope(ctx, caller, publicId, type);
  const e = graph.envelope;
  const [audit, account] = await Promise.all([
    listAuditEvents(ctx.db, e.id),
    caller.principal.member ? findUserById(ctx.db, caller.principal.member.userId) : undefined,
  ]);
  const language = asked ?? (account && isLanguage(account.language) ? account.language : 'en');
  return {
    ...memberEnvelopeView(e, graph.recipients, graph.owner),
    source: e.source,
    language,
    fieldCount: graph.fields.length,
    items: graph.items.map((i) => ({
      id: i.id,
      title: i.title,
      pageCount: i.pageCount,
      sealed: i.finalSha256 !== null,
    })),
    certificateAvailable: e.certificateSha256 !== null,
    publication: e.type === 'TEMPLATE' ? publicationOf(e) : null,
    timeline: wordedTimeline(audit, language, graph.recipients).map((event) => ({
      at: event.at.toISOString(),
      type: event.type,
      actor: event.actor,
      sentence: event.description,
    })),
  };
}

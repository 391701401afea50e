import type { Db } from '../../db/database.js';
import { findEnvelope, loadEnvelopeParts, type EnvelopeGraph } from '../../db/repositories/envelope.repo.js';
import { updateItemOfEnvelope } from '../../db/repositories/item.repo.js';
import { AppError, notFound } from '../../errors.js';
import { appendAuditEvent, type AuditInput } from '../audit/append-audit-event.js';
import type { Ctx } from '../context.js';
import type { FieldGeometry } from '../fields/field-input.js';
import { assertNotFinal } from './envelope-state.js';
import { IssueCollector, type EntryPath } from './validation-issues.js';

/**
 * Documenso's `placeholder` positioning on field create-many: instead of coordinates a field
 * names a text of its item's PDF (`{{signature}}`, or any words); the field takes that text's
 * box (`width`/`height` override its size), at the first occurrence or, with `matchAll`, at every
 * one. The occurrences used are hidden in the stored PDF as placeholder tags are (glyphs removed,
 * white box), as Documenso whites them out, so the signer sees the field where the text was.
 *
 * The search runs in the PDF workers before the edit's transaction; the transaction then checks
 * that the item's PDF is still the one searched (ENVELOPE_ITEM_CHANGED otherwise), points the item
 * at the hidden-text PDF and records the change, with both hashes, in an ENVELOPE_ITEM_UPDATED entry.
 * A PDF changes only while the envelope is a DRAFT (as items are added only then): on a sent
 * envelope placeholder positioning is refused rather than leaving the text visible.
 */

export interface PlaceholderPosition {
  placeholder: string;
  width?: number | undefined;
  height?: number | undefined;
  matchAll?: boolean | undefined;
}

export interface PlaceholderRequest {
  /** The entry's index in the request. */
  index: number;
  envelopeItemId?: string | undefined;
  position: PlaceholderPosition;
}

interface ItemSearch {
  itemId: string;
  /** The stored PDF the search ran on. */
  searchedSha256: string;
  hidden: { sha256: string; size: number };
  placeholders: string[];
}

export interface LocatedPlaceholders {
  /** Per entry index: the boxes of the occurrences used, one field each. */
  boxes: Map<number, FieldGeometry[]>;
  items: ItemSearch[];
}

/**
 * Finds each entry's text in its item's PDF and stores the PDF with the occurrences used hidden.
 * @throws NOT_FOUND, ENVELOPE_COMPLETED|REJECTED|CANCELLED, ENVELOPE_NOT_DRAFT, FIELD_ITEM_REQUIRED,
 *   FIELD_INVALID_REFERENCE, PLACEHOLDER_NOT_FOUND
 */
export async function locatePlaceholders(
  ctx: Ctx,
  platformId: number,
  envelopeId: string | number,
  requests: PlaceholderRequest[],
  at: EntryPath,
): Promise<LocatedPlaceholders> {
  const envelope = await findEnvelope(
    ctx.db,
    platformId,
    typeof envelopeId === 'number' ? { documentId: envelopeId } : { publicId: envelopeId },
  );
  if (!envelope) throw notFound('Envelope');
  assertNotFinal(envelope.status);
  assertDraft(envelope.status);
  const graph = await loadEnvelopeParts(ctx.db, envelope);

  const issues = new IssueCollector();
  const byItem = new Map<string, PlaceholderRequest[]>();
  for (const request of requests) {
    const item = request.envelopeItemId
      ? graph.items.find((i) => i.id === request.envelopeItemId)
      : graph.items.length === 1
        ? graph.items[0]
        : undefined;
    if (!item) {
      if (graph.items.length === 0)
        issues.add('FIELD_INVALID_REFERENCE', at(request.index), 'the envelope has no document to place the field on');
      else if (!request.envelopeItemId)
        issues.add(
          'FIELD_ITEM_REQUIRED',
          [...at(request.index), 'envelopeItemId'],
          'the envelope has several items: say which one holds the placeholder',
        );
      else
        issues.add(
          'FIELD_INVALID_REFERENCE',
          [...at(request.index), 'envelopeItemId'],
          `no item "${request.envelopeItemId}" in this envelope`,
        );
      continue;
    }
    byItem.set(item.id, [...(byItem.get(item.id) ?? []), request]);
  }
  issues.throwIfAny('Some fields cannot be placed');

  const boxes = new Map<number, FieldGeometry[]>();
  const items: ItemSearch[] = [];
  for (const [itemId, list] of byItem) {
    const item = graph.items.find((i) => i.id === itemId)!;
    const result = await ctx.pdf.run({
      kind: 'find-text',
      bytes: await ctx.storage.getBytes(item.originalSha256),
      texts: list.map((r) => ({ text: r.position.placeholder, all: r.position.matchAll === true })),
    });
    list.forEach((request, k) => {
      const found = result.found[k] ?? [];
      if (found.length === 0) {
        issues.add(
          'PLACEHOLDER_NOT_FOUND',
          [...at(request.index), 'placeholder'],
          `"${request.position.placeholder}" is not in the text of "${item.title}"`,
        );
        return;
      }
      const { width, height } = request.position;
      boxes.set(
        request.index,
        found.map((f) => ({
          page: f.page,
          positionX: f.positionX,
          positionY: f.positionY,
          width: width ?? f.width,
          height: height ?? f.height,
        })),
      );
    });
    if (result.covered)
      items.push({
        itemId,
        searchedSha256: item.originalSha256,
        hidden: await ctx.storage.putBytes(result.covered),
        placeholders: [...new Set(list.map((r) => r.position.placeholder))],
      });
  }
  issues.throwIfAny('Some placeholders are not in the document');
  return { boxes, items };
}

/**
 * Inside the edit's transaction: each searched item now stores the PDF with its placeholders
 * hidden, recorded in an ENVELOPE_ITEM_UPDATED entry naming both hashes.
 * @throws ENVELOPE_NOT_DRAFT, ENVELOPE_ITEM_CHANGED (409: the PDF changed since it was searched)
 */
export async function hidePlaceholders(
  ctx: Ctx,
  trx: Db,
  who: Pick<AuditInput, 'actor' | 'request'>,
  graph: EnvelopeGraph,
  located: LocatedPlaceholders,
  now: Date,
): Promise<void> {
  assertDraft(graph.envelope.status);
  for (const search of located.items) {
    const item = graph.items.find((i) => i.id === search.itemId);
    if (!item || item.originalSha256 !== search.searchedSha256)
      throw new AppError(
        'ENVELOPE_ITEM_CHANGED',
        'A document of the envelope changed while its placeholders were searched; send the request again',
      );
    const patch = { originalSha256: search.hidden.sha256, originalSize: search.hidden.size };
    await updateItemOfEnvelope(trx, graph.envelope.id, item.id, patch);
    Object.assign(item, patch);
    await appendAuditEvent(ctx, trx, {
      envelopeId: graph.envelope.id,
      type: 'ENVELOPE_ITEM_UPDATED',
      data: {
        envelopeItemId: item.id,
        changes: [{ field: 'pdf', from: search.searchedSha256, to: search.hidden.sha256 }],
        sha256: search.hidden.sha256,
        replacedSha256: search.searchedSha256,
        placeholdersHidden: search.placeholders,
      },
      ...who,
      at: now,
    });
  }
}

function assertDraft(status: string): void {
  if (status !== 'DRAFT')
    throw new AppError(
      'ENVELOPE_NOT_DRAFT',
      'Fields can be placed on a placeholder only while the envelope is a DRAFT: the placeholder is hidden in the PDF, which recipients already received',
    );
}

import type { AccessAuth, GlobalActionAuth } from '../../lib/stored/auth-methods.js';
import { findEnvelope, insertItem, loadEnvelopeParts, updateEnvelope } from '../../db/repositories/envelope.repo.js';
import { deleteItemAndFields, envelopeOfItem, updateItemOfEnvelope } from '../../db/repositories/item.repo.js';
import { newItemRow } from './envelope-rows.js';
import { inspectUpload } from '../uploads/inspect-upload.js';
import type { UploadedPdf } from '../uploads/uploaded-pdf.js';
import type { PdfInfo } from '../../infra/pdf/inspect-pdf.js';
import type { EnvelopeTable } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import { apiActor, type ApiCaller, type Principal } from '../auth/principal.js';
import type { Ctx } from '../context.js';
import { downloadItem, type DownloadVersion } from './download-item.js';
import { editEnvelope } from './edit-envelope.js';
import { placeTagsOnNewItems, planTagFields, readPlaceholderTags } from './placeholder-fields.js';
import { envelopeLiteView, itemView } from '../model/envelope-views.js';
import type { z } from 'zod';
import type { TemplateType } from '../../lib/vocabulary/template-types.js';
import { mergeMeta, type EnvelopeMeta, type ZMetaInput } from '../model/envelope-meta.js';
import { collectUnsupportedMeta, refuseUnsupported } from './unsupported-members.js';
import { assertEmailSenderUsable } from '../mail/mail-sender.js';
import { restartRemindersOfTurn } from '../reminders/schedule-reminders.js';
import { lockFolderFor } from '../folders/folder-rules.js';
import { forgetEnvelopeCounts } from './find-envelopes.js';
import { moveEnvelopeToFolder } from './move-envelope.js';
import { recordTemplateUpdated } from '../events/template-events.js';

/** Renames or reorders items (order ≥ 1, title 1–255). All or nothing. */
export async function updateItems(
  ctx: Ctx,
  caller: ApiCaller,
  envelopeId: string,
  inputs: { envelopeItemId: string; order?: number | undefined; title?: string | undefined }[],
) {
  return editEnvelope(ctx, caller, envelopeId, 'ENVELOPE_ITEM_UPDATED', async (trx, graph) => {
    const targets = inputs.map((input, index) => {
      const item = graph.items.find((i) => i.id === input.envelopeItemId);
      if (!item)
        throw new AppError('NOT_FOUND', `Item ${input.envelopeItemId} is not in this envelope`, {
          issues: [{ message: 'not in this envelope', path: ['data', index, 'envelopeItemId'] }],
        });
      return { item, input };
    });
    const entries = [];
    for (const { item, input } of targets) {
      const patch = {
        ...(input.order !== undefined ? { order: input.order } : {}),
        ...(input.title !== undefined ? { title: input.title } : {}),
      };
      const changes = (Object.keys(patch) as (keyof typeof patch)[])
        .filter((k) => patch[k] !== item[k])
        .map((k) => ({ field: k, from: String(item[k]), to: String(patch[k]) }));
      if (Object.keys(patch).length) await updateItemOfEnvelope(trx, graph.envelope.id, item.id, patch);
      Object.assign(item, patch);
      entries.push({ envelopeItemId: item.id, changes });
    }
    return {
      result: targets.map(({ item }) => {
        const v = itemView(item, graph.envelope);
        return { id: v.id, order: v.order, title: v.title, envelopeId: v.envelopeId };
      }),
      data: entries,
    };
  });
}

/** Removes an item and its fields, only while the envelope is a DRAFT and keeps at least one. */
export async function deleteItem(
  ctx: Ctx,
  caller: ApiCaller,
  envelopeId: string,
  envelopeItemId: string,
): Promise<void> {
  await editEnvelope(ctx, caller, envelopeId, 'ENVELOPE_ITEM_DELETED', async (trx, graph) => {
    if (graph.envelope.status !== 'DRAFT')
      throw new AppError('ENVELOPE_NOT_DRAFT', 'Items can be removed only while the envelope is a DRAFT');
    const item = graph.items.find((i) => i.id === envelopeItemId);
    if (!item) throw notFound('Envelope item');
    await deleteItemAndFields(trx, graph.envelope.id, item.id);
    return { result: undefined, data: { envelopeItemId: item.id, envelopeItemTitle: item.title } };
  });
}

/** One item's PDF by item id, in the version asked for (scoped to the platform). */
export async function downloadEnvelopeItem(
  ctx: Ctx,
  principal: Principal,
  envelopeItemId: string,
  version: DownloadVersion,
) {
  const documentId = await envelopeOfItem(ctx.db, principal.platformId, envelopeItemId);
  const envelope =
    documentId !== undefined ? await findEnvelope(ctx.db, principal.platformId, { documentId }) : undefined;
  if (!envelope) throw notFound('Envelope item');
  const graph = await loadEnvelopeParts(ctx.db, envelope);
  const item = graph.items.find((i) => i.id === envelopeItemId);
  if (!item) throw notFound('Envelope item');
  return downloadItem(ctx, graph, item, version);
}

/** Meta members whose change would not reach recipients already sent to: DRAFT only. */
const DRAFT_ONLY_META = ['signingOrder', 'distributionMethod'] as const;

/**
 * Title, externalId, visibility, folder, auth options and meta (merged like at distribution: absent
 * members keep their value, null clears). One DOCUMENT_META_UPDATED entry names what changed.
 */
export async function updateEnvelopeData(
  ctx: Ctx,
  caller: ApiCaller,
  /** The envelope id, or the documentId (document/update). */
  envelopeId: string | number,
  data: {
    title?: string | undefined;
    externalId?: string | null | undefined;
    visibility?: EnvelopeTable['visibility'] | undefined;
    folderId?: string | null | undefined;
    globalAccessAuth?: AccessAuth[] | undefined;
    globalActionAuth?: GlobalActionAuth[] | undefined;
    /** Documenso's `useLegacyFieldInsertion`: how the fields are laid out when burned in (DRAFT only). */
    legacyFieldInsertion?: boolean | undefined;
    /** A template's type and public listing (template/update's data.type, envelope/update's data.templateType). */
    templateType?: TemplateType | undefined;
    publicTitle?: string | undefined;
    publicDescription?: string | undefined;
  },
  metaInput?: z.output<typeof ZMetaInput>,
) {
  const { folderId: _folder, ...others } = data;
  if (data.folderId !== undefined && metaInput === undefined && Object.values(others).every((v) => v === undefined)) {
    // Only a move: allowed in every state, final ones included (filing changes nothing signed).
    return moveEnvelopeToFolder(ctx, caller, envelopeId, data.folderId ? data.folderId : null);
  }
  refuseUnsupported((issues) => collectUnsupportedMeta(issues, ['meta'], metaInput));
  await assertEmailSenderUsable(ctx.db, caller.principal.platformId, metaInput?.emailId, ['meta', 'emailId']);
  const result = await editEnvelope(ctx, caller, envelopeId, 'DOCUMENT_META_UPDATED', async (trx, graph, now) => {
    const e = graph.envelope;
    const current = e.authOptions ?? {};
    const storedMeta = e.meta;
    const nextMeta = mergeMeta(storedMeta, metaInput);
    const metaChanged = (Object.keys(nextMeta) as (keyof EnvelopeMeta)[]).filter(
      (k) => JSON.stringify(nextMeta[k]) !== JSON.stringify(storedMeta[k]),
    );
    const lateChanges: string[] =
      e.status === 'DRAFT' ? [] : metaChanged.filter((k) => (DRAFT_ONLY_META as readonly string[]).includes(k));
    const legacy = data.legacyFieldInsertion === undefined ? undefined : data.legacyFieldInsertion ? 1 : 0;
    // Signers saw the fields laid out one way: after sending, the burned-in layout stays that one.
    if (legacy !== undefined && legacy !== e.legacyFieldInsertion && e.status !== 'DRAFT')
      lateChanges.push('useLegacyFieldInsertion');
    if (lateChanges.length > 0) {
      throw new AppError(
        'ENVELOPE_NOT_DRAFT',
        `${lateChanges.join(' and ')} can change only while the envelope is a DRAFT: recipients were already sent to`,
        {
          issues: lateChanges.map((k) => {
            const member = k === 'useLegacyFieldInsertion' ? `data.${k}` : `meta.${k}`;
            return { path: member.split('.'), message: `${member}: fixed once the envelope is sent` };
          }),
        },
      );
    }
    if (e.type !== 'TEMPLATE') refusePublicMembersOnDocument(data);
    // Moving between folders is an envelope change like the others: same lock, same audit entry.
    // '' is the SDK's "no folder", like null.
    const folderId = data.folderId === undefined ? undefined : data.folderId ? data.folderId : null;
    if (folderId)
      await lockFolderFor(
        trx,
        caller.principal.platformId,
        folderId,
        e.type,
        ['data', 'folderId'],
        caller.principal.member,
      );
    const patch = {
      ...(folderId !== undefined && folderId !== e.folderId ? { folderId } : {}),
      ...(data.title !== undefined ? { title: data.title } : {}),
      ...(data.externalId !== undefined ? { externalId: data.externalId } : {}),
      ...(data.visibility !== undefined ? { visibility: data.visibility } : {}),
      ...(legacy !== undefined && legacy !== e.legacyFieldInsertion ? { legacyFieldInsertion: legacy } : {}),
      ...(data.templateType !== undefined ? { templateType: data.templateType } : {}),
      ...(data.publicTitle !== undefined ? { publicTitle: data.publicTitle } : {}),
      ...(data.publicDescription !== undefined ? { publicDescription: data.publicDescription } : {}),
      ...(data.globalAccessAuth !== undefined || data.globalActionAuth !== undefined
        ? {
            authOptions: {
              globalAccessAuth: data.globalAccessAuth ?? current.globalAccessAuth ?? [],
              globalActionAuth: data.globalActionAuth ?? current.globalActionAuth ?? [],
            },
          }
        : {}),
      ...(metaChanged.length > 0 ? { meta: nextMeta } : {}),
    };
    await updateEnvelope(trx, e.id, patch, now);
    Object.assign(e, patch, { updatedAt: now.toISOString() });
    if (e.type === 'TEMPLATE') await recordTemplateUpdated(trx, graph, now);
    // New reminder settings take effect at once for whoever is waiting, counted from now.
    if (metaChanged.includes('reminderSettings')) await restartRemindersOfTurn(ctx, trx, graph, nextMeta, now);
    // Names only: meta values (reply-to address, message) stay out of the audit data.
    // languageChosen is Firma's record that `language` was set, not a member of its own.
    const changed = [
      ...Object.keys(patch).filter((k) => k !== 'meta'),
      ...metaChanged.filter((k) => k !== 'languageChosen').map((k) => `meta.${k}`),
    ];
    return { result: envelopeLiteView(e), data: { changed } };
  });
  // Per-folder counts of GET /envelope change with a move, per-type counts of the template list with a new type.
  if (data.folderId !== undefined || data.templateType !== undefined) forgetEnvelopeCounts(caller.principal.platformId);
  return result;
}

/**
 * A document is never listed on a public profile: a template type or public text other than the
 * "off" value (PRIVATE, '') is refused on one rather than ignored.
 * @throws VALIDATION_ERROR
 */
function refusePublicMembersOnDocument(data: {
  templateType?: string;
  publicTitle?: string;
  publicDescription?: string;
}) {
  const given = [
    data.templateType !== undefined && data.templateType !== 'PRIVATE' ? 'templateType' : null,
    data.publicTitle ? 'publicTitle' : null,
    data.publicDescription ? 'publicDescription' : null,
  ].filter((m): m is string => m !== null);
  if (given.length > 0)
    throw new AppError('VALIDATION_ERROR', 'Only a template has a template type and a public title and description', {
      issues: given.map((m) => ({ path: ['data', m], message: `data.${m}: only for a template` })),
    });
}

/**
 * Adds PDFs to a DRAFT envelope, checked like every upload; their order follows the existing
 * items. Their placeholder tags become fields of the envelope's recipients (placeholder-fields.ts).
 */
export async function createItems(ctx: Ctx, caller: ApiCaller, envelopeId: string, files: UploadedPdf[]) {
  try {
    const infos: PdfInfo[] = [];
    for (const file of files) infos.push(await inspectUpload(ctx, file.staged, file.identifier, { findTags: true }));
    const tagged = await readPlaceholderTags(ctx, files, infos);
    // Bad tags are refused before anything is stored; recipients are counted under the lock.
    planTagFields(files, tagged, 0);
    const blobs: { sha256: string; size: number; uploadedSha256?: string }[] = [];
    for (const [i, file] of files.entries()) {
      const covered = tagged[i]!.covered;
      if (!covered) {
        await file.staged.commit();
        blobs.push({ sha256: file.staged.sha256, size: file.staged.size });
      } else blobs.push({ ...(await ctx.storage.putBytes(covered)), uploadedSha256: file.staged.sha256 });
    }
    return await editEnvelope(ctx, caller, envelopeId, 'ENVELOPE_ITEM_CREATED', async (trx, graph, now) => {
      if (graph.envelope.status !== 'DRAFT')
        throw new AppError('ENVELOPE_NOT_DRAFT', 'Items can be added only while the envelope is a DRAFT');
      if (graph.items.length + files.length > ctx.config.limits.itemsPerEnvelope)
        throw new AppError('LIMIT_EXCEEDED', `At most ${ctx.config.limits.itemsPerEnvelope} documents per envelope`);
      const start = Math.max(0, ...graph.items.map((i) => i.order));
      const rows = files.map((f, i) =>
        newItemRow(graph.envelope.id, f.title, blobs[i]!, infos[i]!, start + i + 1, now.toISOString()),
      );
      for (const row of rows) await insertItem(trx, row);
      const tagFields = await placeTagsOnNewItems(
        ctx,
        trx,
        { actor: apiActor(caller), request: caller.request },
        graph,
        files,
        tagged,
        rows,
        now,
      );
      return {
        result: rows.map((row) => itemView(row, graph.envelope)),
        data: rows.map((r, i) => ({
          envelopeItemId: r.id,
          envelopeItemTitle: r.title,
          sha256: r.originalSha256,
          pages: r.pageCount,
          ...(blobs[i]!.uploadedSha256 ? { uploadedSha256: blobs[i]!.uploadedSha256 } : {}),
          ...(tagFields[i] ? { fields: tagFields[i] } : {}),
        })),
      };
    });
  } finally {
    await Promise.all(files.map((f) => f.staged.discard()));
  }
}

import type { FieldRow } from '../../db/repositories/envelope.repo.js';
import { FIELD_TYPE_TRAITS } from '../../lib/vocabulary/field-types.js';
import type { RenderField, RenderValue } from '../../infra/pdf/render/index.js';
import type { Ctx } from '../context.js';
import { formatNumber } from '../../lib/number-format.js';
import { isNumberFormat } from '../../lib/vocabulary/number-formats.js';
import type { FieldMeta } from '../fields/field-meta.js';

/**
 * Turns inserted fields into what the renderer draws. Shared by the `pending` preview and the
 * completion pipeline, so the preview shows exactly what the final document will. `legacy` is the
 * envelope's `useLegacyFieldInsertion` (legacyLayout).
 */
export async function renderInputs(
  ctx: Ctx,
  fields: FieldRow[],
  options: { legacy?: boolean } = {},
): Promise<RenderField[]> {
  const out: RenderField[] = [];
  for (const f of fields) {
    const value = f.value;
    if (f.inserted !== 1 || !value) continue;
    const meta = f.fieldMeta;
    const rendered = await toRenderValue(ctx, f, value, meta);
    if (!rendered) continue;
    const box = { page: f.page, positionX: f.positionX, positionY: f.positionY, width: f.width, height: f.height };
    out.push({ ...box, value: rendered, ...(options.legacy ? legacyLayout(meta) : currentLayout(meta)) });
  }
  return out;
}

type Layout = Pick<
  RenderField,
  'fontSize' | 'overflow' | 'textAlign' | 'verticalAlign' | 'lineHeight' | 'letterSpacing'
>;

/** Every layout member of the field's meta, as the sender set it. */
function currentLayout(meta: FieldMeta | null): Layout {
  const layout = meta && 'textAlign' in meta ? meta : null;
  return {
    ...(meta?.fontSize ? { fontSize: meta.fontSize } : {}),
    ...(meta?.overflow ? { overflow: meta.overflow } : {}),
    ...(layout?.textAlign ? { textAlign: layout.textAlign } : {}),
    ...(meta && 'verticalAlign' in meta && meta.verticalAlign ? { verticalAlign: meta.verticalAlign } : {}),
    ...(meta && 'lineHeight' in meta && meta.lineHeight ? { lineHeight: meta.lineHeight } : {}),
    ...(meta && 'letterSpacing' in meta && meta.letterSpacing ? { letterSpacing: meta.letterSpacing } : {}),
  };
}

/**
 * Documenso's older field insertion, which its documents and templates made before the newer
 * renderer keep (`useLegacyFieldInsertion`): one line, centred unless textAlign says otherwise,
 * always vertically centred, at the field's font size or smaller so it stays in its box; line
 * height, letter spacing, vertical alignment and overflow are not applied. Signatures are scaled
 * into their box and choices listed in both layouts.
 */
function legacyLayout(meta: FieldMeta | null): Layout {
  const layout = meta && 'textAlign' in meta ? meta : null;
  return {
    ...(meta?.fontSize ? { fontSize: meta.fontSize } : {}),
    overflow: 'auto',
    textAlign: layout?.textAlign ?? 'center',
    verticalAlign: 'middle',
  };
}

async function toRenderValue(
  ctx: Ctx,
  f: FieldRow,
  value: NonNullable<FieldRow['value']>,
  meta: FieldMeta | null,
): Promise<RenderValue | null> {
  switch (value.kind) {
    case 'signature':
      return value.signature.type === 'typed'
        ? { kind: 'typed-signature', text: value.signature.text }
        : { kind: 'image', png: await ctx.storage.getBytes(value.signature.sha256) };
    case 'choices':
    case 'text': {
      const style = FIELD_TYPE_TRAITS[f.type].marks;
      if (style) {
        const options = meta && (meta.type === 'radio' || meta.type === 'checkbox') ? (meta.values ?? []) : [];
        const chosen = new Set(value.kind === 'choices' ? value.values : [value.text]);
        return {
          kind: 'choices',
          style,
          direction: meta && 'direction' in meta && meta.direction ? meta.direction : 'vertical',
          options: options.map((o) => ({ label: o.value, checked: chosen.has(o.value) })),
        };
      }
      if (value.kind === 'choices') return { kind: 'text', text: value.values.join(', ') };
      // A NUMBER with a format is stored canonical and burned in written in that format.
      if (meta?.type === 'number' && isNumberFormat(meta.numberFormat))
        return { kind: 'text', text: formatNumber(value.text, meta.numberFormat) };
      return { kind: 'text', text: value.text };
    }
  }
}

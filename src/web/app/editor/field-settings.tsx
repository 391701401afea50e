import { useState } from 'preact/hooks';
import { NUMBER_FORMAT_NAMES } from '../../../lib/vocabulary/number-formats.js';
import { useI18n } from '../i18n/index.js';
import type { EditorField, EditorRecipient, FieldMeta } from './types.js';

const ALIGNED = ['initials', 'name', 'email', 'date', 'text', 'number'];
const WITH_OPTIONS = ['radio', 'checkbox', 'dropdown'];
const PRESETS = ['none', 'cuil', 'dni', 'cuit'] as const;
const CHECKBOX_RULES = ['', 'Select at least', 'Select exactly', 'Select at most'] as const;

type Choice = { id: number; checked: boolean; value: string };

/** The options as one line each: what the member edits. */
function optionLines(meta: FieldMeta): string {
  const values = (meta.values ?? []) as { value: string }[];
  return values.map((v) => v.value).join('\n');
}

/** Lines back into the type's options, keeping which were checked by their text. */
function optionsOf(meta: FieldMeta, lines: string): unknown[] {
  const texts = lines
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  if (meta.type === 'dropdown') return texts.map((value) => ({ value }));
  const before = (meta.values ?? []) as Choice[];
  return texts.map((value, i) => ({
    id: i + 1,
    value,
    checked: before.find((b) => b.value === value)?.checked ?? false,
  }));
}

const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));
/** A member's value as an input shows it ('' when none). */
const textOf = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/**
 * The selected field's `fieldMeta`, as the API takes it: label, placeholder, required, read-only,
 * font size, alignment, and what its type adds (options, number format and bounds, the validation
 * presets, the value it starts with). Saved with the API's field update.
 */
export function FieldSettings(props: {
  field: EditorField;
  recipient: EditorRecipient | undefined;
  busy: boolean;
  onSave: (meta: FieldMeta) => void;
  onDelete: () => void;
}) {
  const { t } = useI18n();
  const meta = props.field.fieldMeta;
  const [draft, setDraft] = useState<Record<string, unknown>>(() => ({ ...meta }));
  const [options, setOptions] = useState(() => (meta ? optionLines(meta) : ''));
  const set = (changes: Record<string, unknown>) => setDraft((d) => ({ ...d, ...changes }));
  const id = (name: string) => `ed-meta-${name}`;
  const text = (name: string, label: string, extra: Record<string, unknown> = {}) => (
    <div class="field">
      <label for={id(name)}>{label}</label>
      <input
        id={id(name)}
        value={textOf(draft[name])}
        onInput={(event) => set({ [name]: event.currentTarget.value })}
        {...extra}
      />
    </div>
  );
  const check = (name: string, label: string) => (
    <div class="field checkbox">
      <input
        id={id(name)}
        type="checkbox"
        checked={draft[name] === true}
        onChange={(event) => set({ [name]: event.currentTarget.checked })}
      />
      <label for={id(name)}>{label}</label>
    </div>
  );

  const save = () => {
    if (!meta) return;
    const next: Record<string, unknown> = { ...draft, fontSize: Number(draft.fontSize ?? 12) };
    if (WITH_OPTIONS.includes(meta.type)) next.values = optionsOf(meta, options);
    if (meta.type === 'number') {
      next.minValue = numberOrNull(textOf(draft.minValue));
      next.maxValue = numberOrNull(textOf(draft.maxValue));
      if (next.numberFormat === '') next.numberFormat = null;
    }
    if (meta.type === 'text' && draft.characterLimit !== undefined && draft.characterLimit !== '')
      next.characterLimit = Number(draft.characterLimit);
    else delete next.characterLimit;
    if (meta.type === 'checkbox') next.validationLength = Number(draft.validationLength ?? 0);
    props.onSave(next as FieldMeta);
  };

  return (
    <section class="ed-panel" aria-labelledby="ed-field-title">
      <h2 id="ed-field-title">
        {t('ed_fieldSettings', { type: t(`ed_type_${props.field.type}`), name: props.recipient?.name ?? '' })}
      </h2>
      {!meta ? (
        <p>{t('ed_noFieldSettings')}</p>
      ) : (
        <form
          class="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          {text('label', t('ed_metaLabel'), { maxLength: 255 })}
          {text('placeholder', t('ed_metaPlaceholder'), { maxLength: 255 })}
          {check('required', t('ed_metaRequired'))}
          {check('readOnly', t('ed_metaReadOnly'))}
          {text('fontSize', t('ed_metaFontSize'), { type: 'number', min: 8, max: 96 })}
          {ALIGNED.includes(meta.type) && (
            <div class="field">
              <label for={id('textAlign')}>{t('ed_metaAlign')}</label>
              <select
                id={id('textAlign')}
                value={textOf(draft.textAlign) || 'left'}
                onChange={(event) => set({ textAlign: event.currentTarget.value })}
              >
                <option value="left">{t('ed_alignLeft')}</option>
                <option value="center">{t('ed_alignCenter')}</option>
                <option value="right">{t('ed_alignRight')}</option>
              </select>
            </div>
          )}
          {meta.type === 'text' && (
            <>
              {text('text', t('ed_metaPrefill'), { maxLength: 10000 })}
              {text('characterLimit', t('ed_metaCharacterLimit'), { type: 'number', min: 0 })}
              <div class="field">
                <label for={id('validationPreset')}>{t('ed_metaPreset')}</label>
                <select
                  id={id('validationPreset')}
                  value={textOf(draft.validationPreset) || 'none'}
                  onChange={(event) => set({ validationPreset: event.currentTarget.value })}
                >
                  {PRESETS.map((p) => (
                    <option key={p} value={p}>
                      {t(`ed_preset_${p}`)}
                    </option>
                  ))}
                </select>
              </div>
            </>
          )}
          {meta.type === 'number' && (
            <>
              <div class="field">
                <label for={id('numberFormat')}>{t('ed_metaNumberFormat')}</label>
                <select
                  id={id('numberFormat')}
                  value={textOf(draft.numberFormat)}
                  onChange={(event) => set({ numberFormat: event.currentTarget.value })}
                >
                  <option value="">{t('ed_numberFormatNone')}</option>
                  {NUMBER_FORMAT_NAMES.map((f) => (
                    <option key={f} value={f}>
                      {f}
                    </option>
                  ))}
                </select>
              </div>
              {text('value', t('ed_metaPrefill'), { maxLength: 64 })}
              {text('minValue', t('ed_metaMin'), { type: 'number' })}
              {text('maxValue', t('ed_metaMax'), { type: 'number' })}
            </>
          )}
          {WITH_OPTIONS.includes(meta.type) && (
            <div class="field">
              <label for={id('options')}>{t('ed_metaOptions')}</label>
              <p id={`${id('options')}-hint`} class="hint">
                {t('ed_metaOptionsHint')}
              </p>
              <textarea
                id={id('options')}
                rows={4}
                value={options}
                aria-describedby={`${id('options')}-hint`}
                onInput={(event) => setOptions(event.currentTarget.value)}
              />
            </div>
          )}
          {meta.type === 'dropdown' && text('defaultValue', t('ed_metaPrefill'), { maxLength: 255 })}
          {meta.type === 'checkbox' && (
            <>
              <div class="field">
                <label for={id('validationRule')}>{t('ed_metaCheckboxRule')}</label>
                <select
                  id={id('validationRule')}
                  value={textOf(draft.validationRule)}
                  onChange={(event) => set({ validationRule: event.currentTarget.value })}
                >
                  {CHECKBOX_RULES.map((rule, i) => (
                    <option key={rule} value={rule}>
                      {t(`ed_checkboxRule${i}` as 'ed_checkboxRule0')}
                    </option>
                  ))}
                </select>
              </div>
              {text('validationLength', t('ed_metaCheckboxCount'), { type: 'number', min: 0 })}
            </>
          )}
          <div class="actions">
            <button type="submit" class="primary" disabled={props.busy}>
              {t('ed_saveField')}
            </button>
          </div>
        </form>
      )}
      <div class="actions">
        <button type="button" disabled={props.busy} onClick={props.onDelete}>
          {t('ed_deleteField')}
        </button>
      </div>
    </section>
  );
}

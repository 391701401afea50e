import { useRef, useState } from 'preact/hooks';
import { FIELD_TYPES, type FieldType } from '../../../lib/vocabulary/field-types.js';
import { useI18n } from '../i18n/index.js';
import type { EditorRecipient } from './types.js';

/** Where a palette drag was let go: over a page (its element) at a point of the screen. */
export interface Drop {
  type: FieldType;
  page: HTMLElement;
  x: number;
  y: number;
}

/**
 * Every field type, for the recipient chosen above it. A type is placed by dragging it onto a page
 * (mouse, pen or finger), or by activating it (Enter, Space, a click): then it lands on the page in
 * view, selected and focused, ready for the arrows.
 */
export function Palette(props: {
  recipients: EditorRecipient[];
  recipientId: number | null;
  colourOf: (recipientId: number) => number;
  onRecipient: (id: number) => void;
  onPlace: (type: FieldType) => void;
  onDrop: (drop: Drop) => void;
  currentPage: string;
}) {
  const { t } = useI18n();
  const [ghost, setGhost] = useState<{ type: FieldType; x: number; y: number } | null>(null);
  const dragged = useRef(false);
  // A drag ends with a pointerup over a page; a click the browser may still send after it is not a placement.
  const quietUntil = useRef(0);

  const startDrag = (event: PointerEvent, type: FieldType) => {
    if (event.button !== 0 || props.recipientId === null) return;
    const start = { x: event.clientX, y: event.clientY };
    dragged.current = false;
    const move = (e: PointerEvent) => {
      if (!dragged.current && Math.abs(e.clientX - start.x) + Math.abs(e.clientY - start.y) < 6) return;
      dragged.current = true;
      e.preventDefault();
      setGhost({ type, x: e.clientX, y: e.clientY });
    };
    const end = (e: PointerEvent) => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', end);
      window.removeEventListener('pointercancel', end);
      setGhost(null);
      if (!dragged.current || e.type === 'pointercancel') return;
      dragged.current = false;
      quietUntil.current = Date.now() + 300;
      const page = document
        .elementsFromPoint(e.clientX, e.clientY)
        .map((el) => el.closest<HTMLElement>('.ed-page'))
        .find((el): el is HTMLElement => el !== null);
      if (page) props.onDrop({ type, page, x: e.clientX, y: e.clientY });
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', end);
    window.addEventListener('pointercancel', end);
  };

  const holders = props.recipients.filter((r) => r.role !== 'CC' && r.role !== 'VIEWER');
  return (
    <section class="ed-panel" aria-labelledby="ed-palette-title">
      <h2 id="ed-palette-title">{t('ed_fieldsTitle')}</h2>
      {holders.length === 0 ? (
        <p>{t('ed_noHolders')}</p>
      ) : (
        <>
          <fieldset class="ed-for">
            <legend>{t('ed_fieldsFor')}</legend>
            {holders.map((r) => (
              <label key={r.id} class={`ed-for-option ed-colour-${props.colourOf(r.id)}`}>
                <input
                  type="radio"
                  name="ed-for"
                  checked={props.recipientId === r.id}
                  onChange={() => props.onRecipient(r.id)}
                />{' '}
                {r.name || r.email}
              </label>
            ))}
          </fieldset>
          <p id="ed-palette-hint" class="hint">
            {t('ed_paletteHint', { page: props.currentPage })}
          </p>
          <ul class="ed-palette">
            {FIELD_TYPES.map((type) => (
              <li key={type}>
                <button
                  type="button"
                  class="ed-palette-item"
                  data-type={type}
                  aria-describedby="ed-palette-hint"
                  onPointerDown={(event) => startDrag(event, type)}
                  onClick={() => {
                    // A click, Enter or Space places it on the page in view.
                    if (Date.now() < quietUntil.current) return;
                    props.onPlace(type);
                  }}
                >
                  {t(`ed_type_${type}`)}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      {ghost && (
        <div class="ed-ghost" aria-hidden="true" style={{ left: `${ghost.x}px`, top: `${ghost.y}px` }}>
          {t(`ed_type_${ghost.type}`)}
        </div>
      )}
    </section>
  );
}

import { useRef } from 'preact/hooks';
import { clampBox, nudge, percentIn, type Nudge } from './geometry.js';
import type { Box, EditorField } from './types.js';

const ARROWS: Record<string, Nudge> = { ArrowLeft: 'left', ArrowRight: 'right', ArrowUp: 'up', ArrowDown: 'down' };

/**
 * One field on its page: a button (focusable, named by its type, recipient and page) placed in
 * percent of the page. The mouse or a finger drags it, or its corner to resize it; the keyboard
 * moves it with the arrows, resizes it with Shift+arrows and removes it with Delete. Each change of
 * place shows at once (`onPreview`) and is saved once the hand stops (`onCommit`).
 */
export function FieldBox(props: {
  field: EditorField;
  box: Box;
  /** Shown in the box: the type and the recipient. */
  text: string;
  /** Said after it, not shown: which page. */
  where: string;
  colour: number;
  selected: boolean;
  onSelect: () => void;
  onPreview: (box: Box) => void;
  onCommit: (box: Box) => void;
  onDelete: () => void;
}) {
  const { box } = props;
  const drag = useRef<{ mode: 'move' | 'resize'; x: number; y: number; start: Box; moved: boolean } | null>(null);

  const pageRect = (element: HTMLElement) => element.closest('.ed-page')!.getBoundingClientRect();

  const onPointerDown = (event: PointerEvent, mode: 'move' | 'resize') => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.stopPropagation();
    const target = event.currentTarget as HTMLElement;
    target.setPointerCapture(event.pointerId);
    // preventDefault keeps the page from scrolling or selecting text; the focus must then be given.
    target.closest('button')?.focus();
    drag.current = { mode, x: event.clientX, y: event.clientY, start: box, moved: false };
    props.onSelect();
  };
  const onPointerMove = (event: PointerEvent) => {
    const d = drag.current;
    if (!d) return;
    const rect = pageRect(event.currentTarget as HTMLElement);
    const from = percentIn(rect, d.x, d.y);
    const to = percentIn(rect, event.clientX, event.clientY);
    const dx = to.x - from.x;
    const dy = to.y - from.y;
    if (Math.abs(event.clientX - d.x) + Math.abs(event.clientY - d.y) > 2) d.moved = true;
    props.onPreview(
      d.mode === 'move'
        ? clampBox({ ...d.start, positionX: d.start.positionX + dx, positionY: d.start.positionY + dy })
        : clampBox({ ...d.start, width: d.start.width + dx, height: d.start.height + dy }),
    );
  };
  const onPointerUp = () => {
    const d = drag.current;
    drag.current = null;
    if (d?.moved) props.onCommit(box);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const direction = ARROWS[event.key];
    if (direction) {
      event.preventDefault();
      const next = nudge(box, direction, event.shiftKey);
      props.onPreview(next);
      props.onCommit(next);
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      props.onDelete();
    }
  };

  return (
    <button
      type="button"
      class={`ed-field ed-colour-${props.colour}${props.selected ? ' ed-selected' : ''}`}
      aria-pressed={props.selected}
      data-field-id={props.field.id}
      style={{
        left: `${box.positionX}%`,
        top: `${box.positionY}%`,
        width: `${box.width}%`,
        height: `${box.height}%`,
      }}
      onClick={props.onSelect}
      onFocus={props.onSelect}
      onKeyDown={onKeyDown}
      onPointerDown={(event) => onPointerDown(event, 'move')}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
    >
      <span class="ed-field-text">{props.text}</span>
      <span class="visually-hidden">, {props.where}</span>
      <span
        class="ed-resize"
        aria-hidden="true"
        data-resize="true"
        onPointerDown={(event) => onPointerDown(event, 'resize')}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      />
    </button>
  );
}

// The way around a long document on the signing page: the list of the fields the recipient fills
// (still to fill first, then filled; each with its page, required or optional), "n of m filled",
// and "go to page". Choosing a field brings it into view and focuses it; its page need not be drawn
// (pdf-pages.js lays every page out with its field boxes at once).
import { prefillOf } from './field-values.js';
import { el, holdFocus } from './signing-ui.js';

const boxOf = (field) => document.querySelector(`[data-field-id="${field.id}"]`);
const pagesOnScreen = () => [...document.querySelectorAll('#pages .page')];
// What the recipient fills: not the sender's read-only values, nor a DIGITAL signer's signature
// fields (the certificate's); filled once inserted, or by the sender's prefill (field-values.js).
const listed = (f) => !f.fieldMeta?.readOnly && !f.signedByCertificate;
const filled = (f) => Boolean(f.inserted || prefillOf(f));

/**
 * Scrolls a node to the middle of the screen and, unless told not to, focuses it. A jump of more
 * than two screens is made at once: smooth scrolling would draw every page in between on the way.
 */
export function bringIntoView(node, { focus = true, block = 'center' } = {}) {
  if (!node) return;
  const top = node.getBoundingClientRect().top;
  const far = Math.abs(top) > window.innerHeight * 2;
  const calm = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  node.scrollIntoView({ behavior: far || calm ? 'auto' : 'smooth', block });
  if (focus) node.focus({ preventScroll: true });
}

/**
 * The footer's "Fields: n of m filled" button and its dialog. `fields()` is the view's fields now,
 * `required(f)` whether the recipient must fill it. `update()` after any change.
 */
export function fieldNavigator(t, { fields, required }) {
  const words = t.fieldList;
  const label = (f) => f.fieldMeta?.label || t.fill[f.type];
  const button = el('button', {
    type: 'button',
    class: 'button link',
    id: 'field-list',
    'aria-haspopup': 'dialog',
    onclick: () => openList(),
  });

  function update() {
    const mine = fields().filter(listed);
    button.textContent = mine.length ? words.open(mine.filter(filled).length, mine.length) : words.openPages;
    // For documents of more than one page: on a single page every field is in sight already.
    button.hidden = pagesOnScreen().length < 2;
  }

  function openList() {
    const dialog = el('dialog', { class: 'dialog field-list', 'aria-labelledby': 'field-list-title' });
    const closed = holdFocus(dialog);
    const close = () => {
      dialog.close();
      dialog.remove();
      closed();
    };
    // Focus goes back to the button first (holdFocus), then to where the recipient asked to go.
    const goTo = (node, options) => {
      close();
      bringIntoView(node, options);
    };
    const mine = fields().filter(listed);
    const left = mine.filter((f) => !filled(f));
    const done = mine.filter(filled);
    // el() leaves out what is null; append() would write it as text.
    dialog.append(
      ...[
        el('h2', { id: 'field-list-title' }, words.title),
        mine.length ? el('p', { class: 'help' }, words.open(done.length, mine.length)) : null,
        fieldGroup('field-list-left', words.toFill, left, mine.length ? words.nothingLeft : null, goTo),
        done.length ? fieldGroup('field-list-done', words.filled, done, null, goTo) : null,
        pageForm(goTo),
        el(
          'div',
          { class: 'dialog-actions' },
          el('button', { type: 'button', class: 'button', onclick: close }, words.close),
        ),
      ].filter(Boolean),
    );
    dialog.addEventListener('cancel', (event) => {
      event.preventDefault();
      close();
    });
    document.body.append(dialog);
    dialog.showModal();
    (dialog.querySelector('.field-list-item') ?? dialog.querySelector('input')).focus();
  }

  /** A headed list of fields; each entry says the field's name, page and whether it is required. */
  function fieldGroup(id, heading, group, empty, goTo) {
    if (group.length === 0) return empty ? el('p', { class: 'help' }, empty) : null;
    return el(
      'section',
      { 'aria-labelledby': id },
      el('h3', { id }, `${heading} (${group.length})`),
      el(
        'ul',
        { class: 'field-list-items' },
        ...group.map((field) => {
          const page = boxOf(field)?.closest('.page')?.getAttribute('aria-label') ?? '';
          const need = required(field) ? t.required : words.optional;
          return el(
            'li',
            {},
            el(
              'button',
              { type: 'button', class: 'field-list-item', onclick: () => goTo(boxOf(field)) },
              el('span', { class: 'field-list-name' }, label(field)),
              el('span', { class: 'field-list-where' }, [page, need].filter(Boolean).join(' · ')),
            ),
          );
        }),
      ),
    );
  }

  /** "Go to page": the number of a page of the whole document (its items one after another). */
  function pageForm(goTo) {
    const count = pagesOnScreen().length;
    const error = el('p', { class: 'dialog-error', id: 'go-to-page-error', role: 'alert' });
    const input = el('input', {
      type: 'number',
      id: 'go-to-page',
      inputmode: 'numeric',
      min: 1,
      max: count,
      'aria-describedby': 'go-to-page-error',
    });
    const form = el(
      'form',
      { class: 'go-to-page', novalidate: true },
      el('h3', {}, words.goToPage),
      el('label', { for: 'go-to-page' }, words.pageNumber(count)),
      el('div', { class: 'go-to-page-row' }, input, el('button', { type: 'submit', class: 'button' }, words.go)),
      error,
    );
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const n = Number(input.value);
      if (!Number.isInteger(n) || n < 1 || n > count) {
        input.setAttribute('aria-invalid', 'true');
        error.textContent = words.noSuchPage(count);
        input.focus();
        return;
      }
      goTo(pagesOnScreen()[n - 1], { block: 'start' });
    });
    return form;
  }

  return { button, update };
}

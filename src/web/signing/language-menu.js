// The language menu of the signing page: every language the page speaks, each named in its own
// words (and marked with its lang, so screen readers pronounce it), labelled in the current one.
import { LANGUAGE_NAMES, PAGE_LANGUAGES } from './i18n.js';
import { el } from './signing-ui.js';

let menus = 0;

/** A labelled select; `onChange(lang)` runs when another language is chosen. */
export function languageMenu(current, label, onChange) {
  const id = `language-menu-${++menus}`;
  const select = el(
    'select',
    { id, class: 'lang-select', onchange: () => onChange(select.value) },
    ...PAGE_LANGUAGES.map((lang) =>
      el('option', { value: lang, lang, ...(lang === current ? { selected: true } : {}) }, LANGUAGE_NAMES[lang]),
    ),
  );
  return el('div', { class: 'lang' }, el('label', { for: id }, label), select);
}

// The look an embedding app asks for with Documenso's `css` and `cssVars` options, applied only
// when the document's platform turned white-label embedding on (the server says so in a <meta>).
// `css` is checked first: it may restyle the page but never load anything or run anything, so a
// sheet that names a remote resource, imports another or carries script is not applied at all.
// It goes in through a constructed stylesheet (document.adoptedStyleSheets): the CSP allows no
// inline <style>, and a constructed sheet is the page's own script's, not markup's.
// `cssVars` become custom properties `--kebab-case: H S% L%` (colours) or `--radius`, which
// signing.css maps onto its own colours (see the `data-embed-vars` rules there).

/** The largest `css` applied: a theme, not a payload. */
export const CSS_LIMIT = 50_000;

// After comments are removed and escapes decoded: anything that fetches (url(), image-set(), src(),
// @import, @font-face), runs (expression(), javascript:, -moz-binding, behavior) or closes a style
// element (`</style`, `<!--`) refuses the whole sheet.
const FORBIDDEN = [
  /url\s*\(/,
  /image-set\s*\(/,
  /image\s*\(/,
  /cross-fade\s*\(/,
  /element\s*\(/,
  /(^|[^a-z-])src\s*\(/,
  /@import/,
  /@font-face/,
  /@namespace/,
  /expression\s*\(/,
  /javascript\s*:/,
  /vbscript\s*:/,
  /-moz-binding/,
  /(^|[^a-z-])behavior\s*:/,
  /<\/?style/,
  /<!--/,
];

/** The text a browser's CSS parser sees: comments gone, `\75 rl(` read as `url(`, lower case. */
function normalised(css) {
  return css
    .replace(/\/\*[\s\S]*?(\*\/|$)/g, ' ')
    .replace(/\\([0-9a-f]{1,6})\s?/gi, (_, hex) => {
      const code = parseInt(hex, 16);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd';
    })
    .replace(/\\([\s\S])/g, '$1')
    .toLowerCase();
}

/** The sheet as given when it is safe to apply, else null (and nothing of it is applied). */
export function sanitizeCss(css) {
  if (typeof css !== 'string' || css.length === 0 || css.length > CSS_LIMIT) return null;
  // A NUL or another control character (but tab and line breaks) has no place in a theme.
  if ([...css].some((c) => (c < ' ' && !'\t\n\f\r'.includes(c)) || c === '\u007f')) return null;
  const plain = normalised(css);
  return FORBIDDEN.some((pattern) => pattern.test(plain)) ? null : css;
}

const NUMBER = '([+-]?(?:\\d+\\.?\\d*|\\.\\d+)(?:e[+-]?\\d+)?)';
const SEP = '\\s*(?:,\\s*|\\s+)';
const ALPHA = `(?:\\s*[,/]\\s*${NUMBER}%?)?`;
const RGB = new RegExp(`^rgba?\\(\\s*${NUMBER}(%?)${SEP}${NUMBER}(%?)${SEP}${NUMBER}(%?)${ALPHA}\\s*\\)$`, 'i');
const HSL = new RegExp(
  `^hsla?\\(\\s*${NUMBER}(deg|grad|rad|turn)?${SEP}${NUMBER}%?${SEP}${NUMBER}%?${ALPHA}\\s*\\)$`,
  'i',
);
const HEX = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

const clamp = (n, min, max) => Math.min(max, Math.max(min, n));
const round1 = (n) => Math.round(n * 10) / 10;
const DEGREES = { deg: 1, grad: 0.9, rad: 180 / Math.PI, turn: 360 };

function rgbToHsl(r, g, b) {
  const [rn, gn, bn] = [r / 255, g / 255, b / 255];
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return { h: 0, s: 0, l: l * 100 };
  const s = d / (1 - Math.abs(2 * l - 1));
  let h;
  if (max === rn) h = ((gn - bn) / d) % 6;
  else if (max === gn) h = (bn - rn) / d + 2;
  else h = (rn - gn) / d + 4;
  return { h: (h * 60 + 360) % 360, s: s * 100, l: l * 100 };
}

/** A colour in hex, rgb()/rgba() or hsl()/hsla() (alpha ignored) as `{h, s, l}`; null otherwise. */
export function parseColor(input) {
  if (typeof input !== 'string') return null;
  const value = input.trim();
  let m = HEX.exec(value);
  if (m) {
    const hex = m[1].length <= 4 ? [...m[1]].map((c) => c + c).join('') : m[1];
    return rgbToHsl(...[0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)));
  }
  m = RGB.exec(value);
  if (m) {
    const channel = (n, percent) => clamp(percent ? (Number(n) * 255) / 100 : Number(n), 0, 255);
    return rgbToHsl(channel(m[1], m[2]), channel(m[3], m[4]), channel(m[5], m[6]));
  }
  m = HSL.exec(value);
  if (m) {
    const h = Number(m[1]) * DEGREES[(m[2] || 'deg').toLowerCase()];
    return { h: ((h % 360) + 360) % 360, s: clamp(Number(m[3]), 0, 100), l: clamp(Number(m[4]), 0, 100) };
  }
  return null;
}

const kebab = (key) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * `cssVars` as custom properties: `[name, value, key]`, colours as `H S% L%` (a colour that does
 * not parse is left out, the page keeps its own), `radius` as given (already checked).
 */
export function cssVarDeclarations(cssVars) {
  const out = [];
  for (const [key, value] of Object.entries(cssVars ?? {})) {
    if (!value) continue;
    if (key === 'radius') {
      out.push(['--radius', value, key]);
      continue;
    }
    const hsl = parseColor(value);
    if (hsl) out.push([`--${kebab(key)}`, `${round1(hsl.h)} ${round1(hsl.s)}% ${round1(hsl.l)}%`, key]);
  }
  return out;
}

/** Applies `cssVars` and the checked `css` to the page; answers whether the css was applied. */
export function applyEmbedTheme({ css, cssVars }) {
  const root = document.documentElement;
  const declarations = cssVarDeclarations(cssVars);
  for (const [name, value] of declarations) root.style.setProperty(name, value);
  if (declarations.length) root.dataset.embedVars = declarations.map(([, , key]) => key).join(' ');
  if (!css) return false;
  const safe = sanitizeCss(css);
  if (!safe) {
    console.warn('Firma: the embedding app’s css was not applied (it may not load or run anything)');
    return false;
  }
  const sheet = new window.CSSStyleSheet();
  sheet.replaceSync(safe);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  return true;
}

import { el } from './dom.js';

// The "Upload" way of signing: an image of the signature (PNG or JPEG) from a file. The file is
// checked here for what the API would refuse anyway (its kind, its size), so the signer hears it
// at once; the server decodes and re-encodes it (the API's limits are the ones that count).

const TYPES = ['image/png', 'image/jpeg'];
/** The API's cap on an uploaded image (bytes). */
const MAX_BYTES = 700 * 1024;

/** The panel with its labelled file input; `value()` is the request's signature, or throws the reason. */
export function uploadPanel(t, attrs) {
  let image = null;
  const input = el('input', {
    id: 'signature-file',
    type: 'file',
    accept: TYPES.join(','),
    'aria-describedby': 'signature-file-problem',
  });
  const problem = el('p', { class: 'help', id: 'signature-file-problem', role: 'alert' });
  const preview = el('img', { class: 'signature-preview', alt: t.uploadPreview, hidden: true });
  input.addEventListener('change', () => {
    image = null;
    preview.hidden = true;
    problem.textContent = '';
    const file = input.files?.[0];
    if (!file) return;
    if (!TYPES.includes(file.type)) problem.textContent = t.uploadWrongType;
    else if (file.size > MAX_BYTES) problem.textContent = t.uploadTooLarge;
    if (problem.textContent) return;
    const reader = new window.FileReader();
    reader.addEventListener('load', () => {
      image = String(reader.result);
      preview.src = image;
      preview.hidden = false;
    });
    reader.readAsDataURL(file);
  });
  const panel = el('div', attrs, el('label', { for: 'signature-file' }, t.uploadLabel), input, problem, preview);
  return {
    panel,
    focus: () => input.focus(),
    value: () => {
      if (problem.textContent) throw new Error(problem.textContent);
      if (!image) throw new Error(t.uploadChoose);
      return { signature: { type: 'uploaded', image } };
    },
  };
}

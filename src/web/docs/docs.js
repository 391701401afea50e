// The API reference page: reads the OpenAPI documents Firma serves and renders each operation
// with a form to try it. The token stays in this page's memory only.
const root = document.getElementById('docs');
const tokenInput = document.getElementById('token');

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
    else if (k === 'class') node.className = v;
    else node.setAttribute(k, v);
  }
  for (const c of children.flat())
    if (c !== null && c !== undefined) node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return node;
}

function resolve(doc, schema) {
  let s = schema;
  for (let i = 0; i < 10 && s && s.$ref; i++) s = doc.components?.schemas?.[s.$ref.split('/').pop()];
  return s ?? {};
}

function example(doc, schema, depth = 0) {
  const s = resolve(doc, schema);
  if (depth > 6) return null;
  if (s.default !== undefined) return s.default;
  if (s.enum) return s.enum[0];
  const variants = s.anyOf ?? s.oneOf;
  if (variants) return example(doc, variants.find((v) => resolve(doc, v).type !== 'null') ?? variants[0], depth + 1);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  if (type === 'object')
    return Object.fromEntries(
      Object.entries(s.properties ?? {})
        .filter(([k]) => s.required?.includes(k))
        .map(([k, v]) => [k, example(doc, v, depth + 1)]),
    );
  if (type === 'array') return s.minItems ? [example(doc, s.items, depth + 1)] : [];
  if (type === 'integer' || type === 'number') return s.minimum ?? 1;
  if (type === 'boolean') return true;
  if (type === 'string') return 'text';
  return null;
}

function operation(doc, base, path, method, op) {
  const params = op.parameters ?? [];
  const inputs = new Map();
  const jsonMedia = op.requestBody?.content?.['application/json'];
  const jsonBody = jsonMedia?.schema;
  // The document's own example (generated from the route's schema), else one made here.
  const bodyArea = jsonBody
    ? el(
        'textarea',
        { rows: 8, 'aria-label': 'request body' },
        JSON.stringify(jsonMedia.example ?? example(doc, jsonBody), null, 2),
      )
    : null;
  const multipartExample = op.requestBody?.content?.['multipart/form-data']?.example;
  const output = el('pre', { hidden: '' });
  const form = el(
    'div',
    { class: 'try' },
    params.map((p) => {
      const input = el('input', {
        class: 'param',
        placeholder: `${p.required ? 'required' : 'optional'}${p.example !== undefined ? `, e.g. ${p.example}` : ''}`,
        'aria-label': p.name,
      });
      inputs.set(p, input);
      return [el('label', {}, `${p.name} (${p.in})`), input];
    }),
    bodyArea ? [el('label', {}, 'JSON body'), bodyArea] : null,
    el(
      'button',
      {
        type: 'button',
        onclick: async () => {
          let url = base + path;
          const query = new URLSearchParams();
          for (const [p, input] of inputs) {
            if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(input.value));
            else if (p.in === 'query' && input.value) query.set(p.name, input.value);
          }
          if ([...query].length) url += `?${query}`;
          const headers = tokenInput.value ? { authorization: `Bearer ${tokenInput.value}` } : {};
          if (bodyArea) headers['content-type'] = 'application/json';
          output.hidden = false;
          output.textContent = '…';
          try {
            const res = await fetch(url, {
              method: method.toUpperCase(),
              headers,
              body: bodyArea ? bodyArea.value : undefined,
              referrerPolicy: 'no-referrer',
            });
            const type = res.headers.get('content-type') ?? '';
            const text = type.includes('json')
              ? JSON.stringify(await res.json(), null, 2)
              : `(${type}, ${(await res.arrayBuffer()).byteLength} bytes)`;
            output.textContent = `${res.status} ${res.statusText}\n${text}`;
          } catch (error) {
            output.textContent = String(error);
          }
        },
      },
      'Send',
    ),
    output,
  );
  const responses = Object.entries(op.responses ?? {}).map(([code, r]) => {
    const shown = r.content?.['application/json']?.example;
    return el(
      'li',
      {},
      `${code}: ${r.description ?? ''}`,
      shown !== undefined && (code.startsWith('2') || code === '400')
        ? el('pre', { class: 'example', 'aria-label': `example ${code} answer` }, JSON.stringify(shown, null, 2))
        : null,
    );
  });
  return el(
    'details',
    { class: 'op', id: op.operationId ?? `${method}-${path}` },
    el(
      'summary',
      {},
      el('span', { class: `method m-${method}` }, method.toUpperCase()),
      el('span', { class: 'path' }, path),
      el('span', { class: 'summary' }, op.summary ?? ''),
    ),
    el(
      'div',
      { class: 'body' },
      op.description ? el('p', {}, op.description) : null,
      jsonBody
        ? [el('label', {}, 'Request schema'), el('pre', {}, JSON.stringify(resolve(doc, jsonBody), null, 2))]
        : null,
      multipartExample !== undefined
        ? [
            el('label', {}, 'Request example (multipart/form-data parts)'),
            el('pre', {}, JSON.stringify(multipartExample, null, 2)),
          ]
        : null,
      el('ul', {}, responses),
      form,
    ),
  );
}

async function render() {
  const versions = [
    ['v2', '/api/v2/openapi.json'],
    ['v1', '/api/v1/openapi.json'],
  ];
  root.replaceChildren();
  for (const [name, url] of versions) {
    const doc = await (await fetch(url)).json();
    const base = doc.servers?.[0]?.url ? new URL(doc.servers[0].url).pathname : `/api/${name}`;
    const section = el(
      'section',
      { id: name },
      el('h2', {}, `${doc.info.title} ${doc.info.version}`),
      el('p', {}, doc.info.description ?? ''),
    );
    const byTag = new Map();
    for (const [path, item] of Object.entries(doc.paths ?? {})) {
      for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
        if (!item[method]) continue;
        const tag = item[method].tags?.[0] ?? 'Other';
        byTag.set(tag, [...(byTag.get(tag) ?? []), operation(doc, base, path, method, item[method])]);
      }
    }
    for (const [tag, ops] of byTag) section.append(el('h3', {}, tag), ...ops);
    root.append(section);
  }
}

render().catch((error) => root.replaceChildren(el('p', {}, `Could not load the API documents: ${error}`)));

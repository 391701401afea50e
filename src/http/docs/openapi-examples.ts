/**
 * Examples for every operation of an OpenAPI document, made from the JSON Schemas the routes' Zod
 * schemas produced, so an example cannot describe a member the API does not have: each parameter,
 * each request body and each JSON response gets an `example` (a PDF answer has none; its error
 * answers do). Values are plausible by member name (an e-mail for `email`, a valid CUIL for
 * `cuil`) and otherwise the smallest the schema allows; a test validates every one against its
 * schema.
 */

type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  required?: string[];
  items?: Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  examples?: unknown[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  format?: string;
  pattern?: string;
};

type Media = { schema?: Schema; example?: unknown };
type Operation = {
  parameters?: { name: string; in: string; schema?: Schema; example?: unknown }[];
  requestBody?: { content?: Record<string, Media> };
  responses?: Record<string, { content?: Record<string, Media> }>;
};
type Document = { paths?: Record<string, Record<string, unknown>>; components?: { schemas?: Record<string, Schema> } };

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/** Adds the examples in place and returns the document. */
export function addOpenApiExamples<T extends object>(doc: T): T {
  const d = doc as Document;
  const sample = (schema: Schema | undefined, name = '') => sampleOf(d, schema ?? {}, name, 0);
  for (const item of Object.values(d.paths ?? {})) {
    for (const [method, raw] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const op = raw as Operation;
      for (const p of op.parameters ?? []) p.example ??= sample(p.schema, p.name);
      for (const media of Object.values(op.requestBody?.content ?? {}))
        if (media.schema) media.example ??= sample(media.schema);
      for (const response of Object.values(op.responses ?? {}))
        for (const [type, media] of Object.entries(response.content ?? {}))
          if (media.schema && type.includes('json')) media.example ??= sample(media.schema);
    }
  }
  return doc;
}

function resolve(doc: Document, schema: Schema): Schema {
  let s = schema;
  for (let i = 0; i < 10 && s.$ref; i++) s = doc.components?.schemas?.[s.$ref.split('/').pop()!] ?? {};
  return s;
}

function typeOf(s: Schema): string | undefined {
  if (Array.isArray(s.type)) return s.type.find((t) => t !== 'null');
  return s.type ?? (s.properties ? 'object' : undefined);
}

function sampleOf(doc: Document, schema: Schema, name: string, depth: number): unknown {
  const s = resolve(doc, schema);
  if (s.examples?.length) return s.examples[0];
  if (s.const !== undefined) return s.const;
  if (s.default !== undefined) return s.default;
  if (s.enum?.length) return s.enum[0];
  const variants = s.oneOf ?? s.anyOf;
  if (variants?.length) {
    // The first alternative that is not null and not the empty-string escape hatch (`"" | url`).
    const useful = variants.filter((v) => {
      const r = resolve(doc, v);
      return typeOf(r) !== 'null' && !(r.enum?.length === 1 && r.enum[0] === '');
    });
    return sampleOf(doc, useful[0] ?? variants[0]!, name, depth + 1);
  }
  if (s.allOf?.length)
    return Object.assign({}, ...s.allOf.map((part) => sampleOf(doc, part, name, depth + 1) as object)) as unknown;
  switch (typeOf(s)) {
    case 'object': {
      const out: Record<string, unknown> = {};
      if (depth > 8) return out;
      for (const key of s.required ?? []) {
        // A record with required keys (z.record over an enum) names them only in `required`.
        const child =
          s.properties?.[key] ?? (typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined);
        if (child) out[key] = sampleOf(doc, child, key, depth + 1);
      }
      return out;
    }
    case 'array':
      return depth > 8 || !s.items
        ? []
        : Array.from({ length: Math.max(1, s.minItems ?? 0) }, () => sampleOf(doc, s.items!, name, depth + 1));
    case 'integer':
    case 'number':
      return numberFor(s, name);
    case 'boolean':
      return true;
    case 'string':
      return stringFor(s, name);
    default:
      return null;
  }
}

function numberFor(s: Schema, name: string): number {
  const low = s.minimum ?? (s.exclusiveMinimum !== undefined ? Math.floor(s.exclusiveMinimum) + 1 : undefined);
  const wanted = /page/i.test(name) ? 1 : /^(width|height|pageX|pageY|position[XY])$/.test(name) ? 10 : 1;
  const value = Math.max(low ?? wanted, wanted);
  return s.maximum !== undefined ? Math.min(value, s.maximum) : value;
}

/** Candidates by member name first, then by format, then generic; the first the schema accepts. */
function stringFor(s: Schema, name: string): string {
  const byName: [RegExp, string][] = [
    [/email/i, 'ana@example.com'],
    [/cuil|cuit|taxId/i, '20123456786'],
    [/^name$/i, 'Ana Pérez'],
    [/title/i, 'Contrato de locación'],
    [/url|redirect/i, 'https://example.com/firma'],
    [/envelopeId$/, 'envelope_k3xq9v2m8d7w'],
    [/At$/, '2026-01-15T12:00:00.000Z'],
    [/timezone/i, 'America/Argentina/Buenos_Aires'],
    [/secret/i, 'whsec_0123456789abcdef'],
    [/token/i, 'api_0123456789abcdefghijklmnop'],
    [/id$/i, 'cm0example0id'],
  ];
  const byFormat: Record<string, string> = {
    email: 'ana@example.com',
    uri: 'https://example.com/firma',
    url: 'https://example.com/firma',
    'date-time': '2026-01-15T12:00:00.000Z',
    date: '2026-01-15',
    binary: '(the PDF file)',
  };
  const candidates = [
    ...byName.filter(([pattern]) => pattern.test(name)).map(([, value]) => value),
    ...(s.format && byFormat[s.format] ? [byFormat[s.format]!] : []),
    'text',
    'ana@example.com',
    '20123456786',
    '2026-01-15T12:00:00.000Z',
    'https://example.com/firma',
    '123456',
    '#000000',
    'a',
    '1',
  ];
  const fits = (value: string) =>
    value.length >= (s.minLength ?? 0) &&
    value.length <= (s.maxLength ?? Infinity) &&
    (!s.pattern || new RegExp(s.pattern, 'u').test(value));
  return candidates.find(fits) ?? 'x'.repeat(Math.max(1, s.minLength ?? 1));
}

import type { OpenAPIV3_1 } from 'openapi-types';

/**
 * One Postman request made from one OpenAPI operation: the collection's folders (postman-collection.ts)
 * and its typical flow (postman-flows.ts) both build their requests here.
 */

export type Doc = OpenAPIV3_1.Document;
type Operation = OpenAPIV3_1.OperationObject;
type Schema = OpenAPIV3_1.SchemaObject | OpenAPIV3_1.ReferenceObject;

export const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

export interface PostmanRequestItem {
  name: string;
  request: Record<string, unknown>;
  response: unknown[];
  event?: { listen: 'test' | 'prerequest'; script: { type: 'text/javascript'; exec: string[] } }[];
}

export function requestItem(
  doc: Doc,
  prefix: string,
  path: string,
  method: (typeof METHODS)[number],
  op: Operation,
  nameOverride?: string,
  values: Record<string, string> = {},
): PostmanRequestItem {
  const params = (op.parameters ?? []) as OpenAPIV3_1.ParameterObject[];
  const segments = `${prefix}${path}`
    .split('/')
    .filter(Boolean)
    .map((s) => s.replace(/^\{(.+)\}$/, ':$1'));
  const pathVariables = params
    .filter((p) => p.in === 'path')
    .map((p) => ({ key: p.name, value: values[p.name] ?? exampleParam(p), description: p.description ?? '' }));
  const query = params
    .filter((p) => p.in === 'query' && p.required)
    .map((p) => ({ key: p.name, value: exampleParam(p) }));
  const rawQuery = query.length ? `?${query.map((q) => `${q.key}=${q.value}`).join('&')}` : '';
  const request: Record<string, unknown> = {
    method: method.toUpperCase(),
    description: [op.summary, op.description].filter(Boolean).join('\n\n'),
    url: {
      raw: `{{base_url}}/${segments.join('/')}${rawQuery}`,
      host: ['{{base_url}}'],
      path: segments,
      ...(query.length ? { query } : {}),
      ...(pathVariables.length ? { variable: pathVariables } : {}),
    },
    header: [] as { key: string; value: string }[],
  };
  if (Array.isArray(op.security) && op.security.length === 0) request.auth = { type: 'noauth' };
  const content = (op.requestBody as OpenAPIV3_1.RequestBodyObject | undefined)?.content ?? {};
  if (content['application/json']?.schema) {
    (request.header as { key: string; value: string }[]).push({ key: 'Content-Type', value: 'application/json' });
    request.body = {
      mode: 'raw',
      // A flow's body may hold unquoted number variables (`"documentId": {{document_id}}`): used as written.
      raw:
        values.body ??
        JSON.stringify(
          content['application/json'].example ?? example(doc, content['application/json'].schema, 0),
          null,
          2,
        ),
      options: { raw: { language: 'json' } },
    };
  } else if (content['multipart/form-data']?.schema) {
    const shape = resolve(doc, content['multipart/form-data'].schema);
    const documented = (content['multipart/form-data'].example ?? {}) as Record<string, unknown>;
    const formdata = Object.entries(shape.properties ?? {}).map(([key, s]) => {
      const prop = resolve(doc, s);
      const isFile =
        prop.format === 'binary' || resolve(doc, (prop as OpenAPIV3_1.ArraySchemaObject).items).format === 'binary';
      return isFile
        ? { key, type: 'file', src: '{{pdf_path}}' }
        : { key, type: 'text', value: values[key] ?? JSON.stringify(documented[key] ?? example(doc, s, 0)) };
    });
    request.body = { mode: 'formdata', formdata };
  } else if (content['application/pdf']) {
    (request.header as { key: string; value: string }[]).push({ key: 'Content-Type', value: 'application/pdf' });
    request.body = { mode: 'file', file: { src: '{{pdf_path}}' } };
  }
  return {
    name: nameOverride ?? op.summary ?? `${method.toUpperCase()} ${path}`,
    request,
    response: responseExamples(op, request),
  };
}

/** The OpenAPI document's examples of the success answer and of a refused request, as saved responses. */
function responseExamples(op: Operation, originalRequest: Record<string, unknown>) {
  return Object.entries(op.responses ?? {})
    .filter(([status]) => status.startsWith('2') || status === '400')
    .flatMap(([status, raw]) => {
      const response = raw as OpenAPIV3_1.ResponseObject;
      const media = response.content?.['application/json'];
      if (media?.example === undefined) return [];
      return [
        {
          name: `${status} ${status === '400' ? 'refused' : 'example'}`,
          originalRequest,
          status: response.description ?? status,
          code: Number(status),
          _postman_previewlanguage: 'json',
          header: [{ key: 'Content-Type', value: 'application/json' }],
          body: JSON.stringify(media.example, null, 2),
        },
      ];
    });
}

export function resolve(doc: Doc, schema: Schema | undefined): OpenAPIV3_1.SchemaObject {
  let s = schema;
  for (let i = 0; i < 10 && s && '$ref' in s; i++) {
    const name = s.$ref.split('/').pop()!;
    s = doc.components?.schemas?.[name];
  }
  return s ?? {};
}

function exampleParam(p: OpenAPIV3_1.ParameterObject): string {
  const s = (p.schema ?? {}) as OpenAPIV3_1.SchemaObject;
  if (s.default !== undefined) return String(s.default as string);
  if (s.enum?.length) return String(s.enum[0] as string);
  return s.type === 'integer' || s.type === 'number'
    ? '1'
    : p.name === 'envelopeId'
      ? '{{envelope_id}}'
      : `<${p.name}>`;
}

/** A plausible value for a schema: required members, the first enum value, the default. */
function example(doc: Doc, schema: Schema | undefined, depth: number): unknown {
  const s = resolve(doc, schema);
  if (depth > 6) return null;
  if (s.examples?.length) return s.examples[0];
  if (s.default !== undefined) return s.default;
  if (s.enum?.length) return s.enum[0];
  if (s.const !== undefined) return s.const;
  const variants = s.anyOf ?? s.oneOf;
  if (variants?.length)
    return example(doc, variants.find((v) => resolve(doc, v).type !== 'null') ?? variants[0], depth + 1);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries(s.properties ?? {}))
        if (s.required?.includes(key)) out[key] = example(doc, prop, depth + 1);
      return out;
    }
    case 'array':
      return s.minItems ? [example(doc, (s as OpenAPIV3_1.ArraySchemaObject).items, depth + 1)] : [];
    case 'integer':
    case 'number':
      return typeof s.minimum === 'number' ? s.minimum : 1;
    case 'boolean':
      return true;
    case 'string':
      return s.format === 'email' ? 'ana@example.com' : s.format === 'uri' ? 'https://example.com' : 'text';
    default:
      return null;
  }
}

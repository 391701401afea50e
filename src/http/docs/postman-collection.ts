import { FLOW_VARIABLES, postmanFlows } from './postman-flows.js';
import { METHODS, requestItem, type Doc, type PostmanRequestItem } from './postman-request.js';

const SCHEMA_URL = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';

/**
 * A Postman collection (format v2.1) generated from the OpenAPI documents the API serves, so it can
 * never drift from them: one folder per API version and tag, example bodies derived from the
 * request schemas, `{{base_url}}` and `{{api_token}}` variables, and a "Typical flow" folder with
 * the usual sequence in order.
 */
export function postmanCollection(docs: { prefix: string; doc: Doc }[], baseUrl: string) {
  const folders = docs.map(({ prefix, doc }) => {
    const byTag = new Map<string, PostmanRequestItem[]>();
    for (const [path, item] of Object.entries(doc.paths ?? {})) {
      for (const method of METHODS) {
        const op = item?.[method];
        if (!op) continue;
        const tag = op.tags?.[0] ?? 'Other';
        byTag.set(tag, [...(byTag.get(tag) ?? []), requestItem(doc, prefix, path, method, op)]);
      }
    }
    return { name: `${doc.info.title} ${doc.info.version}`, item: [...byTag].map(([name, item]) => ({ name, item })) };
  });
  const v2 = docs.find((d) => d.prefix === '/api/v2');
  return {
    info: {
      name: 'Firma API',
      description:
        'Generated from /api/v2/openapi.json and /api/v1/openapi.json. Set the collection variables base_url (the server root) and api_token.',
      schema: SCHEMA_URL,
    },
    auth: { type: 'bearer', bearer: [{ key: 'token', value: '{{api_token}}', type: 'string' }] },
    variable: [
      { key: 'base_url', value: baseUrl, type: 'string' },
      { key: 'api_token', value: 'api_…', type: 'string' },
      ...FLOW_VARIABLES.map((v) => ({ ...v, type: 'string' })),
    ],
    item: [...(v2 ? postmanFlows(v2.doc) : []), ...folders],
  };
}

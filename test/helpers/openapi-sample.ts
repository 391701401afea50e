/**
 * Builds request values from the JSON Schemas of Firma's own OpenAPI documents, for tests that
 * must cover every route without being edited when routes are added: the isolation matrix fills
 * id-shaped members with another platform's ids, the fuzz test bends valid values out of shape.
 */

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  pattern?: string;
  default?: unknown;
  additionalProperties?: boolean | JsonSchema;
};

export interface SampleOptions {
  /** A value for a member by its name and type, or undefined to let the schema decide. */
  idFor?: (name: string, type: string | undefined) => unknown;
  /** Random source (0 ≤ x < 1) choosing among alternatives; the first alternative when absent. */
  random?: () => number;
}

function firstType(schema: JsonSchema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== 'null');
  if (schema.type) return schema.type;
  if (schema.properties) return 'object';
  return undefined;
}

function pick<T>(list: T[], options: SampleOptions): T {
  return list[options.random ? Math.floor(options.random() * list.length) : 0]!;
}

/** A value that satisfies `schema` (for the schemas Zod emits), with ids supplied by `idFor`. */
export function sampleValue(schema: JsonSchema, options: SampleOptions = {}, name = ''): unknown {
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (alternatives?.length)
    return sampleValue(
      pick(
        alternatives.filter((s) => firstType(s) !== 'null'),
        options,
      ),
      options,
      name,
    );
  if (schema.allOf?.length) {
    return Object.assign({}, ...schema.allOf.map((s) => sampleValue(s, options, name) as object));
  }
  const type = firstType(schema);
  const supplied = options.idFor?.(name, type);
  if (supplied !== undefined) return supplied;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return pick(schema.enum, options);
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      // Required members, and optional ones only when `idFor` names them: an optional member's
      // sample (a made-up time zone, say) would make the whole request fail validation.
      const required = new Set(schema.required ?? []);
      for (const [key, child] of Object.entries(schema.properties ?? {})) {
        if (required.has(key) || options.idFor?.(key, firstType(child)) !== undefined)
          out[key] = sampleValue(child, options, key);
      }
      return out;
    }
    case 'array': {
      const count = Math.max(1, schema.minItems ?? 0);
      return Array.from({ length: count }, () => sampleValue(schema.items ?? {}, options, name));
    }
    case 'integer':
    case 'number': {
      const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
      return Math.min(low, schema.maximum ?? low);
    }
    case 'boolean':
      return false;
    case 'string':
      return sampleString(schema, name);
    default:
      return 'x';
  }
}

function sampleString(schema: JsonSchema, name: string): string {
  if (schema.format === 'email' || /email/i.test(name)) return 'someone@example.com';
  if (schema.format === 'uri' || /url/i.test(name)) return 'http://127.0.0.1:9/hook';
  if (schema.format === 'date-time' || /At$/.test(name)) return new Date(Date.now() + 86_400_000).toISOString();
  if (/cuil|taxId/i.test(name)) return '20123456786';
  const min = schema.minLength ?? 1;
  return 'sample'.padEnd(min, 'x').slice(0, schema.maxLength ?? 64);
}

export interface OpenApiOperation {
  method: string;
  /** The path as documented, e.g. `/envelope/{envelopeId}`. */
  path: string;
  /** The documented prefix, e.g. `/api/v2`. */
  prefix: string;
  parameters: { name: string; in: string; required?: boolean; schema: JsonSchema }[];
  body?: { contentType: string; schema: JsonSchema };
  /** An empty security list marks capability URLs (signing, uploads): no API token. */
  public: boolean;
}

/** Every operation of an OpenAPI document served at `${prefix}/openapi.json`. */
export function listOperations(
  doc: { paths: Record<string, Record<string, unknown>> },
  prefix: string,
): OpenApiOperation[] {
  const out: OpenApiOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(item)) {
      const op = raw as {
        parameters?: OpenApiOperation['parameters'];
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
        security?: unknown[];
      };
      const [contentType, media] = Object.entries(op.requestBody?.content ?? {})[0] ?? [];
      out.push({
        method: method.toUpperCase(),
        path,
        prefix,
        parameters: op.parameters ?? [],
        ...(contentType && media ? { body: { contentType, schema: media.schema } } : {}),
        public: Array.isArray(op.security) && op.security.length === 0,
      });
    }
  }
  return out;
}

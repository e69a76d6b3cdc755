import type { ErrorObject } from 'ajv';
import { PLAIN_TEXT_PATTERN, PLAIN_TEXT_RULE, UUID_PATTERN } from '@splitpay/domain';

/** Where a validated value came from; names the field in messages. */
export type Location = 'body' | 'query' | 'path';

/** `/methods/0/schemes/1` -> `methods[0].schemes[1]`. */
function fieldPath(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((path, segment) => (/^\d+$/.test(segment) ? `${path}[${segment}]` : path ? `${path}.${segment}` : segment), '');
}

function join(base: string, child: string): string {
  return base ? `${base}.${child}` : child;
}

/** Formats whose name alone would not tell the caller what is expected. */
const FORMAT_NAMES: Readonly<Record<string, string>> = {
  'iso-4217': 'an ISO 4217 currency code',
  'iso-3166-1-alpha-2': 'an ISO 3166-1 alpha-2 country code',
};

type Schema = { $ref?: unknown; properties?: Record<string, unknown>; items?: unknown; oneOf?: unknown[] };

const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null;
const unescape = (segment: string): string => segment.replace(/~1/g, '/').replace(/~0/g, '~');

/** A named schema is a `$ref` into the root's `$defs` (validate.ts, withNamedRefs): read there. */
function deref(schema: unknown, root: unknown): Schema {
  let at: unknown = schema;
  for (let hops = 0; isSchema(at) && typeof at.$ref === 'string' && at.$ref.startsWith('#/') && hops < 8; hops += 1) {
    at = at.$ref.slice(2).split('/').reduce<unknown>((node, segment) => (isSchema(node) ? (node as Record<string, unknown>)[unescape(segment)] : undefined), root);
  }
  return isSchema(at) ? at : {};
}

/**
 * The schema that checks the value at `pointer`, walked from `root` through properties and items
 * (ajv's errors carry no schema unless verbose, which would copy the payer's input into them).
 */
function schemaAt(root: unknown, pointer: string): Schema {
  return pointer
    .split('/')
    .slice(1)
    .reduce<Schema>((schema, segment) => deref(/^\d+$/.test(segment) ? schema.items : schema.properties?.[unescape(segment)], root), deref(root, root));
}

/** The values a discriminator's branches give its tag (`const` or `enum`). */
function tagValues(root: unknown, pointer: string, tag: string): unknown[] {
  return (schemaAt(root, pointer).oneOf ?? []).flatMap((branch) => {
    const tagSchema = deref(branch, root).properties?.[tag] as { const?: unknown; enum?: unknown[] } | undefined;
    return tagSchema?.enum ?? (tagSchema?.const !== undefined ? [tagSchema.const] : []);
  });
}

const list = (values: unknown): string => (Array.isArray(values) ? values.map(String).join(', ') : String(values));

/**
 * One sentence naming the field and the rule it broke, e.g. "methods[0].schemes[1] must be one of cb, visa".
 * `root`: the schema validated, where a discriminator's branches are read.
 */
export function describeError(error: ErrorObject, location: Location, root?: unknown): string {
  const base = fieldPath(error.instancePath);
  const prefix = location === 'body' ? '' : location;
  const field = (path: string): string => (prefix ? join(prefix, path) : path || 'body');
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `${field(join(base, String(params.missingProperty)))} is required`;
    case 'additionalProperties':
      return `${field(join(base, String(params.additionalProperty)))} is not a declared property`;
    case 'type':
      return `${field(base)} must be ${params.type === 'integer' ? 'an integer' : `of type ${String(params.type)}`}`;
    case 'pattern':
      if (params.pattern === UUID_PATTERN.source) return `${field(base)} must be a lowercase UUID`;
      if (params.pattern === PLAIN_TEXT_PATTERN.source) return `${field(base)} ${PLAIN_TEXT_RULE}`;
      return `${field(base)} must match the pattern ${String(params.pattern)}`;
    case 'minLength':
      return `${field(base)} must be at least ${String(params.limit)} characters long`;
    case 'maxLength':
      return `${field(base)} must be at most ${String(params.limit)} characters long`;
    case 'minimum':
      return `${field(base)} must be at least ${String(params.limit)}`;
    case 'maximum':
      return `${field(base)} must be at most ${String(params.limit)}`;
    case 'minItems':
      return `${field(base)} must hold at least ${String(params.limit)} item${params.limit === 1 ? '' : 's'}`;
    case 'maxItems':
      return `${field(base)} must hold at most ${String(params.limit)} items`;
    case 'uniqueItems':
      return `${field(base)} must not repeat an item (items ${String(params.j)} and ${String(params.i)} are equal)`;
    case 'enum':
      return `${field(base)} must be one of ${list(params.allowedValues)}`;
    case 'const':
      return `${field(base)} must be ${JSON.stringify(params.allowedValue)}`;
    case 'format':
      return `${field(base)} must be ${FORMAT_NAMES[String(params.format)] ?? `a valid ${String(params.format)}`}`;
    case 'discriminator': {
      const tag = field(join(base, String(params.tag)));
      const values = tagValues(root, error.instancePath, String(params.tag));
      return params.error === 'tag' ? `${tag} must be a string` : `${tag} must be one of ${list(values)}`;
    }
    default:
      return `${field(base)} ${error.message ?? 'is invalid'}`;
  }
}

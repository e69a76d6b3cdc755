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

const list = (values: unknown): string => (Array.isArray(values) ? values.map(String).join(', ') : String(values));

/** One sentence naming the field and the rule it broke, e.g. "methods[0].schemes[1] must be one of cb, visa". */
export function describeError(error: ErrorObject, location: Location): string {
  const base = fieldPath(error.instancePath);
  const prefix = location === 'body' ? '' : location;
  const field = (path: string): string => (prefix ? join(prefix, path) : path || 'body');
  const params = error.params as Record<string, unknown>;
  const schema = error.parentSchema as Record<string, unknown> | undefined;
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
      const oneOf = (schema?.oneOf ?? []) as { properties?: Record<string, { const?: unknown; enum?: unknown[] }> }[];
      const values = oneOf.flatMap((branch) => {
        const tagSchema = branch.properties?.[String(params.tag)];
        return tagSchema?.enum ?? (tagSchema?.const !== undefined ? [tagSchema.const] : []);
      });
      return params.error === 'tag' ? `${tag} must be a string` : `${tag} must be one of ${list(values)}`;
    }
    default:
      return `${field(base)} ${error.message ?? 'is invalid'}`;
  }
}

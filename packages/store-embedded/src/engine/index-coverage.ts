import type { IndexKeyPattern } from '@splitpay/store-mongo';

/** How a filter constrains one field, as far as index bounds go. */
type Bound = 'equality' | 'range' | 'residual';

const RANGE_OPERATORS = ['$lt', '$lte', '$gt', '$gte'];

function isOperatorObject(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    !(value instanceof Date) &&
    Object.keys(value).some((key) => key.startsWith('$'))
  );
}

function boundOf(condition: unknown): Bound {
  if (!isOperatorObject(condition)) return 'equality';
  const operators = Object.keys(condition);
  if (operators.includes('$eq') || operators.includes('$in')) return 'equality';
  if (operators.some((op) => RANGE_OPERATORS.includes(op))) return 'range';
  return 'residual';
}

/**
 * The fields a filter bounds, as MongoDB's planner sees them: top-level field conditions (and those
 * of a top-level `$and`). `$or`, `$nor`, `$expr` and operators such as `$exists` or `$ne` only filter
 * what the bounds already reached.
 */
export function boundsOf(filter: Readonly<Record<string, unknown>>): Map<string, Bound> {
  const bounds = new Map<string, Bound>();
  const rank = { equality: 2, range: 1, residual: 0 } as const;
  const add = (field: string, bound: Bound) => {
    const known = bounds.get(field);
    if (!known || rank[bound] > rank[known]) bounds.set(field, bound);
  };
  for (const [key, condition] of Object.entries(filter)) {
    if (key === '$and' && Array.isArray(condition)) {
      for (const part of condition) for (const [field, bound] of boundsOf(part as Record<string, unknown>)) add(field, bound);
    } else if (!key.startsWith('$')) {
      add(key, boundOf(condition));
    }
  }
  return bounds;
}

export interface IndexCandidate {
  readonly name: string;
  readonly key: IndexKeyPattern;
}

export type Coverage =
  | { readonly served: true; readonly index: string }
  | { readonly served: false; readonly reason: string };

/**
 * Whether `index` serves the query without a collection scan or an in-memory sort, by the rule
 * MongoDB's planner follows (equality, sort, range): a prefix of equality-bound fields, then the
 * sort's fields in index order (all in the index's direction or all reversed), and the scan must be
 * bounded (an equality prefix, or a range on the first field after it).
 * Returns the length of the equality prefix, or undefined when the index does not serve it.
 */
function servedPrefix(index: IndexCandidate, bounds: Map<string, Bound>, sort: Readonly<Record<string, number>>): number | undefined {
  const fields = Object.keys(index.key);
  let prefix = 0;
  while (prefix < fields.length && bounds.get(fields[prefix] as string) === 'equality') prefix++;
  const next = fields[prefix];
  const bounded = prefix > 0 || (next !== undefined && bounds.get(next) === 'range');
  if (!bounded) return undefined;
  const sortRest = Object.entries(sort).filter(([field]) => bounds.get(field) !== 'equality');
  let direction = 0;
  for (const [offset, [field, order]] of sortRest.entries()) {
    const indexField = fields[prefix + offset];
    if (indexField !== field) return undefined;
    const relative = Math.sign(Number(index.key[indexField]) * order);
    if (direction !== 0 && relative !== direction) return undefined;
    direction = relative;
  }
  return prefix;
}

/** Picks the declared index serving the query best (longest equality prefix), or says why none does. */
export function coverageOf(
  filter: Readonly<Record<string, unknown>>,
  sort: Readonly<Record<string, number>> | undefined,
  indexes: readonly IndexCandidate[],
): Coverage {
  const bounds = boundsOf(filter);
  let best: { name: string; prefix: number } | undefined;
  for (const index of indexes) {
    const prefix = servedPrefix(index, bounds, sort ?? {});
    if (prefix !== undefined && (!best || prefix > best.prefix)) best = { name: index.name, prefix };
  }
  if (best) return { served: true, index: best.name };
  const fields = [...bounds.entries()].map(([field, bound]) => `${field}:${bound}`).join(', ') || 'no bounded field';
  return { served: false, reason: `filter {${fields}}${sort ? ` sort ${JSON.stringify(sort)}` : ''}` };
}

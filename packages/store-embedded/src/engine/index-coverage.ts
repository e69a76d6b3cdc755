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
  /** A partial index holds only the documents matching this filter. */
  readonly partialFilterExpression?: Readonly<Record<string, unknown>>;
}

export type Coverage =
  | { readonly served: true; readonly index: string }
  | { readonly served: false; readonly reason: string };

/** How a chosen index serves a query: its equality prefix, and the direction it is walked in for the sort. */
export interface IndexChoice {
  readonly index: IndexCandidate;
  /** How many leading index fields the filter bounds by equality. */
  readonly prefix: number;
  /** 1: walk the index forward for the sort; -1: backward; 0: no sort beyond the equality prefix. */
  readonly direction: 1 | -1 | 0;
  /** The sort names every index field after the prefix, in order: the index order is the sort order. */
  readonly sortCoversRest: boolean;
}

const isScalarValue = (value: unknown): boolean =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value instanceof Date;

/** The scalar values an equality condition on one field names (`v`, `{ $eq: v }`, `{ $in: [...] }`), or undefined. */
export function equalityValues(condition: unknown): unknown[] | undefined {
  if (isScalarValue(condition)) return [condition];
  if (!isOperatorObject(condition)) return undefined;
  if ('$eq' in condition) return isScalarValue(condition.$eq) ? [condition.$eq] : undefined;
  const list = condition.$in;
  return Array.isArray(list) && list.length > 0 && list.every(isScalarValue) ? [...list] : undefined;
}

/** Top-level field conditions of a filter, those of a top-level `$and` included. */
export function fieldConditions(filter: Readonly<Record<string, unknown>>): [string, unknown][] {
  const out: [string, unknown][] = [];
  for (const [key, condition] of Object.entries(filter)) {
    if (key === '$and' && Array.isArray(condition)) for (const part of condition) out.push(...fieldConditions(part as Record<string, unknown>));
    else if (!key.startsWith('$')) out.push([key, condition]);
  }
  return out;
}

/**
 * Whether every document the filter matches is in a partial index, as MongoDB's planner must prove
 * before using one. Only `{ field: { $exists: true } }` partial filters are understood (the only kind
 * the plan declares); a non-null equality on that field implies it.
 */
export function impliesPartialFilter(filter: Readonly<Record<string, unknown>>, partial: Readonly<Record<string, unknown>> | undefined): boolean {
  if (!partial) return true;
  const conditions = fieldConditions(filter);
  return Object.entries(partial).every(([field, condition]) => {
    const exists = isOperatorObject(condition) && Object.keys(condition).length === 1 && condition.$exists === true;
    return exists && conditions.some(([name, c]) => name === field && equalityValues(c) !== undefined);
  });
}

/**
 * Whether `index` serves the query without a collection scan or an in-memory sort, by the rule
 * MongoDB's planner follows (equality, sort, range): a prefix of equality-bound fields, then the
 * sort's fields in index order (all in the index's direction or all reversed), and the scan must be
 * bounded (an equality prefix, or a range on the first field after it).
 */
function servedBy(index: IndexCandidate, bounds: Map<string, Bound>, sort: Readonly<Record<string, number>>): Omit<IndexChoice, 'index'> | undefined {
  const fields = Object.keys(index.key);
  let prefix = 0;
  while (prefix < fields.length && bounds.get(fields[prefix] as string) === 'equality') prefix++;
  const next = fields[prefix];
  const bounded = prefix > 0 || (next !== undefined && bounds.get(next) === 'range');
  if (!bounded) return undefined;
  const sortRest = Object.entries(sort).filter(([field]) => bounds.get(field) !== 'equality');
  let direction: 1 | -1 | 0 = 0;
  for (const [offset, [field, order]] of sortRest.entries()) {
    const indexField = fields[prefix + offset];
    if (indexField !== field) return undefined;
    const relative = Math.sign(Number(index.key[indexField]) * order) as 1 | -1;
    if (direction !== 0 && relative !== direction) return undefined;
    direction = relative;
  }
  return { prefix, direction, sortCoversRest: sortRest.length > 0 && prefix + sortRest.length === fields.length };
}

/** The declared index serving the query best (longest equality prefix), or undefined when none does. */
export function chooseIndex(
  filter: Readonly<Record<string, unknown>>,
  sort: Readonly<Record<string, number>> | undefined,
  indexes: readonly IndexCandidate[],
): IndexChoice | undefined {
  const bounds = boundsOf(filter);
  let best: IndexChoice | undefined;
  for (const index of indexes) {
    if (!impliesPartialFilter(filter, index.partialFilterExpression)) continue;
    const served = servedBy(index, bounds, sort ?? {});
    if (served && (!best || served.prefix > best.prefix)) best = { index, ...served };
  }
  return best;
}

/** Picks the declared index serving the query best (longest equality prefix), or says why none does. */
export function coverageOf(
  filter: Readonly<Record<string, unknown>>,
  sort: Readonly<Record<string, number>> | undefined,
  indexes: readonly IndexCandidate[],
): Coverage {
  const best = chooseIndex(filter, sort, indexes);
  if (best) return { served: true, index: best.index.name };
  const fields = [...boundsOf(filter).entries()].map(([field, bound]) => `${field}:${bound}`).join(', ') || 'no bounded field';
  return { served: false, reason: `filter {${fields}}${sort ? ` sort ${JSON.stringify(sort)}` : ''}` };
}

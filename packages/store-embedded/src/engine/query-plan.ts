import type { DeclaredIndex } from './declared-index';
import { chooseIndex, equalityValues, fieldConditions } from './index-coverage';
import type { FieldRange, Span } from './sorted-entries';

/**
 * How a query reads an index instead of the whole collection: the spans of entries its equality
 * prefix (and a range on the next field) delimits, and whether walking them yields the sort's order.
 * The spans hold a superset of the answer; the query's own filter (mingo) decides each document.
 */
export interface IndexScan {
  readonly index: DeclaredIndex;
  readonly spans: readonly Span[];
  /** 1 or -1: walking the single span in that direction yields the sort's order (no sort needed); absent: sort after. */
  readonly ordered?: 1 | -1;
}

/** More equality tuples than this ($in lists multiplied) and the query is answered by a scan, as a planner would give up. */
const MAX_TUPLES = 1_000;

const RANGE_OPERATORS = ['$gt', '$gte', '$lt', '$lte'] as const;

function isOperatorObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date) && Object.keys(value).some((k) => k.startsWith('$'));
}

const kindOf = (value: unknown): string => (value instanceof Date ? 'date' : value === null ? 'null' : typeof value);

/**
 * The range one condition puts on a field, when every bound it gives is of one scalar type (the
 * tightest bound per side). Undefined when it gives none, or mixes types (then nothing is narrowed).
 */
function rangeOf(condition: unknown): FieldRange | undefined {
  if (!isOperatorObject(condition)) return undefined;
  const bounds = RANGE_OPERATORS.filter((op) => op in condition).map((op) => ({ op, value: condition[op] }));
  if (bounds.length === 0) return undefined;
  const kinds = new Set(bounds.map((b) => kindOf(b.value)));
  const [kind] = kinds;
  if (kinds.size !== 1 || !['number', 'string', 'date', 'boolean'].includes(kind as string)) return undefined;
  const tightest = (ops: readonly string[], better: (a: unknown, b: unknown) => boolean) => {
    let best: { value: unknown; inclusive: boolean } | undefined;
    for (const bound of bounds.filter((b) => ops.includes(b.op))) {
      const inclusive = bound.op.endsWith('e');
      if (!best || better(bound.value, best.value) || (bound.value === best.value && !inclusive)) best = { value: bound.value, inclusive };
    }
    return best;
  };
  const value = (v: unknown) => (v instanceof Date ? v.getTime() : (v as number | string | boolean));
  const lower = tightest(['$gt', '$gte'], (a, b) => value(a) > value(b));
  const upper = tightest(['$lt', '$lte'], (a, b) => value(a) < value(b));
  return { ...(lower ? { lower } : {}), ...(upper ? { upper } : {}) };
}

function cartesian(lists: readonly unknown[][]): unknown[][] | undefined {
  let tuples: unknown[][] = [[]];
  for (const list of lists) {
    tuples = tuples.flatMap((tuple) => list.map((value) => [...tuple, value]));
    if (tuples.length > MAX_TUPLES) return undefined;
  }
  return tuples;
}

/**
 * The index scan answering `filter` (and `sort`), as MongoDB's planner would pick it, or undefined
 * when no declared index bounds the query: the caller then reads every document (the query audit has
 * already refused or recorded such a query).
 */
export function planIndexScan(
  filter: Readonly<Record<string, unknown>>,
  sort: Readonly<Record<string, number>> | undefined,
  indexes: readonly DeclaredIndex[],
): IndexScan | undefined {
  const choice = chooseIndex(filter, sort, indexes);
  if (!choice) return undefined;
  const index = choice.index as DeclaredIndex;
  const fields = Object.keys(index.key);
  const conditions = fieldConditions(filter);

  const prefixValues: unknown[][] = [];
  for (const field of fields.slice(0, choice.prefix)) {
    const values = conditions.map(([name, c]) => (name === field ? equalityValues(c) : undefined)).find((v) => v !== undefined);
    if (!values) break;
    prefixValues.push(values);
  }
  const prefix = prefixValues.length;
  const next = fields[prefix];
  // On a multikey index, two bounds may hold for different elements of one array: no narrowing then.
  const range = next === undefined || index.multikey ? undefined : conditions.map(([name, c]) => (name === next ? rangeOf(c) : undefined)).find((r) => r !== undefined);
  if (prefix === 0 && !range) return undefined;
  const tuples = cartesian(prefixValues);
  if (!tuples) return undefined;

  const spans = tuples.map((tuple) => {
    const span = index.entries.prefixSpan(tuple);
    return range ? index.entries.narrow(span, prefix, range) : span;
  });
  const prefixFields = new Set(fields.slice(0, prefix));
  const sortFieldsFromIndex = Object.keys(sort ?? {}).every((field) => prefixFields.has(field) || fields.indexOf(field) >= prefix);
  const walkable = tuples.length === 1 && prefix === choice.prefix && choice.sortCoversRest && !index.multikey && sortFieldsFromIndex;
  return { index, spans, ...(walkable && choice.direction !== 0 ? { ordered: choice.direction } : {}) };
}

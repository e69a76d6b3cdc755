import type { IndexKeyPattern } from '@splitpay/store-mongo';
import { deepCopy } from './apply-update';

/** The value a missing field or an empty array takes in an index (MongoDB indexes missing as null). */
const EMPTY_ARRAY = Symbol('empty array');

/**
 * Values of `path` (from its part `from`) in `value` with MongoDB's multikey rules: an array on the
 * way (or at the end) contributes each of its elements; a missing field is null.
 */
function valuesAt(value: unknown, path: readonly string[], from = 0): unknown[] {
  let node = value;
  for (let i = from; ; i++) {
    if (Array.isArray(node)) {
      if (node.length === 0) return [i === path.length ? EMPTY_ARRAY : null];
      return node.flatMap((element) => valuesAt(element, path, i));
    }
    if (i === path.length) return [node === undefined ? null : node];
    if (node === null || typeof node !== 'object' || node instanceof Date) return [null];
    node = (node as Record<string, unknown>)[path[i] as string];
    if (node === undefined) return [null];
  }
}

function encode(value: unknown): string {
  if (value === EMPTY_ARRAY) return 'u:';
  if (value === null) return 'n:';
  if (value instanceof Date) return `d:${value.getTime()}`;
  switch (typeof value) {
    case 'string':
      return `s:${value}`;
    case 'number':
      return `x:${value}`;
    case 'boolean':
      return `b:${value}`;
    default:
      return `o:${JSON.stringify(value)}`;
  }
}

/** One index entry of a document: the values of its key, in index field order. */
export interface IndexEntry {
  readonly values: readonly unknown[];
}

/**
 * Numbers kept in entries, so that the entries of one document share one: a number that is not a
 * small integer (a timestamp) is a heap object of its own each time it is read from a document, and a
 * paid session's documents hold about forty entries with a timestamp in their key (D68). A handful of recent
 * values is enough: a document's entries are computed one index after the other.
 */
const recentNumbers = new Map<number, number>();
const RECENT_NUMBERS = 64;

function sharedNumber(value: number): number {
  const held = recentNumbers.get(value);
  if (held !== undefined) return held;
  if (recentNumbers.size >= RECENT_NUMBERS) recentNumbers.clear();
  recentNumbers.set(value, value);
  return recentNumbers.get(value) as number;
}

// Objects and dates are copied: an entry outlives the document it was computed from.
const kept = (value: unknown): unknown => (value === EMPTY_ARRAY ? undefined : typeof value === 'number' ? sharedNumber(value) : value !== null && typeof value === 'object' ? deepCopy(value) : value);

const paths = new WeakMap<IndexKeyPattern, string[][]>();

/** The key's fields as paths, split once per pattern. */
function pathsOf(pattern: IndexKeyPattern): string[][] {
  let split = paths.get(pattern);
  if (!split) paths.set(pattern, (split = Object.keys(pattern).map((field) => field.split('.'))));
  return split;
}

/** Every entry `doc` has in an index of `pattern` (several for a multikey index), without repeats. */
export function indexEntriesOf(doc: unknown, pattern: IndexKeyPattern): IndexEntry[] {
  const split = pathsOf(pattern);
  const perPath: unknown[][] = new Array<unknown[]>(split.length);
  let single = true;
  for (let i = 0; i < split.length; i++) {
    const values = valuesAt(doc, split[i] as string[]);
    perPath[i] = values;
    if (values.length !== 1) single = false;
  }
  // The common case (one value per field, no array on the way): one entry, built without tuples.
  if (single) {
    const values = new Array<unknown>(split.length);
    for (let i = 0; i < split.length; i++) values[i] = kept((perPath[i] as unknown[])[0]);
    return [{ values }];
  }
  let tuples: unknown[][] = [[]];
  for (const values of perPath) {
    tuples = values.length === 1 ? tuples.map((tuple) => [...tuple, values[0]]) : tuples.flatMap((tuple) => values.map((value) => [...tuple, value]));
  }
  if (tuples.length === 1) return [{ values: (tuples[0] as unknown[]).map(kept) }];
  const entries = new Map<string, IndexEntry>();
  for (const values of tuples) entries.set(JSON.stringify(values.map(encode)), { values: values.map(kept) });
  return [...entries.values()];
}

/** Whether an array lies on `path` (from its part `from`) in `value`, or at its end. */
function arrayOnPath(value: unknown, path: readonly string[]): boolean {
  let node = value;
  for (let i = 0; ; i++) {
    if (Array.isArray(node)) return true;
    if (i === path.length || node === null || typeof node !== 'object' || node instanceof Date) return false;
    node = (node as Record<string, unknown>)[path[i] as string];
  }
}

/** Whether an array lies on the way to (or at) any field of `pattern` in `doc`: MongoDB then marks the index multikey. */
export function touchesArray(doc: unknown, pattern: IndexKeyPattern): boolean {
  for (const path of pathsOf(pattern)) if (arrayOnPath(doc, path)) return true;
  return false;
}

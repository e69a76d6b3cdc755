import type { IndexKeyPattern } from '@splitpay/store-mongo';
import { deepCopy } from './apply-update';

/** The value a missing field or an empty array takes in an index (MongoDB indexes missing as null). */
const EMPTY_ARRAY = Symbol('empty array');

/**
 * Values of `path` in `value` with MongoDB's multikey rules: an array on the way (or at the end)
 * contributes each of its elements; a missing field is null.
 */
function valuesAt(value: unknown, path: readonly string[]): unknown[] {
  if (Array.isArray(value)) {
    if (value.length === 0) return [path.length === 0 ? EMPTY_ARRAY : null];
    return value.flatMap((element) => valuesAt(element, path));
  }
  if (path.length === 0) return [value === undefined ? null : value];
  if (value === null || typeof value !== 'object' || value instanceof Date) return [null];
  const [head, ...rest] = path as [string, ...string[]];
  const next = (value as Record<string, unknown>)[head];
  return next === undefined ? [null] : valuesAt(next, rest);
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

/** One index entry of a document: its encoded key and the values it was made of. */
export interface IndexEntry {
  readonly encoded: string;
  readonly values: readonly unknown[];
}

/** Every entry `doc` has in an index of `pattern` (several for a multikey index), without repeats. */
export function indexEntriesOf(doc: unknown, pattern: IndexKeyPattern): IndexEntry[] {
  let tuples: unknown[][] = [[]];
  for (const field of Object.keys(pattern)) {
    const values = valuesAt(doc, field.split('.'));
    tuples = tuples.flatMap((tuple) => values.map((value) => [...tuple, value]));
  }
  const entries = new Map<string, IndexEntry>();
  for (const values of tuples) {
    const encoded = JSON.stringify(values.map(encode));
    // Objects and dates are copied: an entry outlives the document it was computed from.
    entries.set(encoded, { encoded, values: values.map((v) => (v === EMPTY_ARRAY ? undefined : v !== null && typeof v === 'object' ? deepCopy(v) : v)) });
  }
  return [...entries.values()];
}

/** Whether an array lies on the way to (or at) any field of `pattern` in `doc`: MongoDB then marks the index multikey. */
export function touchesArray(doc: unknown, pattern: IndexKeyPattern): boolean {
  const through = (value: unknown, path: readonly string[]): boolean => {
    if (Array.isArray(value)) return true;
    if (path.length === 0 || value === null || typeof value !== 'object' || value instanceof Date) return false;
    const [head, ...rest] = path as [string, ...string[]];
    return through((value as Record<string, unknown>)[head], rest);
  };
  return Object.keys(pattern).some((field) => through(doc, field.split('.')));
}

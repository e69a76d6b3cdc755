/** A document test that may not know (`undefined`): then mingo decides. */
export type QuickTest = (doc: Readonly<Record<string, unknown>>) => boolean | undefined;

type Scalar = string | number | boolean;

const RANGE: Readonly<Record<string, (order: number) => boolean>> = {
  $lt: (order) => order < 0,
  $lte: (order) => order <= 0,
  $gt: (order) => order > 0,
  $gte: (order) => order >= 0,
};

const isScalar = (value: unknown): value is Scalar =>
  typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && !Number.isNaN(value));

/** The value at a dotted path, or `ARRAY` when an array lies on the way (multikey rules: mingo's to apply). */
const ARRAY = Symbol('array on the path');
function valueAt(doc: Readonly<Record<string, unknown>>, path: readonly string[]): unknown {
  let node: unknown = doc;
  for (const part of path) {
    if (Array.isArray(node)) return ARRAY;
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return Array.isArray(node) ? ARRAY : node;
}

/**
 * Whether some value at `path` (from its part `from`) equals `expected`, with MongoDB's multikey
 * rules: an array on the way is looked into item by item, an array at the end matches when one of its
 * items is the value. An array inside an array, or a numeric part meeting an array (a position), is
 * left to mingo. This is how a session is found by one of its transactions or PSP references.
 */
function equalAt(node: unknown, path: readonly string[], from: number, expected: Scalar): boolean | typeof UNKNOWN {
  if (from === path.length) {
    if (!Array.isArray(node)) return node === expected;
    let found = false;
    for (const item of node) {
      if (Array.isArray(item)) return UNKNOWN;
      if (item === expected) found = true;
    }
    return found;
  }
  if (Array.isArray(node)) {
    if (/^\d+$/.test(path[from] as string)) return UNKNOWN;
    let found = false;
    for (const item of node) {
      if (Array.isArray(item)) return UNKNOWN;
      const match = equalAt(item, path, from, expected);
      if (match === UNKNOWN) return UNKNOWN;
      if (match) found = true;
    }
    return found;
  }
  if (node === null || typeof node !== 'object' || node instanceof Date) return false;
  return equalAt((node as Record<string, unknown>)[path[from] as string], path, from + 1, expected);
}

/** Equality with a string, number or boolean: the same value of the same type (1 and 1.0 are one number). */
function equals(path: readonly string[], expected: Scalar): QuickTest {
  return (doc) => {
    const value = valueAt(doc, path);
    if (value !== ARRAY) return value === expected;
    const found = equalAt(doc, path, 0, expected);
    return found === UNKNOWN ? undefined : found;
  };
}

/** `$lt`/`$lte`/`$gt`/`$gte` with bounds of one type, number or string: only values of that type can match (type bracketing). */
function inRange(path: readonly string[], bounds: readonly (readonly [string, Scalar])[]): QuickTest {
  const kind = typeof bounds[0]![1];
  return (doc) => {
    const value = valueAt(doc, path);
    if (value === ARRAY) return undefined;
    if (typeof value !== kind) return false;
    const scalar = value as Scalar;
    return bounds.every(([op, bound]) => (RANGE[op] as (order: number) => boolean)(scalar < bound ? -1 : scalar > bound ? 1 : 0));
  };
}

const UNKNOWN = Symbol('left to mingo');

/**
 * Whether `path` (from its part `from`) exists in `node` with MongoDB's rules: an array on the way is
 * looked into, item by item (`attempts.id` exists when some attempt has an id). An array inside an
 * array, or a numeric part meeting an array (a position), is left to mingo.
 */
function existsAt(node: unknown, path: readonly string[], from: number): boolean | typeof UNKNOWN {
  if (from === path.length) return node !== undefined;
  if (Array.isArray(node)) {
    if (/^\d+$/.test(path[from] as string)) return UNKNOWN;
    let unknown = false;
    for (const item of node) {
      if (Array.isArray(item)) return UNKNOWN;
      const found = existsAt(item, path, from);
      if (found === true) return true;
      if (found === UNKNOWN) unknown = true;
    }
    return unknown ? UNKNOWN : false;
  }
  if (node === null || typeof node !== 'object' || node instanceof Date) return false;
  const inner = (node as Record<string, unknown>)[path[from] as string];
  return inner === undefined ? false : existsAt(inner, path, from + 1);
}

/** `$exists`: true or false as asked. */
function exists(path: readonly string[], expected: boolean): QuickTest {
  return (doc) => {
    const found = existsAt(doc, path, 0);
    return found === UNKNOWN ? undefined : found === expected;
  };
}

/**
 * A quick test for the filters the repositories make most (equalities on scalars, ranges of one
 * scalar type and `$exists`, top-level or dotted, ANDed, and `$or`/`$and` of such filters: a keyset page), so that a write guarded by `{ _id, version }` does not
 * compile a mingo query. Undefined for any other filter; its test answers undefined for a document
 * with an array on a range's path, or an array in an array or a position on an equality's or
 * `$exists`'s path. Both then go to mingo, whose semantics these cases share.
 */
export function quickTestOf(filter: Readonly<Record<string, unknown>>): QuickTest | undefined {
  const tests: QuickTest[] = [];
  for (const [field, condition] of Object.entries(filter)) {
    if (field === '$or' || field === '$and') {
      const branches = Array.isArray(condition) && condition.length > 0 ? condition.map((branch: unknown) => (isPlainFilter(branch) ? quickTestOf(branch) : undefined)) : [];
      if (branches.length === 0 || branches.some((branch) => branch === undefined)) return undefined;
      tests.push(field === '$or' ? anyOf(branches as QuickTest[]) : allOf(branches as QuickTest[]));
      continue;
    }
    if (field.startsWith('$')) return undefined;
    const path = field.split('.');
    if (isScalar(condition)) {
      tests.push(equals(path, condition));
      continue;
    }
    if (condition === null || typeof condition !== 'object' || Array.isArray(condition) || condition instanceof Date) return undefined;
    const bounds = Object.entries(condition);
    if (bounds.length === 1 && bounds[0]![0] === '$exists' && typeof bounds[0]![1] === 'boolean') {
      tests.push(exists(path, bounds[0]![1]));
      continue;
    }
    if (bounds.length === 0 || bounds.some(([op, bound]) => !RANGE[op] || !(typeof bound === 'number' ? Number.isFinite(bound) : typeof bound === 'string'))) return undefined;
    if (new Set(bounds.map(([, bound]) => typeof bound)).size !== 1) return undefined;
    tests.push(inRange(path, bounds as [string, Scalar][]));
  }
  return allOf(tests);
}

const isPlainFilter = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** True when every test passes, false when one fails, else unknown. */
const allOf = (tests: readonly QuickTest[]): QuickTest => settledBy(false, tests);

/** True when one test passes, false when every one fails, else unknown. */
const anyOf = (tests: readonly QuickTest[]): QuickTest => settledBy(true, tests);

/** `answer` as soon as one test gives it; the other answer when every test gave that one; else unknown. */
function settledBy(answer: boolean, tests: readonly QuickTest[]): QuickTest {
  return (doc) => {
    let known = true;
    for (const test of tests) {
      const passed = test(doc);
      if (passed === answer) return answer;
      if (passed === undefined) known = false;
    }
    return known ? !answer : undefined;
  };
}

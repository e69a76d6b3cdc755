import { randomUUID } from 'node:crypto';
import * as updateOperators from 'mingo/operators/update';
import { EmbeddedOperationError } from './engine-errors';

export type StoredDocument = Record<string, unknown> & { _id: unknown };

/**
 * Deep copy for everything crossing the engine's boundary: no caller can touch stored state. Plain
 * objects are rebuilt in this realm (not with structuredClone, whose objects come from another realm
 * under jest's vm and fail mingo's plain-object checks). `undefined` is never stored, as the driver
 * configured with `ignoreUndefined` (connect-mongo.ts) writes it: a field holding it is left out, an
 * array item becomes null. So the repositories hand documents over as they are, with no stripping
 * copy of their own.
 */
export function deepCopy<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date) return new Date(value.getTime()) as T;
  // Plain loops, no Object.entries pairs: every document crossing the boundary goes through here.
  if (Array.isArray(value)) {
    const items = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      items[i] = item === undefined ? null : deepCopy(item);
    }
    return items as T;
  }
  const copy: Record<string, unknown> = {};
  const keys = Object.keys(value);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    const inner: unknown = (value as Record<string, unknown>)[key];
    if (inner !== undefined) copy[key] = deepCopy(inner);
  }
  return copy as T;
}

function assertOperators(update: Readonly<Record<string, unknown>>): void {
  if (Array.isArray(update)) throw new EmbeddedOperationError(9, 'Update pipelines are not supported by the embedded engine');
  const keys = Object.keys(update);
  if (keys.length === 0 || keys.some((key) => !key.startsWith('$'))) {
    throw new EmbeddedOperationError(9, 'Update document requires atomic operators');
  }
}

/** mingo's update operators, each taking its expression and answering a function that updates a document in place. */
type UpdateOperator = (expr: Record<string, unknown>) => (doc: Record<string, unknown>) => string[];
const OPERATORS = updateOperators as unknown as Readonly<Record<string, UpdateOperator>>;

/** Two paths of one update that overlap (equal, or one inside the other), as MongoDB refuses them. */
function assertNoConflict(steps: readonly (readonly [string, Record<string, unknown>])[]): void {
  // A set of the paths named, each dotted one's prefixes looked up in it: a session's save names
  // thirty top-level fields, which were sorted on every save.
  const seen = new Set<string>();
  const dotted: string[] = [];
  for (const [, expr] of steps) {
    for (const path of Object.keys(expr)) {
      if (seen.has(path)) throw new EmbeddedOperationError(40, `Updating the path '${path}' would create a conflict at '${path}'`);
      seen.add(path);
      if (path.includes('.')) dotted.push(path);
    }
  }
  for (const path of dotted) {
    for (let dot = path.indexOf('.'); dot !== -1; dot = path.indexOf('.', dot + 1)) {
      const prefix = path.slice(0, dot);
      if (seen.has(prefix)) throw new EmbeddedOperationError(40, `Updating the path '${path}' would create a conflict at '${prefix}'`);
    }
  }
}

/**
 * A copy of `doc` that the operators may change in place without touching `doc`: top-level fields
 * only replaced or removed by `$set`/`$unset` are shared (they are replaced, never changed), every
 * other field an operator reaches is deep-copied.
 */
function writableCopy(doc: StoredDocument, steps: readonly (readonly [string, Record<string, unknown>])[]): StoredDocument {
  const next: StoredDocument = { ...doc };
  for (const [op, expr] of steps) {
    for (const path of Object.keys(expr)) {
      const dot = path.indexOf('.');
      if (dot === -1 && (op === '$set' || op === '$unset')) continue;
      const head = dot === -1 ? path : path.slice(0, dot);
      if (next[head] !== null && typeof next[head] === 'object' && next[head] === doc[head]) next[head] = deepCopy(doc[head]);
    }
  }
  return next;
}

/** Whether every step is a `$set` or `$unset` of top-level fields (no path, no positional or reserved name). */
function topLevelOnly(steps: readonly (readonly [string, Record<string, unknown>])[]): boolean {
  for (const [op, expr] of steps) {
    if (op !== '$set' && op !== '$unset') return false;
    for (const field of Object.keys(expr)) if (field.includes('.') || field.startsWith('$') || field === '__proto__') return false;
  }
  return true;
}

/**
 * Whether `stored` equals `given` as `deepCopy` would store it (mingo's `isEqual` of the two, without
 * making the copy): a field holding undefined is absent, an array item holding it is null.
 */
function equalsStored(stored: unknown, given: unknown): boolean {
  if (stored === given || Object.is(stored, given)) return true;
  if (stored === null || given === null || typeof stored !== 'object' || typeof given !== 'object') return false;
  if (stored instanceof Date || given instanceof Date) return stored instanceof Date && given instanceof Date && stored.getTime() === given.getTime();
  if (Array.isArray(stored) || Array.isArray(given)) {
    if (!Array.isArray(stored) || !Array.isArray(given) || stored.length !== given.length) return false;
    for (let i = 0; i < given.length; i++) {
      const item: unknown = given[i];
      if (!equalsStored(stored[i], item === undefined ? null : item)) return false;
    }
    return true;
  }
  const held = stored as Record<string, unknown>;
  let fields = 0;
  for (const key of Object.keys(given)) {
    const inner = (given as Record<string, unknown>)[key];
    if (inner === undefined) continue;
    fields++;
    if (!Object.prototype.hasOwnProperty.call(held, key) || !equalsStored(held[key], inner)) return false;
  }
  return fields === Object.keys(held).length;
}

/**
 * `$set` and `$unset` of top-level fields, applied as mingo's operators do (a field set to an equal
 * value is left as it was, and is no change; removing an absent field is no change), without
 * walking paths: the session save and every search entry upsert are of this kind. Only the values
 * that change are copied from the caller's update: a session's save sets every field, and most are
 * as stored.
 */
function applyTopLevel(doc: StoredDocument, steps: readonly (readonly [string, Record<string, unknown>])[]): { doc: StoredDocument; modified: boolean } {
  const next: StoredDocument = { ...doc };
  let modified = false;
  for (const [op, expr] of steps) {
    for (const field of Object.keys(expr)) {
      if (op === '$set') {
        const value = expr[field];
        if (value === undefined || equalsStored(next[field], value)) continue;
        next[field] = deepCopy(value);
        modified = true;
      } else if (Object.prototype.hasOwnProperty.call(next, field)) {
        if (next[field] !== undefined) modified = true;
        delete next[field];
      }
    }
  }
  return { doc: next, modified };
}

/**
 * Applies update operators to a copy of `doc` with mingo's operators (MongoDB's update semantics),
 * prepared once for the process rather than per call. `$setOnInsert` applies only when the document
 * is being inserted by an upsert. `_id` is immutable. `modified`: some operator changed something.
 */
export function applyUpdate(doc: StoredDocument, update: Readonly<Record<string, unknown>>, inserting: boolean): { doc: StoredDocument; modified: boolean } {
  assertOperators(update);
  // The caller's own expressions: the top-level path copies the values it stores, the other path
  // copies every expression before mingo's operators take from it.
  const { $setOnInsert, ...operators } = update as Record<string, Record<string, unknown> | undefined>;
  const steps = Object.entries(operators).filter((step): step is [string, Record<string, unknown>] => step[1] !== undefined);
  const unknown = steps.find(([op]) => !OPERATORS[op] || op === '$rename');
  if (unknown) throw new EmbeddedOperationError(9, `Unknown or unsupported update operator: '${unknown[0]}'`);
  assertNoConflict(steps);
  if (inserting && $setOnInsert) steps.push(['$set', $setOnInsert]);
  let next: StoredDocument;
  let modified = false;
  if (topLevelOnly(steps)) {
    ({ doc: next, modified } = applyTopLevel(doc, steps));
  } else {
    const copied = steps.map(([op, expr]) => [op, deepCopy(expr)] as const);
    next = writableCopy(doc, copied);
    try {
      for (const [op, expr] of copied) if ((OPERATORS[op] as UpdateOperator)(expr)(next).length > 0) modified = true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new EmbeddedOperationError(/immutable field '_id'/.test(message) ? 66 : 2, message);
    }
  }
  if (next._id !== doc._id && JSON.stringify(next._id) !== JSON.stringify(doc._id)) {
    throw new EmbeddedOperationError(66, "Performing an update on the path '_id' would modify the immutable field '_id'");
  }
  return { doc: next, modified };
}

function isCondition(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date) && Object.keys(value).some((k) => k.startsWith('$'));
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) {
    if (typeof node[part] !== 'object' || node[part] === null) node[part] = {};
    node = node[part] as Record<string, unknown>;
  }
  node[parts[parts.length - 1] as string] = value;
}

/** The document an upsert starts from: the filter's equality conditions, as MongoDB seeds it. */
export function upsertSeed(filter: Readonly<Record<string, unknown>>): StoredDocument {
  const seed: Record<string, unknown> = {};
  for (const [key, condition] of Object.entries(filter)) {
    if (key.startsWith('$')) continue;
    if (!isCondition(condition)) setPath(seed, key, deepCopy(condition));
    else if ('$eq' in (condition as Record<string, unknown>)) setPath(seed, key, deepCopy((condition as Record<string, unknown>).$eq));
  }
  return withId(seed);
}

/** The document with an `_id` (a fresh one when absent, as the driver would add). */
export function withId(doc: Record<string, unknown>): StoredDocument {
  return (doc._id === undefined ? { _id: randomUUID(), ...doc } : doc) as StoredDocument;
}

import { randomUUID } from 'node:crypto';
import { update as mingoUpdate } from 'mingo';
import { EmbeddedOperationError } from './engine-errors';

export type StoredDocument = Record<string, unknown> & { _id: unknown };

/**
 * Deep copy for everything crossing the engine's boundary: no caller can touch stored state. Plain
 * objects are rebuilt in this realm (not with structuredClone, whose objects come from another realm
 * under jest's vm and fail mingo's plain-object checks).
 */
export function deepCopy<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => deepCopy(item)) as T;
  if (value instanceof Date) return new Date(value.getTime()) as T;
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) copy[key] = deepCopy(inner);
  return copy as T;
}

function assertOperators(update: Readonly<Record<string, unknown>>): void {
  if (Array.isArray(update)) throw new EmbeddedOperationError(9, 'Update pipelines are not supported by the embedded engine');
  const keys = Object.keys(update);
  if (keys.length === 0 || keys.some((key) => !key.startsWith('$'))) {
    throw new EmbeddedOperationError(9, 'Update document requires atomic operators');
  }
}

/**
 * Applies update operators to a copy of `doc` with mingo (MongoDB's update semantics). `$setOnInsert`
 * applies only when the document is being inserted by an upsert. `_id` is immutable.
 */
export function applyUpdate(doc: StoredDocument, update: Readonly<Record<string, unknown>>, inserting: boolean): StoredDocument {
  assertOperators(update);
  const { $setOnInsert, ...operators } = deepCopy(update) as Record<string, Record<string, unknown>>;
  const next = deepCopy(doc);
  try {
    if (Object.keys(operators).length > 0) mingoUpdate(next, operators, undefined, undefined, { cloneMode: 'deep' });
    if (inserting && $setOnInsert) mingoUpdate(next, { $set: $setOnInsert }, undefined, undefined, { cloneMode: 'deep' });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new EmbeddedOperationError(/immutable field '_id'/.test(message) ? 66 : 2, message);
  }
  if (JSON.stringify(next._id) !== JSON.stringify(doc._id)) {
    throw new EmbeddedOperationError(66, "Performing an update on the path '_id' would modify the immutable field '_id'");
  }
  return next;
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

/**
 * Values as stored: no `undefined` anywhere. The driver would store `undefined` as null (and the
 * embedded engine would keep it), so both engines get the same document only once it is stripped.
 */
export function withoutUndefined<T>(value: T): T {
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  // Plain loops: this copies every document written, and Object.entries' pairs were most of its cost.
  if (Array.isArray(value)) {
    const items = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) items[i] = withoutUndefined(value[i]);
    return items as T;
  }
  const out: Record<string, unknown> = {};
  const keys = Object.keys(value);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    const inner = (value as Record<string, unknown>)[key];
    if (inner !== undefined) out[key] = withoutUndefined(inner);
  }
  return out as T;
}

/** Copies the listed fields of `source` that are present. */
export function pickFields<K extends string>(source: Readonly<Record<string, unknown>>, fields: readonly K[]): Partial<Record<K, unknown>> {
  const out: Partial<Record<K, unknown>> = {};
  for (const field of fields) {
    if (source[field] !== undefined) out[field] = source[field];
  }
  return out;
}

/**
 * A whole-value rewrite of a document's fields as an update: `$set` for every field present, `$unset`
 * for every known field absent. The field list comes from an exhaustive `Record<keyof Model, true>`,
 * so a field added to a model is either written or removed, never left stale. Fields in `untouched`
 * (the lease, for example) are neither set nor unset.
 */
export function rewriteFields(
  doc: Readonly<Record<string, unknown>>,
  knownFields: readonly string[],
  untouched: readonly string[],
): { $set: Record<string, unknown>; $unset: Record<string, ''> } {
  const $set: Record<string, unknown> = {};
  const $unset: Record<string, ''> = {};
  for (const field of new Set([...knownFields, ...Object.keys(doc)])) {
    if (field === '_id' || untouched.includes(field)) continue;
    if (doc[field] === undefined) $unset[field] = '';
    else $set[field] = doc[field];
  }
  return { $set, $unset };
}

/** Field names of a model, from an object literal checked against `Record<keyof Model, true>`. */
export function fieldNames<M>(fields: Record<keyof M & string, true>): (keyof M & string)[] {
  return Object.keys(fields) as (keyof M & string)[];
}

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

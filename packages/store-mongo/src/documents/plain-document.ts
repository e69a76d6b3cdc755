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
  const rewrite = (field: string): void => {
    if (field === '_id' || untouched.includes(field)) return;
    if (doc[field] === undefined) $unset[field] = '';
    else $set[field] = doc[field];
  };
  for (const field of knownFields) rewrite(field);
  const known = knownSetOf(knownFields);
  for (const field of Object.keys(doc)) if (!known.has(field)) rewrite(field);
  return { $set, $unset };
}

/** The known fields as a set, made once per list (each repository passes its one constant list on every save). */
const knownSets = new WeakMap<readonly string[], ReadonlySet<string>>();
function knownSetOf(fields: readonly string[]): ReadonlySet<string> {
  let known = knownSets.get(fields);
  if (!known) knownSets.set(fields, (known = new Set(fields)));
  return known;
}

/** Field names of a model, from an object literal checked against `Record<keyof Model, true>`. */
export function fieldNames<M>(fields: Record<keyof M & string, true>): (keyof M & string)[] {
  return Object.keys(fields) as (keyof M & string)[];
}

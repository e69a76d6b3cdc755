import { find as mingoFind } from 'mingo';
import type { FindCursorPort, Sort } from '@splitpay/store-mongo';
import { EmbeddedOperationError } from './engine-errors';
import type { StoredDocument } from './apply-update';

export type SortSpec = Record<string, 1 | -1>;

/** The object form of a sort (`{ field: 1 | -1 }`), the only one the repositories use. */
export function normalizeSort(sort: Sort | undefined): SortSpec | undefined {
  if (sort === undefined) return undefined;
  if (typeof sort !== 'object' || Array.isArray(sort) || sort instanceof Map) {
    throw new EmbeddedOperationError(2, 'The embedded engine takes sorts as { field: 1 | -1 } objects');
  }
  const spec: SortSpec = {};
  for (const [field, direction] of Object.entries(sort as Record<string, unknown>)) {
    if (direction !== 1 && direction !== -1) throw new EmbeddedOperationError(2, `Sort direction of ${field} must be 1 or -1`);
    spec[field] = direction;
  }
  return spec;
}

/** An inclusion of top-level fields only (`{ a: 1, b: 1 }`, `_id` kept unless `_id: 0`): picked without mingo. */
function topLevelInclusion(projection: Readonly<Record<string, unknown>>): string[] | undefined {
  const fields: string[] = [];
  let id = true;
  for (const [field, rule] of Object.entries(projection)) {
    if (field === '_id' && (rule === 0 || rule === false)) id = false;
    else if ((rule === 1 || rule === true) && !field.includes('.') && !field.startsWith('$')) fields.push(field);
    else return undefined;
  }
  if (id && !fields.includes('_id')) fields.unshift('_id');
  return fields;
}

/**
 * Applies a projection to documents (MongoDB's inclusion/exclusion rules, mingo's for anything but a
 * plain inclusion of top-level fields), in one pass; none: the documents as they are.
 */
export function project(docs: StoredDocument[], projection: Readonly<Record<string, unknown>> | undefined): StoredDocument[] {
  if (!projection || Object.keys(projection).length === 0 || docs.length === 0) return docs;
  const fields = topLevelInclusion(projection);
  if (!fields) return mingoFind(docs, {}, projection).all() as StoredDocument[];
  return docs.map((doc) => {
    const picked: Record<string, unknown> = {};
    for (const field of fields) if (doc[field] !== undefined) picked[field] = doc[field];
    return picked as StoredDocument;
  });
}

/** A find cursor: sort and limit are recorded, the query runs (and is audited) at `toArray()`. */
export class EmbeddedCursor<T> implements FindCursorPort<T> {
  private sortSpec: SortSpec | undefined;
  private limitValue: number | undefined;

  constructor(private readonly run: (sort: SortSpec | undefined, limit: number | undefined) => T[]) {}

  sort(sort: Sort): this {
    this.sortSpec = normalizeSort(sort);
    return this;
  }

  limit(value: number): this {
    this.limitValue = value > 0 ? value : undefined;
    return this;
  }

  async toArray(): Promise<T[]> {
    return this.run(this.sortSpec, this.limitValue);
  }
}

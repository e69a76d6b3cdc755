import { Query } from 'mingo';
import type { IndexKeyPattern, IndexOptionsPort } from '@splitpay/store-mongo';
import { DuplicateKeyError } from './engine-errors';
import { indexEntriesOf, touchesArray, type IndexEntry } from './index-keys';
import { compareValues, SortedEntries } from './sorted-entries';
import type { StoredDocument } from './apply-update';

/** MongoDB's default index name: `field_1_other_-1`. */
export function defaultIndexName(key: IndexKeyPattern): string {
  return Object.entries(key)
    .map(([field, direction]) => `${field}_${String(direction)}`)
    .join('_');
}

/**
 * An index declared on an embedded collection. Every index takes part in the query audit and keeps its
 * entries sorted, so that queries it serves read only the documents it points to; a unique one also
 * refuses a duplicate the way MongoDB does (E11000), multikey and partial filter included.
 */
export class DeclaredIndex {
  readonly name: string;
  private readonly partial?: Query;
  /** Encoded key -> `_id` key of the document holding it (unique indexes only). */
  private readonly owners = new Map<string, string>();
  /** Every entry, in index order. */
  readonly entries: SortedEntries;
  private isMultikey = false;

  constructor(
    private readonly collection: string,
    readonly key: IndexKeyPattern,
    readonly options: IndexOptionsPort,
  ) {
    this.name = options.name ?? defaultIndexName(key);
    if (options.partialFilterExpression) this.partial = new Query(options.partialFilterExpression);
    this.entries = new SortedEntries(Object.values(key).map((direction) => (Number(direction) < 0 ? -1 : 1)));
  }

  /** Some document had an array on a key path (sticky, as in MongoDB): one document may hold several entries. */
  get multikey(): boolean {
    return this.isMultikey;
  }

  get partialFilterExpression(): Readonly<Record<string, unknown>> | undefined {
    return this.options.partialFilterExpression;
  }

  get unique(): boolean {
    return this.options.unique === true;
  }

  /** A TTL index only expires documents; no query is expected to use it. */
  get ttl(): boolean {
    return this.options.expireAfterSeconds !== undefined;
  }

  sameAs(key: IndexKeyPattern, options: IndexOptionsPort): boolean {
    return JSON.stringify(key) === JSON.stringify(this.key) && JSON.stringify({ ...options, name: this.name }) === JSON.stringify({ ...this.options, name: this.name });
  }

  /** The entries `doc` would hold in this index (none when a partial filter leaves it out). */
  entriesOf(doc: StoredDocument): readonly IndexEntry[] {
    if (this.partial && !this.partial.test(doc)) return [];
    return indexEntriesOf(doc, this.key);
  }

  /** Throws DuplicateKeyError when `entries` (of the document stored under `owner`) would be another document's too. */
  check(entries: readonly IndexEntry[], owner: string): void {
    if (!this.unique) return;
    for (const entry of entries) {
      const holder = this.owners.get(entry.encoded);
      if (holder !== undefined && holder !== owner) {
        const keyValue = Object.fromEntries(Object.keys(this.key).map((field, i) => [field, entry.values[i]]));
        throw new DuplicateKeyError(this.collection, this.name, this.key as Record<string, number>, keyValue);
      }
    }
  }

  /**
   * Records `entries` as those of `doc`, stored under `owner` with insertion rank `seq`, in place of
   * those of `before` (the document it replaces, absent for an insert). What a document holds is not
   * kept aside: it is computed again from the stored document when it changes.
   */
  put(before: StoredDocument | undefined, doc: StoredDocument, entries: readonly IndexEntry[], owner: string, seq: number): void {
    const held = before ? this.entriesOf(before) : [];
    if (held.length === entries.length && held.every((entry, i) => sameKey(entry.values, (entries[i] as IndexEntry).values))) return;
    this.dropEntries(held, owner, seq);
    if (entries.length === 0) return;
    if (!this.isMultikey && touchesArray(doc, this.key)) this.isMultikey = true;
    for (const entry of entries) {
      if (this.unique) this.owners.set(entry.encoded, owner);
      this.entries.add({ values: entry.values, seq, owner });
    }
  }

  /** Removes every entry `doc` (stored under `owner` with rank `seq`) holds. */
  drop(doc: StoredDocument, owner: string, seq: number): void {
    this.dropEntries(this.entriesOf(doc), owner, seq);
  }

  private dropEntries(held: readonly IndexEntry[], owner: string, seq: number): void {
    for (const entry of held) {
      if (this.unique && this.owners.get(entry.encoded) === owner) this.owners.delete(entry.encoded);
      this.entries.remove({ values: entry.values, seq, owner });
    }
  }
}

/** Two keys in the same place of the index (mingo's order finds no difference). */
function sameKey(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i] || compareValues(value, b[i]) === 0);
}

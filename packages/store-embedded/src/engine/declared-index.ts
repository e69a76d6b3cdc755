import { Query } from 'mingo';
import type { IndexKeyPattern, IndexOptionsPort } from '@splitpay/store-mongo';
import { DuplicateKeyError } from './engine-errors';
import { indexEntriesOf, touchesArray, type IndexEntry } from './index-keys';
import { SortedEntries } from './sorted-entries';
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
  /** The entries each document holds, by `_id` key. */
  private readonly held = new Map<string, readonly IndexEntry[]>();
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

  /** Records `entries` as those of `doc`, stored under `owner` with insertion rank `seq`, replacing what it held. */
  put(doc: StoredDocument, entries: readonly IndexEntry[], owner: string, seq: number): void {
    const held = this.held.get(owner);
    if (held && held.length === entries.length && held.every((entry, i) => entry.encoded === entries[i]?.encoded)) return;
    this.drop(owner, seq);
    if (entries.length === 0) return;
    if (!this.isMultikey && touchesArray(doc, this.key)) this.isMultikey = true;
    for (const entry of entries) {
      if (this.unique) this.owners.set(entry.encoded, owner);
      this.entries.add({ values: entry.values, seq, owner });
    }
    this.held.set(owner, entries);
  }

  /** Removes every entry the document stored under `owner` holds. */
  drop(owner: string, seq: number): void {
    for (const entry of this.held.get(owner) ?? []) {
      if (this.unique) this.owners.delete(entry.encoded);
      this.entries.remove({ values: entry.values, seq, owner });
    }
    this.held.delete(owner);
  }
}

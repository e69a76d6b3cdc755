import { Query } from 'mingo';
import type { IndexKeyPattern, IndexOptionsPort } from '@splitpay/store-mongo';
import { DuplicateKeyError } from './engine-errors';
import { indexEntriesOf } from './index-keys';
import type { StoredDocument } from './apply-update';

/** MongoDB's default index name: `field_1_other_-1`. */
export function defaultIndexName(key: IndexKeyPattern): string {
  return Object.entries(key)
    .map(([field, direction]) => `${field}_${String(direction)}`)
    .join('_');
}

/**
 * An index declared on an embedded collection. Every index takes part in the query audit; a unique one
 * also keeps its entries, so a duplicate is refused the way MongoDB refuses it (E11000), multikey and
 * partial filter included.
 */
export class DeclaredIndex {
  readonly name: string;
  private readonly partial?: Query;
  /** Encoded key -> `_id` key of the document holding it (unique indexes only). */
  private readonly owners = new Map<string, string>();

  constructor(
    private readonly collection: string,
    readonly key: IndexKeyPattern,
    readonly options: IndexOptionsPort,
  ) {
    this.name = options.name ?? defaultIndexName(key);
    if (options.partialFilterExpression) this.partial = new Query(options.partialFilterExpression);
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

  private entries(doc: StoredDocument) {
    if (this.partial && !this.partial.test(doc)) return [];
    return indexEntriesOf(doc, this.key);
  }

  /** Throws DuplicateKeyError when `doc` (stored under `owner`) would share a key with another document. */
  check(doc: StoredDocument, owner: string): void {
    if (!this.unique) return;
    for (const entry of this.entries(doc)) {
      const holder = this.owners.get(entry.encoded);
      if (holder !== undefined && holder !== owner) {
        const keyValue = Object.fromEntries(Object.keys(this.key).map((field, i) => [field, entry.values[i]]));
        throw new DuplicateKeyError(this.collection, this.name, this.key as Record<string, number>, keyValue);
      }
    }
  }

  add(doc: StoredDocument, owner: string): void {
    if (!this.unique) return;
    for (const entry of this.entries(doc)) this.owners.set(entry.encoded, owner);
  }

  remove(doc: StoredDocument): void {
    if (!this.unique) return;
    for (const entry of this.entries(doc)) this.owners.delete(entry.encoded);
  }
}

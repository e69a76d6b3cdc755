import type { IndexKeyPattern, IndexOptionsPort } from '@splitpay/store-mongo';
import { DuplicateKeyError } from './engine-errors';
import { indexEntriesOf, touchesArray, type IndexEntry } from './index-keys';
import { compareValues, makeEntry, SortedEntries, type DocumentSlot } from './sorted-entries';
import { FilterMatcher } from './filter-matcher';
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
  /** The partial filter, tested on every write (`{ path: { $exists: true } }` without mingo). */
  private readonly partial?: FilterMatcher;
  /** Every entry, in index order (once built, for an index built on demand). */
  private readonly sortedEntries: SortedEntries;
  /** False while an index built on demand holds nothing yet: writes leave it alone until a query reads it. */
  private built: boolean;
  private isMultikey = false;
  /** The top-level fields this index's entries depend on (key and partial filter); undefined: any field may matter. */
  private readonly heads: readonly string[] | undefined;

  constructor(
    private readonly collection: string,
    readonly key: IndexKeyPattern,
    readonly options: IndexOptionsPort,
    /**
     * Given for `_id_` only: the collection's documents, read when a query first needs the index's
     * order (a range or a sort on `_id`). Until then it holds nothing, since reads by `_id` equality and
     * its uniqueness are the collection's map of slots: seven entries a paid session, in heap and in
     * each insert's work, that the service's own queries never read (D68).
     */
    private readonly onDemand?: () => Iterable<{ readonly doc: StoredDocument; readonly slot: DocumentSlot }>,
  ) {
    this.name = options.name ?? defaultIndexName(key);
    if (options.partialFilterExpression) this.partial = FilterMatcher.compiled(options.partialFilterExpression);
    const fields = Object.keys(key);
    // `_id_` reads by equality go to the collection's own map of slots, never to this index; and a
    // multikey index leaves the map (keepInTree below): a document holds many of its entries.
    this.built = onDemand === undefined;
    this.sortedEntries = new SortedEntries(
      Object.values(key).map((direction) => (Number(direction) < 0 ? -1 : 1)),
      { unique: options.unique === true, hashed: fields.length === 1 && fields[0] !== '_id' },
    );
    const dependsOn = [...fields, ...Object.keys(options.partialFilterExpression ?? {})];
    this.heads = dependsOn.some((field) => field.startsWith('$')) ? undefined : [...new Set(dependsOn.map((field) => field.split('.')[0] as string))];
  }

  /** Every entry, in index order; an index built on demand reads every document the first time. */
  get entries(): SortedEntries {
    if (!this.built && this.onDemand) {
      this.built = true;
      for (const { doc, slot } of this.onDemand()) this.put([], doc, this.entriesOf(doc), slot);
    }
    return this.sortedEntries;
  }

  /**
   * Whether the entries of `after` may differ from those of `before`, its previous version: false
   * when every top-level field they depend on holds the very same value (stored documents are never
   * changed in place: an update shares the fields it leaves alone, and copies those it reaches).
   */
  mayDiffer(before: StoredDocument, after: StoredDocument): boolean {
    if (!this.heads) return true;
    for (const head of this.heads) if (before[head] !== after[head]) return true;
    return false;
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
    if (this.partial && !this.partial.matches(doc)) return [];
    return indexEntriesOf(doc, this.key);
  }

  /**
   * Records `entries` as those of the document in `slot`, in place of `held` (those of the version it
   * replaces, none for an insert). What a document holds is not kept aside: the caller computes it
   * again from the stored version when it changes.
   *
   * Only the entries that changed move: a session's save that adds one transaction leaves the entries
   * of the others where they are (each removal and addition is a descent of the tree).
   *
   * A unique index refuses an entry another document holds: it throws DuplicateKeyError and is left
   * as it was (`held` back in place). Finding the holder and adding are one descent of the tree.
   */
  put(held: readonly IndexEntry[], doc: StoredDocument, entries: readonly IndexEntry[], slot: DocumentSlot): void {
    if (!this.built) return;
    const gone = held.filter((entry) => !entries.some((kept) => sameKey(kept.values, entry.values)));
    const added = entries.filter((entry) => !held.some((kept) => sameKey(kept.values, entry.values)));
    this.drop(gone, slot);
    if (added.length === 0) return;
    if (!this.isMultikey && touchesArray(doc, this.key)) {
      this.isMultikey = true;
      this.entries.keepInTree();
    }
    if (!this.unique) {
      for (const entry of added) this.entries.add(makeEntry(entry.values, slot));
      return;
    }
    const done: IndexEntry[] = [];
    for (const entry of added) {
      const holder = this.entries.addUnlessHeld(makeEntry(entry.values, slot));
      if (holder === undefined) done.push(entry);
      else if (holder !== slot) {
        this.drop(done, slot);
        for (const again of gone) this.entries.add(makeEntry(again.values, slot));
        throw this.duplicate(entry);
      }
    }
  }

  private duplicate(entry: IndexEntry): DuplicateKeyError {
    const keyValue = Object.fromEntries(Object.keys(this.key).map((field, i) => [field, entry.values[i]]));
    return new DuplicateKeyError(this.collection, this.name, this.key as Record<string, number>, keyValue);
  }

  /** Removes the entries `held` of the document in `slot`. */
  drop(held: readonly IndexEntry[], slot: DocumentSlot): void {
    if (!this.built) return;
    for (const entry of held) this.entries.remove(makeEntry(entry.values, slot));
  }
}

/** Two keys in the same place of the index (mingo's order finds no difference). */
function sameKey(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i] || compareValues(value, b[i]) === 0);
}

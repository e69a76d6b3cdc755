import type {
  BulkUpdateOnePort,
  BulkWriteOptionsPort,
  BulkWriteResultPort,
  DeleteResultPort,
  Sort,
  Document,
  Filter,
  FindCursorPort,
  FindOneAndDeleteOptionsPort,
  FindOneAndUpdateOptionsPort,
  FindOptionsPort,
  IndexKeyPattern,
  IndexOptionsPort,
  MongoCollectionPort,
  OptionalUnlessRequiredId,
  ReplaceOptionsPort,
  UpdateFilter,
  UpdateOptionsPort,
  UpdateResultPort,
  WithId,
  WithoutId,
} from '@splitpay/store-mongo';
import { applyUpdate, deepCopy, upsertSeed, withId, type StoredDocument } from './apply-update';
import { DeclaredIndex } from './declared-index';
import { DocumentPacker, MAX_BLOCK_DOCUMENTS } from './document-packing';
import type { IndexEntry } from './index-keys';
import { selectDocuments, type CollectionState, type Found, type QueryExplanation, type Selection } from './select-documents';
import type { DocumentSlot } from './sorted-entries';

export type { QueryExplanation } from './select-documents';
import { EmbeddedCursor, normalizeSort, project, type SortSpec } from './embedded-cursor';
import { BulkWriteError, DuplicateKeyError, EmbeddedOperationError, type BulkWriteFailure } from './engine-errors';
import type { QueryAudit } from './query-audit';

type Plain = Record<string, unknown>;

/** Documents of a collection kept unpacked, unless the database says otherwise. */
export const DEFAULT_HOT_DOCUMENTS = 512;

const NO_ENTRIES: readonly IndexEntry[] = [];

/**
 * The key of a document's slot: a string `_id` as it is (the common case: no new string), any other
 * by its JSON after a NUL, and a string that starts with a NUL gets one more, so no two ids share a key.
 */
const idKey = (id: unknown): string => (typeof id !== 'string' ? `\u0000j${JSON.stringify(id)}` : id.startsWith('\u0000') ? `\u0000${id}` : id);

/**
 * One collection in memory, behind the same narrow interface the repositories use on MongoDB.
 * Query, sort, projection and update semantics are mingo's; the declared indexes decide which documents
 * a query reads, as MongoDB's would (an equality prefix, a range, a walk in sort order). Every operation runs synchronously
 * inside its call (JavaScript runs one at a time), so each single-document operation is atomic like
 * MongoDB's. Documents are kept packed (DocumentPacker): every read parses a fresh copy, so nothing a
 * caller holds is stored state.
 */
export class EmbeddedCollection<TSchema extends Document = Document> implements MongoCollectionPort<TSchema> {
  /** Each document's slot by `_id` key, in insertion order (the order of a query without sort, and of ties). */
  private readonly slots = new Map<string, DocumentSlot>();
  private nextSeq = 0;
  private readonly packer = new DocumentPacker();
  /** Slots holding their document unpacked, least recently written first. */
  private readonly hot = new Set<DocumentSlot>();
  private readonly indexes: DeclaredIndex[];
  /** `_id_`: its uniqueness is the slots map's (an insert finds the key taken; an update never changes `_id`). */
  private readonly idIndex: DeclaredIndex;

  /** How many of the least recently used are let go of at once. */
  private readonly evictionBatch: number;

  /** What a query reads, made once (not an object and two closures per query). */
  private readonly state: CollectionState;

  constructor(
    readonly name: string,
    private readonly audit: QueryAudit,
    /** Documents kept unpacked at most (the most recently written): a session being paid is written several times a second. */
    private readonly hotDocuments = DEFAULT_HOT_DOCUMENTS,
  ) {
    // A small bound (tests packing every document) lets go of one at a time.
    this.evictionBatch = Math.max(1, Math.min(MAX_BLOCK_DOCUMENTS, Math.floor(hotDocuments / 32)));
    this.idIndex = new DeclaredIndex(name, { _id: 1 }, { name: '_id_', unique: true }, () => this.everyDocument());
    this.indexes = [this.idIndex];
    const slots = this.slots;
    this.state = {
      get slots() {
        return slots.values();
      },
      indexes: this.indexes,
      slotOf: (id) => slots.get(idKey(id)),
      peek: (slot) => this.peek(slot),
    };
  }

  /** Declared indexes, `_id_` included. */
  declaredIndexes(): readonly DeclaredIndex[] {
    return this.indexes;
  }

  /** Every stored document (the engine's own, not a copy) with its slot, in insertion order. */
  private *everyDocument(): Generator<{ readonly doc: StoredDocument; readonly slot: DocumentSlot }> {
    for (const slot of this.slots.values()) yield { doc: this.peek(slot), slot };
  }

  /** Copies of every stored document, in insertion order (tests and the sentinel scan). */
  dump(): StoredDocument[] {
    return [...this.slots.values()].map((slot) => this.copy({ slot, doc: this.peek(slot) }));
  }

  async insertOne(doc: OptionalUnlessRequiredId<TSchema>): Promise<{ insertedId: WithId<TSchema>['_id'] }> {
    const stored = withId(deepCopy(doc as Plain));
    this.commit(undefined, stored);
    return { insertedId: deepCopy(stored._id) as WithId<TSchema>['_id'] };
  }

  async findOne(filter: Filter<TSchema>, options?: FindOptionsPort): Promise<WithId<TSchema> | null> {
    const found = this.first('findOne', filter as Plain, undefined);
    return found ? (project([this.copy(found)], options?.projection)[0] as WithId<TSchema>) : null;
  }

  find(filter: Filter<TSchema>, options?: FindOptionsPort): FindCursorPort<WithId<TSchema>> {
    return new EmbeddedCursor<WithId<TSchema>>((sort, limit) => {
      this.check('find', filter as Plain, sort);
      const docs = this.select(filter as Plain, sort, limit).found.map((found) => this.copy(found));
      return project(docs, options?.projection) as WithId<TSchema>[];
    });
  }

  async findOneAndUpdate(
    filter: Filter<TSchema>,
    update: UpdateFilter<TSchema>,
    options: FindOneAndUpdateOptionsPort,
  ): Promise<WithId<TSchema> | null> {
    const before = this.first('findOneAndUpdate', filter as Plain, normalizeSort(options.sort));
    let after: StoredDocument;
    if (before) {
      after = applyUpdate(before.doc, update as Plain, false).doc;
      this.commit(before, after);
    } else if (options.upsert) {
      after = applyUpdate(upsertSeed(filter as Plain), update as Plain, true).doc;
      this.commit(undefined, after);
    } else {
      return null;
    }
    const answer = options.returnDocument === 'after' ? deepCopy(after) : before && handedOver(before.doc, after);
    return answer ? (project([answer], options.projection)[0] as WithId<TSchema>) : null;
  }

  async findOneAndDelete(filter: Filter<TSchema>, options?: FindOneAndDeleteOptionsPort): Promise<WithId<TSchema> | null> {
    const found = this.first('findOneAndDelete', filter as Plain, normalizeSort(options?.sort));
    if (!found) return null;
    this.remove(found);
    return project([this.copy(found)], options?.projection)[0] as WithId<TSchema>;
  }

  async updateOne(filter: Filter<TSchema>, update: UpdateFilter<TSchema>, options?: UpdateOptionsPort): Promise<UpdateResultPort> {
    return this.updateOneNow('updateOne', filter as Plain, update as Plain, options?.upsert === true);
  }

  /**
   * Each operation as `updateOne` would apply it, one after the other. A refused one (duplicate key,
   * bad update) is reported in `writeErrors` of a BulkWriteError thrown at the end, as the driver does;
   * `ordered` (the default) stops at the first, `ordered: false` tries every operation.
   */
  async bulkWrite(operations: readonly BulkUpdateOnePort<TSchema>[], options: BulkWriteOptionsPort): Promise<BulkWriteResultPort> {
    const result = { matchedCount: 0, modifiedCount: 0, upsertedCount: 0 };
    const writeErrors: BulkWriteFailure[] = [];
    for (let index = 0; index < operations.length; index++) {
      const { filter, update, upsert } = (operations[index] as BulkUpdateOnePort<TSchema>).updateOne;
      try {
        const done = this.updateOneNow('bulkWrite', filter as Plain, update as Plain, upsert === true);
        result.matchedCount += done.matchedCount;
        result.modifiedCount += done.modifiedCount;
        result.upsertedCount += done.upsertedCount;
      } catch (error) {
        if (!(error instanceof DuplicateKeyError || error instanceof EmbeddedOperationError)) throw error;
        writeErrors.push({ index, code: error.code, errmsg: error.message });
        if (options.ordered !== false) break;
      }
    }
    if (writeErrors.length > 0) throw new BulkWriteError(writeErrors, result);
    return result;
  }

  async updateMany(filter: Filter<TSchema>, update: UpdateFilter<TSchema>, options?: UpdateOptionsPort): Promise<UpdateResultPort> {
    this.check('updateMany', filter as Plain, undefined);
    const matched = this.select(filter as Plain, undefined, undefined).found;
    if (matched.length === 0 && options?.upsert) {
      this.commit(undefined, applyUpdate(upsertSeed(filter as Plain), update as Plain, true).doc);
      return { matchedCount: 0, modifiedCount: 0, upsertedCount: 1 };
    }
    let modifiedCount = 0;
    for (const found of matched) modifiedCount += this.rewrite(found, applyUpdate(found.doc, update as Plain, false)).modifiedCount;
    return { matchedCount: matched.length, modifiedCount, upsertedCount: 0 };
  }

  async replaceOne(filter: Filter<TSchema>, replacement: WithoutId<TSchema>, options?: ReplaceOptionsPort): Promise<UpdateResultPort> {
    const next = deepCopy(replacement as Plain);
    if (Object.keys(next).some((key) => key.startsWith('$'))) throw new EmbeddedOperationError(2, 'Replacement document must not contain atomic operators');
    const found = this.first('replaceOne', filter as Plain, undefined);
    if (found) {
      if (next._id !== undefined && JSON.stringify(next._id) !== JSON.stringify(found.doc._id)) {
        throw new EmbeddedOperationError(66, "The _id field cannot be changed by a replacement");
      }
      const doc = { ...next, _id: found.doc._id };
      return this.rewrite(found, { doc, modified: JSON.stringify(found.doc) !== JSON.stringify(doc) });
    }
    if (!options?.upsert) return { matchedCount: 0, modifiedCount: 0, upsertedCount: 0 };
    const seed = upsertSeed(filter as Plain);
    this.commit(undefined, { ...next, _id: next._id ?? seed._id });
    return { matchedCount: 0, modifiedCount: 0, upsertedCount: 1 };
  }

  async deleteOne(filter: Filter<TSchema>): Promise<DeleteResultPort> {
    const found = this.first('deleteOne', filter as Plain, undefined);
    if (found) this.remove(found);
    return { deletedCount: found ? 1 : 0 };
  }

  async createIndex(key: IndexKeyPattern, options: IndexOptionsPort = {}): Promise<string> {
    return this.declareIndex(key, options);
  }

  /** Declares an index at once (synchronously); idempotent for an identical declaration. */
  declareIndex(key: IndexKeyPattern, options: IndexOptionsPort = {}): string {
    const index = new DeclaredIndex(this.name, key, options);
    const existing = this.indexes.find((known) => known.name === index.name);
    if (existing) {
      if (!existing.sameAs(key, options)) throw new EmbeddedOperationError(86, `An index named ${index.name} exists with another specification`);
      return existing.name;
    }
    for (const slot of this.slots.values()) {
      const doc = this.peek(slot);
      const entries = index.entriesOf(doc);
      index.put([], doc, entries, slot);
    }
    this.indexes.push(index);
    return index.name;
  }

  /**
   * How `filter` (and `sort`) would be answered now: the index read and the documents tested. Audits
   * nothing.
   */
  explain(filter: Filter<TSchema>, sort?: Sort, limit?: number): QueryExplanation {
    const { found: _found, ...explanation } = this.select(filter as Plain, normalizeSort(sort), limit);
    return explanation;
  }

  /**
   * The stored version of a slot's document, to look at only (never to change, never to hand out). A
   * packed one is unpacked and kept so for the next reads, its packed form kept too (nothing to pack
   * again when it cools down).
   */
  private peek(slot: DocumentSlot): StoredDocument {
    if (slot.hot) {
      this.touch(slot);
      return slot.hot as StoredDocument;
    }
    const doc = this.packer.unpack(slot.packed as NonNullable<DocumentSlot['packed']>, slot.at);
    slot.hot = doc;
    this.touch(slot);
    return doc;
  }

  /** A document found, as a caller may keep and change it. */
  private copy({ doc }: Found): StoredDocument {
    return deepCopy(doc);
  }

  private select(filter: Plain, sort: SortSpec | undefined, limit: number | undefined): Selection {
    return selectDocuments(this.state, filter, sort, limit);
  }

  private check(operation: string, filter: Plain, sort: SortSpec | undefined): void {
    this.audit.check(this.name, operation, filter, sort, this.indexes);
  }

  private first(operation: string, filter: Plain, sort: SortSpec | undefined): Found | undefined {
    this.check(operation, filter, sort);
    return this.select(filter, sort, 1).found[0];
  }

  private updateOneNow(operation: string, filter: Plain, update: Plain, upsert: boolean): UpdateResultPort {
    const found = this.first(operation, filter, undefined);
    if (found) return this.rewrite(found, applyUpdate(found.doc, update, false));
    if (!upsert) return { matchedCount: 0, modifiedCount: 0, upsertedCount: 0 };
    this.commit(undefined, applyUpdate(upsertSeed(filter), update, true).doc);
    return { matchedCount: 0, modifiedCount: 0, upsertedCount: 1 };
  }

  private rewrite(before: Found, { doc: after, modified }: { doc: StoredDocument; modified: boolean }): UpdateResultPort {
    if (modified) this.commit(before, after);
    return { matchedCount: 1, modifiedCount: modified ? 1 : 0, upsertedCount: 0 };
  }

  /**
   * Stores `after` in place of `before` (absent for an insert): the unique indexes first, each
   * refusing a key another document holds; a refusal puts back the unique indexes already moved, so
   * nothing of the write remains. The other indexes cannot refuse.
   */
  private commit(before: Found | undefined, after: StoredDocument): void {
    const key = idKey(after._id);
    if (!before && this.slots.has(key)) throw new DuplicateKeyError(this.name, '_id_', { _id: 1 }, { _id: after._id });
    // An update leaves the indexes whose fields it did not touch as they are: nothing to check or move.
    const touched = before ? this.indexes.filter((index) => index.mayDiffer(before.doc, after)) : this.indexes;
    const slot: DocumentSlot = before?.slot ?? { packed: undefined, at: 0, hot: undefined, seq: this.nextSeq++ };
    const moved: { index: DeclaredIndex; held: readonly IndexEntry[]; entries: readonly IndexEntry[] }[] = [];
    try {
      for (const index of touched) {
        if (!index.unique) continue;
        const change = { index, held: before ? index.entriesOf(before.doc) : NO_ENTRIES, entries: index.entriesOf(after) };
        index.put(change.held, after, change.entries, slot);
        moved.push(change);
      }
    } catch (error) {
      for (let i = moved.length - 1; i >= 0; i--) {
        const { index, held, entries } = moved[i] as (typeof moved)[number];
        index.put(entries, before?.doc ?? after, held, slot);
      }
      throw error;
    }
    for (const index of touched) if (!index.unique) index.put(before ? index.entriesOf(before.doc) : NO_ENTRIES, after, index.entriesOf(after), slot);
    this.slots.set(key, slot);
    this.keepHot(slot, after);
  }

  /** `doc` (private to the engine) becomes the slot's document, kept unpacked (and not yet packed) while it is among the most recently used. */
  private keepHot(slot: DocumentSlot, doc: StoredDocument): void {
    slot.hot = doc;
    slot.packed = undefined;
    this.touch(slot);
  }

  /**
   * Marks the slot most recently used. Beyond the bound, the least recently used are let go of, a
   * batch at a time: those changed since they were last packed are packed together (one block, one
   * compressor set-up), the others keep the block they were read from.
   */
  private touch(slot: DocumentSlot): void {
    this.hot.delete(slot);
    this.hot.add(slot);
    if (this.hot.size <= this.hotDocuments) return;
    const changed: DocumentSlot[] = [];
    let letGo = 0;
    for (const coldest of this.hot) {
      if (letGo++ === this.evictionBatch) break;
      this.hot.delete(coldest);
      if (coldest.packed) coldest.hot = undefined;
      else changed.push(coldest);
    }
    if (changed.length === 0) return;
    this.packer.pack(
      changed.map((cold) => cold.hot as StoredDocument),
      (index, block, at) => {
        const cold = changed[index] as DocumentSlot;
        cold.packed = block;
        cold.at = at;
        cold.hot = undefined;
      },
    );
  }

  private remove({ slot, doc }: Found): void {
    for (const index of this.indexes) index.drop(index.entriesOf(doc), slot);
    this.slots.delete(idKey(doc._id));
    this.hot.delete(slot);
  }
}

/**
 * The version an update replaced, as its caller may keep and change it. Only its fields the new
 * version still shares (those the update left alone) are copied: the others (a session's attempts,
 * at every save) no stored document, index or packed block holds any more.
 */
function handedOver(replaced: StoredDocument, current: StoredDocument): StoredDocument {
  const answer: Record<string, unknown> = {};
  for (const field of Object.keys(replaced)) {
    const value = replaced[field];
    answer[field] = value === current[field] ? deepCopy(value) : value;
  }
  return answer as StoredDocument;
}

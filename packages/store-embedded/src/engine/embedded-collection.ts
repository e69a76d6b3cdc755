import type {
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
import { selectDocuments, type QueryExplanation, type Selection } from './select-documents';

export type { QueryExplanation } from './select-documents';
import { EmbeddedCursor, normalizeSort, project, type SortSpec } from './embedded-cursor';
import { DuplicateKeyError, EmbeddedOperationError } from './engine-errors';
import type { QueryAudit } from './query-audit';

type Plain = Record<string, unknown>;

const idKey = (id: unknown): string => (typeof id === 'string' ? `s:${id}` : `j:${JSON.stringify(id)}`);

/**
 * One collection in memory, behind the same narrow interface the repositories use on MongoDB.
 * Query, sort, projection and update semantics are mingo's; the declared indexes decide which documents
 * a query reads, as MongoDB's would (an equality prefix, a range, a walk in sort order). Every operation runs synchronously
 * inside its call (JavaScript runs one at a time), so each single-document operation is atomic like
 * MongoDB's; documents are deep-copied in and out.
 */
export class EmbeddedCollection<TSchema extends Document = Document> implements MongoCollectionPort<TSchema> {
  private readonly docs = new Map<string, StoredDocument>();
  /** Insertion rank of each document: the order of a query without sort, and of ties. */
  private readonly seqs = new Map<string, number>();
  private nextSeq = 0;
  private readonly indexes: DeclaredIndex[];

  constructor(
    readonly name: string,
    private readonly audit: QueryAudit,
  ) {
    this.indexes = [new DeclaredIndex(name, { _id: 1 }, { name: '_id_', unique: true })];
  }

  /** Declared indexes, `_id_` included. */
  declaredIndexes(): readonly DeclaredIndex[] {
    return this.indexes;
  }

  /** Deep copies of every stored document, in insertion order (tests and the sentinel scan). */
  dump(): StoredDocument[] {
    return [...this.docs.values()].map(deepCopy);
  }

  async insertOne(doc: OptionalUnlessRequiredId<TSchema>): Promise<{ insertedId: WithId<TSchema>['_id'] }> {
    const stored = withId(deepCopy(doc as Plain));
    this.commit(undefined, stored);
    return { insertedId: deepCopy(stored._id) as WithId<TSchema>['_id'] };
  }

  async findOne(filter: Filter<TSchema>, options?: FindOptionsPort): Promise<WithId<TSchema> | null> {
    const found = this.first('findOne', filter as Plain, undefined);
    return found ? (project([found], options?.projection).map(deepCopy)[0] as WithId<TSchema>) : null;
  }

  find(filter: Filter<TSchema>, options?: FindOptionsPort): FindCursorPort<WithId<TSchema>> {
    return new EmbeddedCursor<WithId<TSchema>>((sort, limit) => {
      this.check('find', filter as Plain, sort);
      return project(this.select(filter as Plain, sort, limit).docs, options?.projection).map((doc) => deepCopy(doc) as WithId<TSchema>);
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
      after = applyUpdate(before, update as Plain, false).doc;
      this.commit(before, after);
    } else if (options.upsert) {
      after = applyUpdate(upsertSeed(filter as Plain), update as Plain, true).doc;
      this.commit(undefined, after);
    } else {
      return null;
    }
    const answer = options.returnDocument === 'after' ? after : before;
    return answer ? (project([answer], options.projection).map(deepCopy)[0] as WithId<TSchema>) : null;
  }

  async findOneAndDelete(filter: Filter<TSchema>, options?: FindOneAndDeleteOptionsPort): Promise<WithId<TSchema> | null> {
    const found = this.first('findOneAndDelete', filter as Plain, normalizeSort(options?.sort));
    if (!found) return null;
    this.remove(found);
    return project([found], options?.projection).map(deepCopy)[0] as WithId<TSchema>;
  }

  async updateOne(filter: Filter<TSchema>, update: UpdateFilter<TSchema>, options?: UpdateOptionsPort): Promise<UpdateResultPort> {
    const found = this.first('updateOne', filter as Plain, undefined);
    if (found) return this.rewrite(found, applyUpdate(found, update as Plain, false));
    if (!options?.upsert) return { matchedCount: 0, modifiedCount: 0, upsertedCount: 0 };
    this.commit(undefined, applyUpdate(upsertSeed(filter as Plain), update as Plain, true).doc);
    return { matchedCount: 0, modifiedCount: 0, upsertedCount: 1 };
  }

  async updateMany(filter: Filter<TSchema>, update: UpdateFilter<TSchema>, options?: UpdateOptionsPort): Promise<UpdateResultPort> {
    this.check('updateMany', filter as Plain, undefined);
    const matched = this.matching(filter as Plain);
    if (matched.length === 0 && options?.upsert) {
      this.commit(undefined, applyUpdate(upsertSeed(filter as Plain), update as Plain, true).doc);
      return { matchedCount: 0, modifiedCount: 0, upsertedCount: 1 };
    }
    let modifiedCount = 0;
    for (const doc of matched) modifiedCount += this.rewrite(doc, applyUpdate(doc, update as Plain, false)).modifiedCount;
    return { matchedCount: matched.length, modifiedCount, upsertedCount: 0 };
  }

  async replaceOne(filter: Filter<TSchema>, replacement: WithoutId<TSchema>, options?: ReplaceOptionsPort): Promise<UpdateResultPort> {
    const next = deepCopy(replacement as Plain);
    if (Object.keys(next).some((key) => key.startsWith('$'))) throw new EmbeddedOperationError(2, 'Replacement document must not contain atomic operators');
    const found = this.first('replaceOne', filter as Plain, undefined);
    if (found) {
      if (next._id !== undefined && idKey(next._id) !== idKey(found._id)) {
        throw new EmbeddedOperationError(66, "The _id field cannot be changed by a replacement");
      }
      return this.rewrite(found, { doc: { ...next, _id: found._id }, modified: JSON.stringify(found) !== JSON.stringify({ ...next, _id: found._id }) });
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
    for (const [owner, doc] of this.docs) {
      const entries = index.entriesOf(doc);
      index.check(entries, owner);
      index.put(undefined, doc, entries, owner, this.seqs.get(owner) ?? 0);
    }
    this.indexes.push(index);
    return index.name;
  }

  /**
   * How `filter` (and `sort`) would be answered now: the index read and the documents tested. Reads
   * nothing out and audits nothing.
   */
  explain(filter: Filter<TSchema>, sort?: Sort, limit?: number): QueryExplanation {
    const { docs: _docs, ...explanation } = this.select(filter as Plain, normalizeSort(sort), limit);
    return explanation;
  }

  private select(filter: Plain, sort: SortSpec | undefined, limit: number | undefined): Selection {
    return selectDocuments({ docs: this.docs, seqs: this.seqs, indexes: this.indexes, idKey }, filter, sort, limit);
  }

  private matching(filter: Plain): StoredDocument[] {
    return this.select(filter, undefined, undefined).docs;
  }

  private check(operation: string, filter: Plain, sort: SortSpec | undefined): void {
    this.audit.check(this.name, operation, filter, sort, this.indexes);
  }

  private first(operation: string, filter: Plain, sort: SortSpec | undefined): StoredDocument | undefined {
    this.check(operation, filter, sort);
    return this.select(filter, sort, 1).docs[0];
  }

  private rewrite(before: StoredDocument, { doc: after, modified }: { doc: StoredDocument; modified: boolean }): UpdateResultPort {
    if (modified) this.commit(before, after);
    return { matchedCount: 1, modifiedCount: modified ? 1 : 0, upsertedCount: 0 };
  }

  /** Replaces `before` (absent for an insert) with `after`, all unique indexes checked first. */
  private commit(before: StoredDocument | undefined, after: StoredDocument): void {
    const owner = idKey(after._id);
    if (!before && this.docs.has(owner)) throw new DuplicateKeyError(this.name, '_id_', { _id: 1 }, { _id: after._id });
    const entries = this.indexes.map((index) => index.entriesOf(after));
    this.indexes.forEach((index, i) => index.check(entries[i] ?? [], owner));
    const seq = this.seqs.get(owner) ?? this.nextSeq++;
    this.indexes.forEach((index, i) => index.put(before, after, entries[i] ?? [], owner, seq));
    this.docs.set(owner, after);
    this.seqs.set(owner, seq);
  }

  private remove(doc: StoredDocument): void {
    const owner = idKey(doc._id);
    const seq = this.seqs.get(owner) ?? 0;
    for (const index of this.indexes) index.drop(doc, owner, seq);
    this.docs.delete(owner);
    this.seqs.delete(owner);
  }
}

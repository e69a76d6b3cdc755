import type {
  BulkWriteOptions,
  BulkWriteResult,
  Collection,
  CreateIndexesOptions,
  DeleteResult,
  Document,
  Filter,
  FindOneAndDeleteOptions,
  FindOneAndUpdateOptions,
  FindOptions,
  IndexDirection,
  InsertOneResult,
  OptionalUnlessRequiredId,
  ReplaceOptions,
  Sort,
  UpdateFilter,
  UpdateOneModel,
  UpdateOptions,
  UpdateResult,
  WithId,
  WithoutId,
} from 'mongodb';

/**
 * The part of a find cursor the repositories use: `find(...).sort().limit().toArray()`.
 * The driver's `FindCursor` satisfies it as is.
 */
export interface FindCursorPort<T> {
  sort(sort: Sort): FindCursorPort<T>;
  limit(value: number): FindCursorPort<T>;
  toArray(): Promise<T[]>;
}

/** Options the repositories pass; every one is a field of the driver's own option type. */
export type FindOptionsPort = Pick<FindOptions, 'projection'>;
export type FindOneAndUpdateOptionsPort = Pick<FindOneAndUpdateOptions, 'sort' | 'returnDocument' | 'projection' | 'upsert'> & {
  /** The driver answers the document (not a ModifyResult) when this is false, its default. */
  includeResultMetadata?: false;
};
export type FindOneAndDeleteOptionsPort = Pick<FindOneAndDeleteOptions, 'sort' | 'projection'> & { includeResultMetadata?: false };
export type UpdateOptionsPort = Pick<UpdateOptions, 'upsert'>;
export type ReplaceOptionsPort = Pick<ReplaceOptions, 'upsert'>;
export type IndexOptionsPort = Pick<CreateIndexesOptions, 'name' | 'unique' | 'partialFilterExpression' | 'expireAfterSeconds'>;

/** An index key pattern, fields in order: `{ merchantId: 1, createdAt: -1, _id: -1 }`. */
export type IndexKeyPattern = Readonly<Record<string, IndexDirection>>;

/** The one kind of bulk operation the repositories send: an update of one document, upsert allowed. */
export type BulkUpdateOnePort<TSchema extends Document> = { readonly updateOne: Pick<UpdateOneModel<TSchema>, 'filter' | 'update' | 'upsert'> };
/** `ordered: false`: every operation is tried, and the failures are reported together afterwards. */
export type BulkWriteOptionsPort = Pick<BulkWriteOptions, 'ordered'>;
export type BulkWriteResultPort = Pick<BulkWriteResult, 'matchedCount' | 'modifiedCount' | 'upsertedCount'>;

/** What a write reports; a strict subset of the driver's results. */
export type UpdateResultPort = Pick<UpdateResult, 'matchedCount' | 'modifiedCount' | 'upsertedCount'>;
export type DeleteResultPort = Pick<DeleteResult, 'deletedCount'>;

/**
 * The narrow collection interface every repository is written against: a strict subset of the
 * official driver's `Collection<TSchema>`, so a real collection satisfies it with no wrapper (checked
 * at compile time below), and the embedded engine implements it in memory.
 *
 * Only these operations exist, so a repository cannot reach for anything the embedded engine does not
 * reproduce faithfully.
 */
export interface MongoCollectionPort<TSchema extends Document = Document> {
  insertOne(doc: OptionalUnlessRequiredId<TSchema>): Promise<Pick<InsertOneResult<TSchema>, 'insertedId'>>;
  findOne(filter: Filter<TSchema>, options?: FindOptionsPort): Promise<WithId<TSchema> | null>;
  find(filter: Filter<TSchema>, options?: FindOptionsPort): FindCursorPort<WithId<TSchema>>;
  findOneAndUpdate(
    filter: Filter<TSchema>,
    update: UpdateFilter<TSchema>,
    options: FindOneAndUpdateOptionsPort,
  ): Promise<WithId<TSchema> | null>;
  findOneAndDelete(filter: Filter<TSchema>, options?: FindOneAndDeleteOptionsPort): Promise<WithId<TSchema> | null>;
  updateOne(filter: Filter<TSchema>, update: UpdateFilter<TSchema>, options?: UpdateOptionsPort): Promise<UpdateResultPort>;
  updateMany(filter: Filter<TSchema>, update: UpdateFilter<TSchema>, options?: UpdateOptionsPort): Promise<UpdateResultPort>;
  replaceOne(filter: Filter<TSchema>, replacement: WithoutId<TSchema>, options?: ReplaceOptionsPort): Promise<UpdateResultPort>;
  deleteOne(filter: Filter<TSchema>): Promise<DeleteResultPort>;
  /**
   * Several updates in one call (one round trip on MongoDB). A failed operation is reported as the
   * driver's MongoBulkWriteError does: `writeErrors`, each with its operation's `index` and `code`.
   */
  bulkWrite(operations: readonly BulkUpdateOnePort<TSchema>[], options: BulkWriteOptionsPort): Promise<BulkWriteResultPort>;
  createIndex(keys: IndexKeyPattern, options?: IndexOptionsPort): Promise<string>;
}

/**
 * Compile-time proof that the driver's collection is a `MongoCollectionPort` with no wrapper. If a
 * future driver or an edit of the port breaks it, `tsc` fails here.
 */
export function driverCollectionIsAPort<T extends Document>(collection: Collection<T>): MongoCollectionPort<T> {
  return collection;
}

/** Driver types the port is written in, re-exported so that other engines implement the port with the same ones. */
export type { Document, Filter, Sort, UpdateFilter, WithId, WithoutId, OptionalUnlessRequiredId } from 'mongodb';

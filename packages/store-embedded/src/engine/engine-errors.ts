/** Thrown like the driver's MongoServerError E11000: same `code`, `keyPattern` and `keyValue`. */
export class DuplicateKeyError extends Error {
  readonly code = 11000;
  readonly codeName = 'DuplicateKey';
  constructor(
    collection: string,
    readonly index: string,
    readonly keyPattern: Readonly<Record<string, number>>,
    readonly keyValue: Readonly<Record<string, unknown>>,
  ) {
    super(`E11000 duplicate key error collection: ${collection} index: ${index} dup key: ${JSON.stringify(keyValue)}`);
    this.name = 'DuplicateKeyError';
  }
}

/** A query MongoDB could only answer by scanning a collection (or sorting in memory): a bug in a repository. */
export class UnindexedQueryError extends Error {
  constructor(readonly collection: string, readonly detail: string) {
    super(`Query on ${collection} is not served by any declared index: ${detail}`);
    this.name = 'UnindexedQueryError';
  }
}

/** A request the driver or the server would refuse (bad update document, immutable _id, ...). */
export class EmbeddedOperationError extends Error {
  constructor(readonly code: number, message: string) {
    super(message);
    this.name = 'EmbeddedOperationError';
  }
}

/** One failed operation of a bulk write, as the driver's WriteError reports it. */
export interface BulkWriteFailure {
  readonly index: number;
  readonly code: number;
  readonly errmsg: string;
}

/** Thrown like the driver's MongoBulkWriteError: the first failure's `code` and every one in `writeErrors`. */
export class BulkWriteError extends Error {
  readonly code: number;
  constructor(
    readonly writeErrors: readonly BulkWriteFailure[],
    readonly result: { readonly matchedCount: number; readonly modifiedCount: number; readonly upsertedCount: number },
  ) {
    super(writeErrors[0]?.errmsg ?? 'write operation failed');
    this.name = 'BulkWriteError';
    this.code = writeErrors[0]?.code ?? 0;
  }
}

/** MongoDB's CannotCreateIndex: among others, a unique index the collection's shard key does not prefix. */
const CANNOT_CREATE_INDEX_CODE = 67;

/** Whether MongoDB refused a unique index because its collection is sharded on a key that does not prefix it. */
export function isShardedUniqueRefusal(error: unknown): error is Error {
  return error instanceof Error && (error as { code?: unknown }).code === CANNOT_CREATE_INDEX_CODE && /shard key/i.test(error.message);
}

/**
 * The start's error for such a refusal. The service never creates these indexes without `unique`:
 * ids, token hashes, contact emails and creation keys rely on them (README.md, "Shard key plan").
 */
export function shardedUniqueIndexError(collection: string, index: string, cause: Error): Error {
  return new Error(
    `MongoDB refused the unique index ${collection}.${index}: \`${collection}\` is sharded on a key that does not prefix it (${cause.message}). ` +
      `splitpay needs that uniqueness: keep \`${collection}\` unsharded (README.md, "Shard key plan")`,
  );
}

/** MongoDB's duplicate key error code (E11000), raised by the driver and by the embedded engine alike. */
export const DUPLICATE_KEY_CODE = 11000;

export function isDuplicateKeyError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && (error as { code: unknown }).code === DUPLICATE_KEY_CODE;
}

/**
 * A bulk write's failure made only of duplicate keys (MongoBulkWriteError's `writeErrors`, the
 * embedded engine's alike): every other operation of an unordered bulk was applied.
 */
export function isOnlyDuplicateKeys(error: unknown): boolean {
  const errors = writeErrorsOf(error);
  // A write concern failure rides on the driver's result: the writes may not be durable, so it is no duplicate.
  const result = (error as { result?: { getWriteConcernError?: () => unknown } }).result;
  return errors.length > 0 && errors.every(isDuplicateKeyError) && !result?.getWriteConcernError?.();
}

/** The operations of a bulk write reported as failed, by their index in the bulk. */
export function failedOperations(error: unknown): Set<number> {
  return new Set(writeErrorsOf(error).map((failure) => (failure as { index?: unknown }).index).filter((index): index is number => typeof index === 'number'));
}

function writeErrorsOf(error: unknown): unknown[] {
  if (typeof error !== 'object' || error === null || !('writeErrors' in error)) return [];
  const { writeErrors } = error as { writeErrors: unknown };
  return Array.isArray(writeErrors) ? writeErrors : writeErrors ? [writeErrors] : [];
}

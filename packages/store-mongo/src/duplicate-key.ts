/** MongoDB's duplicate key error code (E11000), raised by the driver and by the embedded engine alike. */
export const DUPLICATE_KEY_CODE = 11000;

export function isDuplicateKeyError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && (error as { code: unknown }).code === DUPLICATE_KEY_CODE;
}

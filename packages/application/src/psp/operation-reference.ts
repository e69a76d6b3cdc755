/**
 * The reference a PSP carries for one operation: the orderId plus a 9-character suffix, a dash and
 * the last 8 hexadecimal digits of our transaction id (the random part of a UUID v7), so every
 * operation of an order has its own reference within the PSP's 40 characters.
 */
export function operationReference(orderId: string, transactionId: string): string {
  return `${orderId}-${transactionId.replace(/-/g, '').slice(-8)}`;
}

import { createHmac, timingSafeEqual } from 'node:crypto';

/** The fields of a NotificationRequestItem that its HMAC signs. */
export interface SignedItem {
  readonly pspReference?: string;
  readonly originalReference?: string;
  readonly merchantAccountCode?: string;
  readonly merchantReference?: string;
  readonly amount?: { readonly value?: number; readonly currency?: string };
  readonly eventCode?: string;
  readonly success?: string;
}

/**
 * The signing string of a standard webhook item: pspReference, originalReference,
 * merchantAccountCode, merchantReference, amount.value, amount.currency, eventCode, success joined by
 * `:`, a missing value empty.
 */
export function signingString(item: SignedItem): string {
  return [
    item.pspReference,
    item.originalReference,
    item.merchantAccountCode,
    item.merchantReference,
    item.amount?.value,
    item.amount?.currency,
    item.eventCode,
    item.success,
  ]
    .map((v) => (v === undefined || v === null ? '' : String(v)))
    .join(':');
}

/** Base64 HMAC-SHA256 of the signing string under the hex-decoded key. */
export function itemHmac(item: SignedItem, hexKey: string): string {
  return createHmac('sha256', Buffer.from(hexKey, 'hex')).update(signingString(item), 'utf8').digest('base64');
}

/** Constant-time check of `additionalData.hmacSignature`. */
export function hmacValid(item: SignedItem, signature: unknown, hexKey: string): boolean {
  if (typeof signature !== 'string' || signature.length === 0) return false;
  const expected = Buffer.from(itemHmac(item, hexKey), 'base64');
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

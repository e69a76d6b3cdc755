import type { Brand } from '../shared/brand';

export type SessionId = Brand<string, 'SessionId'>;
export type AttemptId = Brand<string, 'AttemptId'>;
export type TransactionId = Brand<string, 'TransactionId'>;
export type MerchantId = Brand<string, 'MerchantId'>;

/** Lowercase UUID, 8-4-4-4-12 hexadecimal digits (the spec's id pattern). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

export const merchantId = (value: string): MerchantId => value as MerchantId;

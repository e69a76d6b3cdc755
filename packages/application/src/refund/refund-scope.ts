import { DomainError, isUuid, type MerchantId, type Session } from '@splitpay/domain';

/**
 * The session a refund door names, if it is the caller's: another merchant's answers exactly as a
 * missing one (NotFound), and so does an identifier that cannot be one of ours.
 */
export async function ownSession(merchantId: MerchantId, id: string, find: (id: string) => Promise<Session | null>): Promise<Session> {
  const session = isUuid(id) ? await find(id) : null;
  if (!session || session.merchantId !== merchantId) throw new DomainError('NotFound', 'Not found');
  return session;
}

/** The idempotency-key header: 1 to 64 characters when present. */
export function checkIdempotencyKey(key: string | undefined): void {
  if (key !== undefined && (key.length < 1 || key.length > 64)) {
    throw new DomainError('InvalidRequest', 'idempotency-key must be 1 to 64 characters');
  }
}

import type { CurrencyCode, OperationRef, PspFact, Session } from '@splitpay/domain';
import { attemptHolding } from './notification-scope';

/**
 * The currency of the operation an `authorized` fact names, when the grant is in another one; else
 * undefined. A PSP grants in the currency it was asked in: a grant in another is no verdict on this
 * operation (the domain compares the grant with what was asked, and cannot compare two currencies).
 */
export function askedCurrencyUnlike(session: Session, providerId: string, ref: OperationRef, fact: PspFact): CurrencyCode | undefined {
  if (fact.kind !== 'authorized') return undefined;
  const asked = attemptHolding(session, providerId, ref)?.requested.currency;
  return asked !== undefined && asked !== fact.granted.currency ? asked : undefined;
}

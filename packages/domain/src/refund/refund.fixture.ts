import type { Attempt } from '../attempt/attempt.model';
import type { AttemptId, MerchantId, SessionId, TransactionId } from '../ids/ids';
import type { MethodOffer } from '../method/method';
import { money, zero } from '../money/money';
import { DEFAULT_POLICY, type DomainContext } from '../session/domain-context';
import { EUR, T0 } from '../session/session.fixture';
import type { Session } from '../session/session.model';
import { HOLD_CAPS } from '../testing';
import type { Transaction } from '../transaction/transaction.model';

/** Test data for the refund rules: ended sessions built directly as values. */
export { EUR, T0 };

export const cardOffer: MethodOffer = { id: 'card', method: 'card', provider: 'fake', capabilities: HOLD_CAPS, partialRefunds: true };
export const ancvOffer: MethodOffer = {
  id: 'ancv',
  method: 'ancv',
  provider: 'fake',
  capabilities: { ...HOLD_CAPS, operation: 'payment', void: false, partialRefund: false, payerChosenPartial: true },
  partialRefunds: false,
};
export const noRefundOffer: MethodOffer = {
  id: 'voucher',
  method: 'ancv',
  provider: 'fake',
  capabilities: { ...HOLD_CAPS, operation: 'payment', refund: false, partialRefund: false },
  partialRefunds: false,
};

let counter = 0;
export function uuid(): string {
  counter += 1;
  return `0190a000-0000-7000-8000-${counter.toString(16).padStart(12, '0')}`;
}

export function ctxAt(now: number): DomainContext {
  return { now, newId: uuid, policy: DEFAULT_POLICY };
}

export function tx(type: Transaction['type'], amount: number, kind: Transaction['status']['kind'] = 'succeeded', extra: Partial<Transaction> = {}): Transaction {
  return { id: uuid() as TransactionId, createdAt: T0, updatedAt: T0, type, amount: money(amount, EUR), status: { kind }, ...extra };
}

/** A card attempt whose hold was authorized and captured: `granted` taken. */
export function capturedCard(granted: number, offer: MethodOffer = cardOffer, extra: Partial<Attempt> = {}): Attempt {
  return {
    id: uuid() as AttemptId,
    createdAt: T0,
    updatedAt: T0,
    method: offer.method,
    methodId: offer.id,
    provider: offer.provider,
    operation: 'authorization',
    status: 'CAPTURED',
    requested: money(granted, EUR),
    granted: money(granted, EUR),
    refunded: zero(EUR),
    transactions: [tx('authorization', granted), tx('capture', granted)],
    ...extra,
  };
}

/** A direct payment (one operation that took the money at once). */
export function paidDirect(granted: number, offer: MethodOffer = ancvOffer, extra: Partial<Attempt> = {}): Attempt {
  return {
    ...capturedCard(granted, offer),
    operation: 'payment',
    transactions: [tx('payment', granted)],
    ...extra,
  };
}

export function declinedCard(amount: number): Attempt {
  return { ...capturedCard(amount), status: 'DECLINED', granted: zero(EUR), transactions: [tx('authorization', amount, 'failed')] };
}

export function endedSession(attempts: readonly Attempt[], extra: Partial<Session> = {}): Session {
  return {
    id: uuid() as SessionId,
    merchantId: 'demo' as MerchantId,
    orderId: 'order-1',
    status: 'PAID',
    total: money(1000, EUR),
    captured: money(attempts.reduce((s, a) => s + a.granted.amount, 0), EUR),
    createdAt: T0,
    updatedAt: T0,
    expiresAt: T0 + 900_000,
    endedAt: T0 + 1000,
    version: 7,
    methods: [cardOffer, ancvOffer, noRefundOffer],
    attempts,
    elementsTokenHash: 'hash',
    ...extra,
  };
}

/** The attempt `id` of `session` after a command. */
export function attemptIn(session: Session, id: string): Attempt {
  const attempt = session.attempts.find((a) => a.id === id);
  if (!attempt) throw new Error(`no attempt ${id}`);
  return attempt;
}

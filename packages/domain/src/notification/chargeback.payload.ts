import type { Chargeback } from '../chargeback/chargeback.model';
import type { Money } from '../money/money';

/** What makes one chargeback distinct: the same dispute resent by the PSP gives the same id. */
export interface ChargebackKey {
  readonly providerRef: string;
  /** The PSP's own reference of the dispute, when it gives one: named in `providerRef`'s place. */
  readonly disputeRef?: string;
  readonly type: Chargeback['type'];
  /** YYYY-MM-DD */
  readonly date: string;
  readonly amount: Money;
}

/**
 * `<providerRef>:<type>:<date>:<amount in minor units>`: the chargeback's webhook notificationId and
 * its unique key in the store, so two differing by amount or date are two chargebacks. A
 * representment says `representment` where a chargeback says `chargeback`: the one that settles a
 * dispute the same day for the same amount is a second message, not a resend (D77). A dispute the
 * PSP names by a reference of its own is named by it, so two disputes of one operation the same day
 * for the same amount are two chargebacks (D141).
 */
export function chargebackNotificationId(key: ChargebackKey): string {
  return `${key.disputeRef ?? key.providerRef}:${key.type}:${key.date}:${key.amount.amount}`;
}

/** What the merchant is told of a chargeback, by its webhook and by the API alike; never its delivery state. */
export type ChargebackEventFields = Pick<
  Chargeback,
  'notificationId' | 'orderId' | 'sessionId' | 'attemptId' | 'transactionId' | 'type' | 'amount' | 'provider' | 'providerRef' | 'reasonCode' | 'status' | 'date' | 'validUntil'
>;

export function chargebackEventFields(cb: Chargeback): ChargebackEventFields {
  return {
    notificationId: cb.notificationId,
    orderId: cb.orderId,
    sessionId: cb.sessionId,
    attemptId: cb.attemptId,
    transactionId: cb.transactionId,
    type: cb.type,
    amount: { amount: cb.amount.amount, currency: cb.amount.currency },
    provider: cb.provider,
    providerRef: cb.providerRef,
    ...(cb.reasonCode !== undefined ? { reasonCode: cb.reasonCode } : {}),
    ...(cb.status !== undefined ? { status: cb.status } : {}),
    date: cb.date,
    ...(cb.validUntil !== undefined ? { validUntil: cb.validUntil } : {}),
  };
}

/** The chargeback webhook body (the contract's Events, chargeback). */
export function buildChargebackPayload(cb: Chargeback): Record<string, unknown> {
  return { event: 'chargeback', ...chargebackEventFields(cb) };
}

import type { Chargeback, Money } from '@splitpay/domain';

/** One dispute of GET /api/sessions/{id}/chargebacks: the fields of the chargeback event, never its delivery state. */
export interface ChargebackJson {
  readonly notificationId: string;
  readonly sessionId: string;
  readonly attemptId: string;
  readonly transactionId: string;
  readonly orderId: string;
  readonly type: Chargeback['type'];
  readonly amount: Money;
  readonly provider: string;
  readonly providerRef: string;
  readonly reasonCode?: string;
  readonly status?: string;
  readonly date: string;
  readonly validUntil?: string;
  readonly receivedAt: number;
}

export function presentChargeback(cb: Chargeback): ChargebackJson {
  return {
    notificationId: cb.notificationId,
    sessionId: cb.sessionId,
    attemptId: cb.attemptId,
    transactionId: cb.transactionId,
    orderId: cb.orderId,
    type: cb.type,
    amount: { amount: cb.amount.amount, currency: cb.amount.currency },
    provider: cb.provider,
    providerRef: cb.providerRef,
    ...(cb.reasonCode !== undefined ? { reasonCode: cb.reasonCode } : {}),
    ...(cb.status !== undefined ? { status: cb.status } : {}),
    date: cb.date,
    ...(cb.validUntil !== undefined ? { validUntil: cb.validUntil } : {}),
    receivedAt: cb.receivedAt,
  };
}

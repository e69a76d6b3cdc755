import type { Examples } from '../operation';
import { attempt40, attempt60, CAPTURE_60, eur, paidSession, REFS, SESSION_ID } from './split-order.examples';

/** Bodies of the outgoing calls, as packages/domain/src/notification builds them. */

type Tranche = typeof attempt60;

// The webhook names the operations of a tranche more briefly than the session read: no ids, no ack facet.
const announced = (a: Tranche) => ({
  attemptId: a.attemptId,
  method: a.method,
  methodId: a.methodId,
  cardScheme: a.cardScheme,
  provider: a.provider,
  status: a.status,
  requested: a.requested,
  granted: a.granted,
  operations: a.transactions.map((t) => ({ type: t.type, status: t.status.kind, amount: t.amount, providerRef: t.providerRef, statusCode: t.status.statusCode, statusMessage: t.status.statusMessage })),
});

export const sessionEndedPaid: Examples = {
  paidInTwoTranches: {
    summary: 'order-42 paid by card 60.00 then card 40.00: each tranche with its PSP references and card network',
    value: {
      event: 'session-ended',
      notificationId: `${SESSION_ID}:PAID`,
      sessionId: SESSION_ID,
      orderId: 'order-42',
      status: 'PAID',
      total: paidSession.total,
      captured: paidSession.captured,
      attempts: [announced(attempt60), announced(attempt40)],
    },
  },
};

/** The dispute of the 60.00 capture, as the chargeback webhook and the session's chargebacks read both carry it. */
export const disputeOf60 = {
  notificationId: `${REFS.capture60}:chargeback:2026-02-10:6000`,
  orderId: 'order-42',
  sessionId: SESSION_ID,
  attemptId: attempt60.attemptId,
  transactionId: CAPTURE_60,
  type: 'chargeback',
  amount: eur(6_000),
  provider: 'fake',
  providerRef: REFS.capture60,
  reasonCode: '4837',
  status: 'opened',
  date: '2026-02-10',
  validUntil: '2026-03-12',
};

export const chargebackRaised: Examples = {
  opened: { summary: 'The issuer disputes the 60.00 tranche weeks later; the session stays PAID', value: { event: 'chargeback', ...disputeOf60 } },
};

import type { Examples } from '../operation';
import { ATTEMPT_40, ATTEMPT_60, context, eur, paidSession, PAID_AT, REFS, REFUND_15, REFUND_40, REFUND_45 } from './split-order.examples';

/** Examples of the refund doors and the notification replay. */

export const partialRefundRequest: Examples = {
  slice: { summary: '15.00 of the 60.00 tranche (send the idempotency-key header too, and the same key on a retry)', value: { amount: 1_500 } },
  whole: { summary: 'What remains on the tranche (the body may also be omitted)', value: {} },
};

const DAY = 86_400_000;

/** A refund the PSP acknowledged, its verdict still due. */
const pendingRefund = (attemptId: string, cardScheme: string, transactionId: string, amount: number, providerRef: string, at: number) => ({
  ...context,
  attemptId,
  method: 'card',
  provider: 'fake',
  cardScheme,
  transaction: { transactionId, createdAt: at, updatedAt: at, type: 'refund', amount: eur(amount), providerRef, status: { kind: 'pending' }, ackCode: 'received', ackHttpStatus: 201 },
});

export const partialRefundRecorded: Examples = {
  pending: { summary: 'Recorded and sent to the PSP: its verdict arrives later, read it from transaction.status', value: { refunds: [pendingRefund(ATTEMPT_60, 'visa', REFUND_15, 1_500, REFS.refund15, PAID_AT + DAY)] } },
};

export const sessionRefundRecorded: Examples = {
  whatRemains: {
    summary: 'After the 15.00 slice: what remains on each tranche, one refund per tranche',
    value: {
      refunds: [
        pendingRefund(ATTEMPT_60, 'visa', REFUND_45, 4_500, REFS.refund45, PAID_AT + 2 * DAY),
        pendingRefund(ATTEMPT_40, 'mastercard', REFUND_40, 4_000, REFS.refund40, PAID_AT + 2 * DAY),
      ],
    },
  },
};

export const replayArmed: Examples = {
  armed: { summary: 'The calendar is re-armed; the first delivery is imminent', value: { url: paidSession.notification.url, failures: 0, abandoned: false } },
};

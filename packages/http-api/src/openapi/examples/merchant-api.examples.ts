import type { Examples } from '../operation';
import { attempt40, attempt60, CAPTURE_40, captureOf, context, paidSession, PAID_AT, REFS, SESSION_ID, sessionRequest } from './split-order.examples';
import { disputeOf60 } from './webhook.examples';

/** Examples of the merchant API's session, attempt and transaction doors. */

export const createSessionRequest: Examples = {
  cardOrder: { summary: "A 100.00 EUR order the payer may split across cards; its ending goes to the account's address (or send notificationUrl)", value: sessionRequest },
};

export const sessionCreated: Examples = {
  created: {
    summary: 'The elementsToken goes to the page; the sessionId stays on the merchant server',
    value: { elementsToken: 'pst_EXAMPLEexampleEXAMPLEexampleEXAMPLEexam', sessionId: SESSION_ID, expiresAt: paidSession.expiresAt },
  },
};

export const sessionRead: Examples = {
  paidInTwoTranches: { summary: 'Paid by card 60.00 (visa) then card 40.00 (mastercard), both captured, the webhook delivered', value: paidSession },
};

export const sessionPage: Examples = {
  byOrder: { summary: '?orderId=order-42: the one session of the order, last page (no nextCursor)', value: { sessions: [paidSession] } },
};

export const attemptRead: Examples = {
  firstTranche: { summary: 'The 60.00 card tranche with its authorization and capture', value: { ...context, attempt: attempt60 } },
};

export const attemptPage: Examples = {
  byOrder: { summary: '?orderId=order-42: both tranches, newest first, last page (no nextCursor)', value: { attempts: [{ ...context, attempt: attempt40 }, { ...context, attempt: attempt60 }] } },
};

export const sessionChargebacks: Examples = {
  disputed: {
    summary: 'The dispute the chargeback webhook announced, with when the service received it',
    value: { chargebacks: [{ ...disputeOf60, receivedAt: PAID_AT + 40 * 86_400_000 }] },
  },
};

export const dashboardSessionChargebacks: Examples = {
  abandoned: {
    summary: "The same dispute, its chargeback message's calendar spent: the notification replay sends it again",
    value: { chargebacks: [{ ...disputeOf60, receivedAt: PAID_AT + 40 * 86_400_000, delivery: 'abandoned' }] },
  },
};

export const capture40View = { ...context, attemptId: attempt40.attemptId, method: 'card', provider: 'fake', cardScheme: 'mastercard', transaction: captureOf(4_000, CAPTURE_40, REFS.capture40) };

export const transactionRead: Examples = {
  capture: { summary: 'The capture of the 40.00 tranche: the operation a transaction refund names', value: capture40View },
};

export const transactionPage: Examples = {
  firstPage: {
    summary: '?limit=1: the newest operation, and the cursor of the next page (pass it verbatim with the same filters)',
    value: { transactions: [capture40View], nextCursor: 'WzE3NjcyNjg4OTUwMDAsIjAxOTRhM2MzLTRiOTAiXQ.EXAMPLE-cursor-signature' },
  },
};


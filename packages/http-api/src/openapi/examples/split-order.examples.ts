/**
 * One story told by every example of the document: order-42, 100.00 EUR, paid by card 60.00 (visa)
 * then card 40.00 (mastercard) on the fake PSP. Ids are lowercase UUID v7 like the ones the service
 * mints; references and tokens are obviously fake.
 */

export const SESSION_ID = '0194a3c2-5e10-7b3d-8c41-2f6e9a1d0b01';
export const ATTEMPT_60 = '0194a3c2-9a77-7c12-9e05-4b8d2c6f1a11';
export const ATTEMPT_40 = '0194a3c3-1f02-7a48-b3d6-7e9f0a2b4c21';
export const AUTH_60 = '0194a3c2-9a77-7c12-9e05-4b8d2c6f1a12';
export const CAPTURE_60 = '0194a3c3-4b90-7d21-a7c3-5f1e8d2a6b13';
export const AUTH_40 = '0194a3c3-1f02-7a48-b3d6-7e9f0a2b4c22';
export const CAPTURE_40 = '0194a3c3-4b90-7d21-a7c3-5f1e8d2a6b23';
export const REFUND_15 = '0194a7e1-0c35-7f66-8b2a-3d4e5f607a14';
export const REFUND_45 = '0194ad07-6e21-7b90-9c4d-8a1b2c3d4e15';
export const REFUND_40 = '0194ad07-6e23-7c01-a5e6-9b2c3d4e5f25';

export const CREATED_AT = 1_767_268_800_000; // 2026-01-01T12:00:00Z
export const PAID_AT = CREATED_AT + 95_000;

export const eur = (amount: number) => ({ amount, currency: 'EUR' });

export const sessionRequest = { currency: 'EUR', total: 10_000, orderId: 'order-42', methods: [{ method: 'card' }] };

/** The demo merchant's own address (apps/server/demo-merchants.json): the account's, as no notificationUrl was sent. */
const ACCOUNT_NOTIFICATION_URL = 'http://localhost:3000/demo/webhooks';

/** An authorization then its capture, as the session read shows each tranche's operations. */
function authThenCapture(amount: number, ids: { auth: string; capture: string }, refs: { auth: string; capture: string }, at: number) {
  return [
    {
      transactionId: ids.auth,
      createdAt: at,
      updatedAt: at + 2_000,
      type: 'authorization',
      amount: eur(amount),
      providerRef: refs.auth,
      status: { kind: 'succeeded', statusCode: '00', statusMessage: 'Approved' },
      ackCode: 'received',
      ackHttpStatus: 201,
    },
    captureOf(amount, ids.capture, refs.capture),
  ];
}

export function captureOf(amount: number, id: string, providerRef: string) {
  return {
    transactionId: id,
    createdAt: PAID_AT - 1_000,
    updatedAt: PAID_AT,
    type: 'capture',
    amount: eur(amount),
    providerRef,
    status: { kind: 'succeeded', statusCode: 'succeeded', statusMessage: 'capture done' },
    ackCode: 'received',
    ackHttpStatus: 201,
  };
}

export const REFS = {
  auth60: 'fkp_0000000000000060',
  capture60: 'fkc_0000000000000060',
  auth40: 'fkp_0000000000000040',
  capture40: 'fkc_0000000000000040',
  refund15: 'fkr_0000000000000015',
  refund45: 'fkr_0000000000000045',
  refund40: 'fkr_0000000000000040',
};

const tranche = (attemptId: string, amount: number, cardScheme: string, at: number, transactions: ReturnType<typeof authThenCapture>) => ({
  attemptId,
  createdAt: at,
  updatedAt: PAID_AT,
  method: 'card',
  methodId: 'card',
  provider: 'fake',
  status: 'CAPTURED',
  requested: eur(amount),
  granted: eur(amount),
  refunded: eur(0),
  refundable: eur(amount),
  cardScheme,
  transactions,
});

export const attempt60 = tranche(ATTEMPT_60, 6_000, 'visa', CREATED_AT + 30_000, authThenCapture(6_000, { auth: AUTH_60, capture: CAPTURE_60 }, { auth: REFS.auth60, capture: REFS.capture60 }, CREATED_AT + 30_000));
export const attempt40 = tranche(ATTEMPT_40, 4_000, 'mastercard', CREATED_AT + 80_000, authThenCapture(4_000, { auth: AUTH_40, capture: CAPTURE_40 }, { auth: REFS.auth40, capture: REFS.capture40 }, CREATED_AT + 80_000));

export const paidSession = {
  sessionId: SESSION_ID,
  merchantId: 'demo',
  orderId: 'order-42',
  status: 'PAID',
  total: eur(10_000),
  captured: eur(10_000),
  createdAt: CREATED_AT,
  updatedAt: PAID_AT,
  expiresAt: CREATED_AT + 900_000,
  notification: { url: ACCOUNT_NOTIFICATION_URL, deliveredAt: PAID_AT + 300, failures: 0, abandoned: false },
  attempts: [attempt60, attempt40],
};

/** The context a TransactionView or AttemptView carries beside the operation. */
export const context = { sessionId: SESSION_ID, merchantId: 'demo', orderId: 'order-42' };

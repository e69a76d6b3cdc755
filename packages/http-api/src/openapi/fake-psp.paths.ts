import type { OperationSpec, PathSpecs } from './operation';

/**
 * The fake provider, mounted under /fake-psp only when FAKE_PSP is on (docs/decisions.md D20). It
 * plays a PSP: its API is its own (spoken by its drivers) and its pages are the payer's side of a
 * PSP, so this document lists its doors without fixing their shapes (packages/psp-fake/README.md).
 */

const tags = ['Fake provider'];
const ref = { name: 'ref', in: 'path' as const, required: true, schema: { type: 'string' } };
const own = (operationId: string, summary: string, extra: Partial<OperationSpec> = {}): OperationSpec => ({
  operationId,
  summary,
  tags,
  security: 'none',
  responses: {
    '200': { description: "the fake PSP's own answer", contentType: '*/*' },
    '404': { description: 'unknown reference', contentType: '*/*' },
    default: { description: "the fake PSP's own answer", contentType: '*/*' },
  },
  ...extra,
});

export const fakePspPaths: PathSpecs = {
  '/fake-psp/api/payments': {
    post: own('fakePspOpenPayment', 'Open a payment (the fake drivers call it)'),
    get: own('fakePspFindPayments', 'Look payments up by reference (status lookup)'),
  },
  '/fake-psp/api/payments/{ref}': { get: own('fakePspReadPayment', 'Read a payment', { parameters: [ref] }) },
  '/fake-psp/api/payments/{ref}/captures': { post: own('fakePspCapture', 'Capture a hold', { parameters: [ref] }) },
  '/fake-psp/api/payments/{ref}/voids': { post: own('fakePspVoid', 'Void a hold', { parameters: [ref] }) },
  '/fake-psp/api/payments/{ref}/refunds': { post: own('fakePspRefund', 'Refund', { parameters: [ref] }) },
  '/fake-psp/api/payments/{ref}/wallet-token': { post: own('fakePspWalletToken', 'Second leg of an in-page wallet', { parameters: [ref] }) },
  '/fake-psp/pay/{ref}': { get: own('fakePspPayerPage', "The payer's page at the fake PSP (3-D Secure challenge, redirected and financing methods); strict Content-Security-Policy, never framed (frame-ancestors 'none', X-Frame-Options DENY)", { parameters: [ref] }) },
  '/fake-psp/pay/{ref}/{door}': {
    post: own('fakePspPressPayerButton', 'Press a button of the payer page: approve (optional { amount }), decline, cancel, study (financing)', {
      parameters: [ref, { name: 'door', in: 'path', required: true, schema: { type: 'string', enum: ['approve', 'decline', 'cancel', 'study'] } }],
    }),
  },
  '/fake-psp/chargebacks': {
    post: own('fakePspRaiseChargeback', 'Raise a dispute on an operation: { providerRef, amount, date?, reasonCode?, type?, status? }'),
  },
};

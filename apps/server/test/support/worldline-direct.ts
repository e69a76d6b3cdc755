import type { SessionView } from '@splitpay/domain';
import { webhookSignature } from '@splitpay/psp-worldline';
import nock from 'nock';
import { merchantEntry, SHOP } from './merchants.fixture';

// Worldline Direct as nock plays it for the service suites: a shop's contracts, payment objects, webhooks.
export const BASE = 'https://payment.preprod.direct.worldline-solutions.com';
export const PSPID = 'shoptest';
export const P = `/v2/${PSPID}/payments`;
export const SETTINGS = {
  merchantId: PSPID,
  apiKeyId: 'shop-api-key-id',
  secretApiKey: 'shop-secret-api-key-0123456789abcdef',
  webhookKeyId: 'shop-webhook-key',
  webhookSecret: 'shop-webhook-secret+0123456789',
  environment: 'test',
};
/** SHOP's contracts: a card on the fake provider, Wero and ANCV at Worldline under each contract kind; `ancvHosted` changes the kiosk's ANCV contract. */
export const worldlineContracts = (ancvHosted: Record<string, unknown> = {}): readonly Record<string, unknown>[] => [
  { method: 'card', provider: 'fake', partialRefunds: true, schemes: ['cb', 'visa', 'mastercard'] },
  // Orders of the kiosk channel take Wero as a direct payment and ANCV on 5403 (hosted checkout).
  { id: 'wero-direct', method: 'wero', provider: 'worldline', channels: ['kiosk'], partialRefunds: true, settings: { ...SETTINGS, operation: 'payment' } },
  { id: 'wero-hold', method: 'wero', provider: 'worldline', partialRefunds: true, settings: SETTINGS },
  { id: 'ancv-hosted', method: 'ancv', provider: 'worldline', channels: ['kiosk'], partialRefunds: false, settings: { ...SETTINGS, ancvProductId: 5403, ...ancvHosted } },
  { id: 'ancv-5412', method: 'ancv', provider: 'worldline', partialRefunds: false, settings: { ...SETTINGS, ancvProductId: 5412 } },
];
export const WORLDLINE_CONTRACTS = worldlineContracts();

/** The merchants file with SHOP's Worldline contracts (for a reload); `shop` adds merchant fields (a chargeback address). */
export const worldlineMerchants = (shop: Record<string, unknown> = {}, ancvHosted: Record<string, unknown> = {}) => ({
  merchants: [merchantEntry(SHOP, worldlineContracts(ancvHosted), [], { webhookAuthorization: 'Bearer shop-webhook', ...shop })],
});

export const paid = (v: SessionView) => v.status === 'PAID';
export const noneInFlight = (v: SessionView) => v.attempts.length > 0 && v.attempts.every((a) => a.status !== 'AUTHORIZING');

/** A Worldline payment object; `extra.changedAt` is its `statusCodeChangeDateTime` (`yyyyMMddHHmmss`). */
export function payment(id: string, status: string, statusCode: number, amount: number, merchantReference: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    status,
    statusOutput: {
      statusCode,
      statusCategory: extra.category ?? 'COMPLETED',
      ...(extra.changedAt ? { statusCodeChangeDateTime: extra.changedAt } : {}),
      ...(extra.errors ? { errors: extra.errors } : {}),
    },
    paymentOutput: {
      amountOfMoney: { amount, currencyCode: 'EUR' },
      ...(extra.acquired !== undefined ? { acquiredAmount: { amount: extra.acquired, currencyCode: 'EUR' } } : {}),
      references: { merchantReference },
      redirectPaymentMethodSpecificOutput: { paymentProductId: extra.product ?? 900 },
    },
    // A payment a hosted checkout created names it (ANCV on 5403).
    ...(extra.hostedCheckoutId ? { hostedCheckoutSpecificOutput: { hostedCheckoutId: extra.hostedCheckoutId } } : {}),
  };
}

/** Worldline takes the redirect payment: the body it received, and the payment id it gave. */
export function acceptPayment(id: string): Promise<{ body: Record<string, unknown>; headers: Record<string, string> }> {
  return new Promise((resolve) => {
    nock(BASE)
      .post(P)
      .reply(function (_uri, body) {
        const sent = body as { order: { amountOfMoney: { amount: number }; references: { merchantReference: string } } };
        resolve({ body: body as Record<string, unknown>, headers: this.req.headers as Record<string, string> });
        return [201, { merchantAction: { actionType: 'REDIRECT', redirectData: { redirectURL: `${BASE}/redirect/${id}` } }, payment: payment(id, 'REDIRECTED', 46, sent.order.amountOfMoney.amount, sent.order.references.merchantReference, { category: 'PENDING_PAYMENT' }) }];
      });
  });
}

/** Worldline posts a webhook to the service at `url`, signed with the contract's webhook key. */
export async function postWebhook(url: string, type: string, object: Record<string, unknown>, secret = SETTINGS.webhookSecret, carries: 'payment' | 'refund' = 'payment'): Promise<number> {
  const rawBody = JSON.stringify({ apiVersion: 'v1', id: `evt-${type}-${Date.now()}`, created: '2026-01-01T10:00:00.000+0100', merchantId: PSPID, type, [carries]: object });
  const res = await fetch(`${url}/psp/worldline/notifications`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-GCS-Signature': webhookSignature(secret, rawBody), 'X-GCS-KeyId': SETTINGS.webhookKeyId },
    body: rawBody,
  });
  return res.status;
}

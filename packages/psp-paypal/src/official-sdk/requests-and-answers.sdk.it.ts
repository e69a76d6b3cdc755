import { money } from '@splitpay/domain';
import { isolateNock } from '@splitpay/psp-testkit';
import nock from 'nock';
import type { PayPalDriver } from '../driver/paypal.driver';
import { createPayPalProvider } from '../provider/paypal.provider';
import { authorizedOrder, followUpInput, openInput, returnInput, SANDBOX, TestClock, tokenEndpoint, silentLogger } from '../testing/paypal.fixtures';
import { event } from '../testing/paypal-webhook.fixtures';
import { throughSdk } from '../testing/paypal-sdk-schemas';

// Each body our driver sends and each answer our tests play, through the schema PayPal's server SDK
// (@paypal/paypal-server-sdk) maps that JSON with: the SDK accepts it, and writes back the same JSON
// (a field it does not know would be dropped, a wrong type refused).

isolateNock();

const ORDER = '5O190127TN364715T';
const AUTH = '0VF52814937998046';
const CAPTURE = '2GG279541U471931P';
const TX = '0195f2a4-1111-7000-8000-00000000000a';
const opening = { transactionId: TX, providerRef: ORDER };

const ORDER_CREATED = {
  id: ORDER,
  status: 'PAYER_ACTION_REQUIRED',
  links: [
    { href: `${SANDBOX}/v2/checkout/orders/${ORDER}`, rel: 'self', method: 'GET' },
    { href: `https://www.sandbox.paypal.com/checkoutnow?token=${ORDER}`, rel: 'payer-action', method: 'GET' },
  ],
};
const CAPTURED = { id: CAPTURE, status: 'COMPLETED', amount: { currency_code: 'EUR', value: '100.00' }, final_capture: true, invoice_id: 'cap-tx' };
const REFUNDED = { id: '1JU08902781691411', status: 'COMPLETED', amount: { currency_code: 'EUR', value: '10.00' }, invoice_id: 'ref-tx', custom_id: 'ref-tx' };

/** Plays PayPal on `path`, answering `answer`, and keeps the body our driver sent. */
function play(path: string, status: number, answer: unknown): unknown[] {
  const bodies: unknown[] = [];
  nock(SANDBOX)
    .post(path)
    .reply(status, (_uri: string, body: unknown) => {
      bodies.push(body);
      return answer;
    });
  return bodies;
}

const same = (model: Parameters<typeof throughSdk>[0], json: unknown): void => {
  expect(throughSdk(model, json).json).toEqual(json);
};

describe("PayPal: our requests and answers through the official server SDK's schemas", () => {
  let driver: PayPalDriver;
  beforeEach(() => {
    driver = createPayPalProvider({ logger: silentLogger, clock: new TestClock(), timeoutMs: 2000 }).drivers[0] as PayPalDriver;
    tokenEndpoint('tok-sdk', { times: 5 });
  });
  afterEach(() => nock.cleanAll());

  it('open: the order request (Orders v2 OrderRequest) and the created order (Order)', async () => {
    const sent = play('/v2/checkout/orders', 201, ORDER_CREATED);
    await driver.open(openInput({ transactionId: TX as never, order: { orderId: 'ORDER-42', statementDescriptor: 'SPLITPAY ORDER 42' } }));
    expect(sent).toHaveLength(1);
    same('orderRequest', sent[0]);
    expect(throughSdk('orderRequest', sent[0]).model.purchaseUnits[0]?.softDescriptor).toBe('SPLITPAY ORDER 42');
    same('order', ORDER_CREATED);
  });

  it("open with the order data: payer, billing and shipping addresses, items and their total, the payer's IP fit OrderRequest", async () => {
    const sent = play('/v2/checkout/orders', 201, ORDER_CREATED);
    const address = { firstName: 'Jeanne', lastName: 'Martin', address: '12 rue de la Paix', postalCode: '75002', city: 'Paris', country: 'FR' as never };
    const cartItems = [{ label: 'Vélo', quantity: 2, amount: money(12_000, 'EUR'), detail: { itemId: 'SKU-1', category: 'sport', brand: 'Cyclo', discount: 0, tax: 0, delivery: { type: 'carrier', speed: 'standard' as const, expectedDate: '2026-12-01', expectedDelay: 4, label: 'Colissimo' } } }, { label: 'Sonnette', quantity: 1, amount: money(345, 'EUR') }];
    await driver.open(openInput({ transactionId: TX as never, order: { orderId: 'ORDER-42', customer: { email: 'jeanne@example.com', firstName: 'Jeanne', lastName: 'Martin' }, billing: address, shipping: address, cartItems }, payerDevice: { ip: '203.0.113.42' } }));
    expect(sent).toHaveLength(1);
    same('orderRequest', sent[0]);
    const model = throughSdk('orderRequest', sent[0]).model;
    expect(model.purchaseUnits[0]?.supplementaryData?.risk?.customer?.ipAddress).toBe('203.0.113.42');
    expect(model.purchaseUnits[0]?.items).toHaveLength(2);
    expect(model.purchaseUnits[0]?.shipping?.address?.countryCode).toBe('FR');
    expect(model.paymentSource?.paypal?.name?.surname).toBe('Martin');
  });

  it('return: the authorize request (OrderAuthorizeRequest) and the authorized order (OrderAuthorizeResponse, Order)', async () => {
    const sent = play(`/v2/checkout/orders/${ORDER}/authorize`, 201, authorizedOrder(ORDER, TX));
    await driver.completeReturn(returnInput(opening, { token: ORDER, PayerID: 'QYR5Z8XDVJNXQ' }));
    expect(sent).toHaveLength(1);
    same('orderAuthorizeRequest', sent[0]);
    same('orderAuthorizeResponse', authorizedOrder(ORDER, TX));
    same('order', authorizedOrder(ORDER, TX, { authorizationId: AUTH, status: 'CAPTURED' }));
  });

  it('capture and refund: the requests (CaptureRequest, RefundRequest) and their answers (CapturedPayment, Refund)', async () => {
    nock(SANDBOX).get(`/v2/checkout/orders/${ORDER}`).reply(200, authorizedOrder(ORDER, TX, { authorizationId: AUTH }));
    const capture = play(`/v2/payments/authorizations/${AUTH}/capture`, 201, CAPTURED);
    await driver.capture(followUpInput(opening, money(10_000, 'EUR')));
    const refund = play(`/v2/payments/captures/${CAPTURE}/refund`, 201, REFUNDED);
    await driver.refund(followUpInput({ transactionId: 'cap-tx', providerRef: CAPTURE }, money(1_000, 'EUR')));
    expect([capture.length, refund.length]).toEqual([1, 1]);
    same('captureRequest', capture[0]);
    same('refundRequest', refund[0]);
    same('capturedPayment', CAPTURED);
    same('refund', REFUNDED);
  });

  it("an order holding its capture and refunds (Orders v2 payments.refunds, read by a refund's lookup without PayPal's id) is the SDK's Order", () => {
    const order = authorizedOrder(ORDER, TX, { authorizationId: AUTH, status: 'CAPTURED' });
    const unit = order.purchase_units[0]!;
    same('order', { ...order, purchase_units: [{ ...unit, payments: { ...unit.payments, captures: [{ ...CAPTURED, status: 'PARTIALLY_REFUNDED' }], refunds: [REFUNDED] } }] });
  });

  it("webhook resources our tests play: PAYMENT.CAPTURE.* is a capture, PAYMENT.AUTHORIZATION.* an authorization, as the SDK's models", () => {
    same('capturedPayment', event('PAYMENT.CAPTURE.COMPLETED', 'capture', CAPTURED).resource);
    same('paymentAuthorization', authorizedOrder(ORDER, TX).purchase_units[0]!.payments.authorizations[0]);
  });
});

import { money, type FollowUpInput, type LookupInput, type OpenInput, type TransactionId } from '@splitpay/domain';
import { CapturingLogger } from '@splitpay/domain/src/testing';
import nock from 'nock';
import { isolateNock } from '@splitpay/psp-testkit';
import { expectedAuthorization, recorder } from '../testing/request-recorder';
import { hostedCheckoutAnswer, hostedCheckoutStatus, MERCHANT, payment, refund, SETTINGS, TEST_BASE } from '../testing/worldline-fixtures';
import { createWorldlineProvider } from '../worldline.plugin';

// ANCV on product 5403 (Thunes acquiring) is hosted checkout only: the opening is a hosted checkout.
const V2 = `/v2/${MERCHANT}`;
const TX = '3f2c9a4e-1b7d-4c5e-9f00-aa11bb22cc33' as TransactionId;
const HC = '8915-28e5b79c889641c8ba770f1ba576c1fe';
const PAY = '4000067890_0';
const ON_5403 = { ...SETTINGS, ancvProductId: 5403 };

const logger = new CapturingLogger();
const ancv = createWorldlineProvider({ clock: { now: () => Date.now() }, logger, timeoutMs: 1_000 }).drivers.find((d) => d.method === 'ancv')!;
const call = {
  transactionId: TX,
  attemptId: 'att-1' as OpenInput['attemptId'],
  reference: 'order-42-abcdef123',
  offer: { id: 'ancv', method: 'ancv', provider: 'worldline', capabilities: ancv.capabilitiesFor!(ON_5403), partialRefunds: false } as OpenInput['offer'],
  settings: ON_5403,
};
const opening = { transactionId: TX, providerRef: HC };
const lookupInput: LookupInput = { ...call, amount: money(7_000, 'EUR'), target: opening };
const refundInput = (transactionId: string): FollowUpInput => ({ ...call, transactionId: transactionId as TransactionId, amount: money(3_000, 'EUR'), target: opening, opening });
const sale = (status: string, statusCode: number, extra: Record<string, unknown> = {}) => payment({ id: PAY, status, statusCode, amount: 7_000, merchantReference: TX, product: 5403, ...extra });

isolateNock();
afterEach(() => nock.cleanAll());

describe('Worldline hosted checkout (ANCV on 5403)', () => {
  it('open: POST /v2/{merchantId}/hostedcheckouts signed, idempotency key = our transaction id, 5403 only, a sale without the remainder by card', async () => {
    const r = recorder();
    nock(TEST_BASE).post(`${V2}/hostedcheckouts`).reply(r.reply(201, hostedCheckoutAnswer(HC, TX)));
    const out = await ancv.open({
      ...call,
      amount: money(7_000, 'EUR'),
      registerAlias: false,
      order: { orderId: 'order-42' },
      returnUrl: 'https://pay.example/elements/return/att-1',
      notificationUrl: 'https://pay.example/psp/worldline/notifications',
    });
    const [s] = r.seen;
    expect(s?.headers['x-gcs-idempotence-key']).toBe(TX);
    expect(s?.headers.authorization).toBe(expectedAuthorization(s!));
    expect(s?.body).toEqual({
      order: { amountOfMoney: { amount: 7_000, currencyCode: 'EUR' }, references: { merchantReference: TX, descriptor: 'order-42-abcdef123' } },
      hostedCheckoutSpecificInput: { returnUrl: 'https://pay.example/elements/return/att-1', showResultPage: false, paymentProductFilters: { restrictTo: { products: [5403] } } },
      redirectPaymentMethodSpecificInput: { paymentProductId: 5403, requiresApproval: false, paymentProduct5403SpecificInput: { completeRemainingPaymentAmount: false } },
      feedbacks: { webhooksUrls: ['https://pay.example/psp/worldline/notifications'] },
    });
    // The hosted checkout's id is the opening's reference; the payer goes to its page.
    expect(out).toEqual({ ack: { outcome: 'accepted', httpStatus: 201, providerRef: HC }, redirect: { kind: 'navigate', url: `${TEST_BASE}/hostedcheckout/PaymentMethods/Selection/${HC}` }, facts: [] });
  });

  it('open refused (4xx) is a rejected ack; an answer without a page for the payer too; no answer is unknown', async () => {
    const input = { ...call, amount: money(7_000, 'EUR'), registerAlias: false, order: { orderId: 'order-42' }, returnUrl: 'https://pay.example/r', notificationUrl: 'https://pay.example/n' };
    nock(TEST_BASE).post(`${V2}/hostedcheckouts`).reply(400, { errorId: 'x', errors: [{ errorCode: '21000120', message: 'PRODUCT_NOT_ENABLED' }] });
    expect((await ancv.open(input)).ack).toEqual({ outcome: 'rejected', httpStatus: 400, code: '21000120', message: 'PRODUCT_NOT_ENABLED' });
    nock(TEST_BASE).post(`${V2}/hostedcheckouts`).reply(201, { merchantReference: TX });
    expect((await ancv.open(input)).ack).toMatchObject({ outcome: 'rejected', code: 'no-redirect' });
    nock(TEST_BASE).post(`${V2}/hostedcheckouts`).replyWithError('socket hang up');
    expect((await ancv.open(input)).ack.outcome).toBe('unknown');
  });

  it('return and lookup: GET /v2/{merchantId}/hostedcheckouts/{id}, the created payment gives the verdict of the opening', async () => {
    const r = recorder();
    nock(TEST_BASE).get(`${V2}/hostedcheckouts/${HC}`).reply(r.reply(200, hostedCheckoutStatus('PAYMENT_CREATED', sale('CAPTURED', 9, { statusCategory: 'COMPLETED', acquired: 3_000 }))));
    const returned = await ancv.completeReturn!({ ...lookupInput, params: { hostedCheckoutId: HC, RETURNMAC: `mac-${HC}` } });
    expect(r.seen[0]?.headers.authorization).toBe(expectedAuthorization(r.seen[0]!));
    // The payer paid 30.00 of the 70.00 asked in vouchers: a chosen partial, named by the opening.
    expect(returned.facts).toEqual([{ kind: 'authorized', ref: opening, providerRef: HC, granted: money(3_000, 'EUR'), chosenByPayer: true, statusCode: '9' }]);
    expect(returned.ack).toEqual({ outcome: 'accepted', httpStatus: 200, providerRef: HC });
  });

  it.each([
    ['IN_PROGRESS, no payment yet', hostedCheckoutStatus('IN_PROGRESS'), []],
    ['a payment still waiting in the app', hostedCheckoutStatus('PAYMENT_CREATED', sale('REDIRECTED', 46, { statusCategory: 'PENDING_PAYMENT' })), []],
    [
      'the approval timed out (REJECTED)',
      hostedCheckoutStatus('PAYMENT_CREATED', sale('REJECTED', 2, { statusCategory: 'UNSUCCESSFUL', errors: [{ id: 'TIMEOUT', message: 'The payer did not approve in time' }] })),
      [{ kind: 'declined', ref: opening, providerRef: HC, category: 'expired', statusCode: '2' }],
    ],
    ['the payer left the page (CANCELLED_BY_CONSUMER)', hostedCheckoutStatus('CANCELLED_BY_CONSUMER'), [{ kind: 'cancelled-by-payer', ref: opening, statusCode: 'CANCELLED_BY_CONSUMER' }]],
  ])('lookup: %s', async (_case, answer, facts) => {
    nock(TEST_BASE).get(`${V2}/hostedcheckouts/${HC}`).reply(200, answer);
    expect((await ancv.lookup!(lookupInput)).facts).toEqual(facts);
  });

  it('refund: the hosted checkout names its payment, the refund goes to that payment with our idempotency key', async () => {
    const r = recorder();
    nock(TEST_BASE).get(`${V2}/hostedcheckouts/${HC}`).reply(r.reply(200, hostedCheckoutStatus('PAYMENT_CREATED', sale('CAPTURED', 9, { statusCategory: 'COMPLETED' }))));
    nock(TEST_BASE).post(`${V2}/payments/${PAY}/refund`).reply(r.reply(201, refund({ id: '4000067890_1', status: 'REFUNDED', statusCode: 8, amount: 3_000 })));
    const out = await ancv.refund(refundInput('ref-1'));
    expect(r.seen.map((s) => [s.method, s.path, s.headers['x-gcs-idempotence-key'], s.body])).toEqual([
      ['GET', `${V2}/hostedcheckouts/${HC}`, undefined, ''],
      ['POST', `${V2}/payments/${PAY}/refund`, 'ref-1', { amountOfMoney: { amount: 3_000, currencyCode: 'EUR' }, operationReferences: { merchantReference: 'ref-1' } }],
    ]);
    expect(out.facts).toEqual([{ kind: 'refunded', success: true, ref: { transactionId: 'ref-1', providerRef: '4000067890_1' }, providerRef: '4000067890_1', statusCode: '8' }]);
  });

  it('refund: no answer about the hosted checkout is an unknown ack (retried with the same key); no payment created is a failed refund', async () => {
    nock(TEST_BASE).get(`${V2}/hostedcheckouts/${HC}`).replyWithError('socket hang up');
    expect(await ancv.refund(refundInput('ref-2'))).toEqual({ ack: { outcome: 'unknown', message: 'socket hang up' }, facts: [] });
    nock(TEST_BASE).get(`${V2}/hostedcheckouts/${HC}`).reply(200, hostedCheckoutStatus('IN_PROGRESS'));
    const out = await ancv.refund(refundInput('ref-3'));
    expect(out.ack).toMatchObject({ outcome: 'rejected', code: 'no-payment' });
    expect(out.facts).toEqual([{ kind: 'refunded', success: false, ref: { transactionId: 'ref-3' }, statusCode: 'no-payment', statusMessage: 'Worldline cannot refund: the hosted checkout created no Worldline payment' }]);
    expect(logger.lines.join('\n')).not.toContain(SETTINGS.secretApiKey);
  });
});

describe('ANCV: the product is the session’s, as its offer recorded it at creation, not the contract’s current one', () => {
  const ON_5412 = { ...SETTINGS, ancvProductId: 5412 };
  const offerUnder = (settings: Readonly<Record<string, unknown>>): OpenInput['offer'] => ({ ...call.offer, capabilities: ancv.capabilitiesFor!(settings) });

  it('capabilitiesFor records the contract’s product as the offer’s flow (5403 when the contract names none); Wero has one flow', () => {
    expect(ancv.capabilitiesFor!(ON_5403).flow).toBe('ancv-5403');
    expect(ancv.capabilitiesFor!(ON_5412).flow).toBe('ancv-5412');
    const { ancvProductId: _none, ...unnamed } = SETTINGS;
    expect(ancv.capabilitiesFor!(unnamed).flow).toBe('ancv-5403');
    const wero = createWorldlineProvider({ clock: { now: () => Date.now() }, logger, timeoutMs: 1_000 }).drivers.find((d) => d.method === 'wero')!;
    expect(wero.capabilitiesFor!(SETTINGS).flow).toBeUndefined();
  });

  it('a session opened on 5403 whose contract now says 5412: its refund still finds the payment through the hosted checkout', async () => {
    const r = recorder();
    nock(TEST_BASE).get(`${V2}/hostedcheckouts/${HC}`).reply(r.reply(200, hostedCheckoutStatus('PAYMENT_CREATED', sale('CAPTURED', 9, { statusCategory: 'COMPLETED' }))));
    nock(TEST_BASE).post(`${V2}/payments/${PAY}/refund`).reply(r.reply(201, refund({ id: '4000067890_1', status: 'REFUNDED', statusCode: 8, amount: 3_000 })));
    const out = await ancv.refund({ ...refundInput('ref-5403'), offer: offerUnder(ON_5403), settings: ON_5412 });
    expect(r.seen.map((s) => [s.method, s.path])).toEqual([
      ['GET', `${V2}/hostedcheckouts/${HC}`],
      ['POST', `${V2}/payments/${PAY}/refund`],
    ]);
    expect(out.facts).toMatchObject([{ kind: 'refunded', success: true }]);
  });

  it('a session opened on 5412 whose contract now says 5403: its lookup reads the payment, a new attempt opens a 5412 payment', async () => {
    const r = recorder();
    const onPayment = { transactionId: TX, providerRef: PAY };
    nock(TEST_BASE).get(`${V2}/payments/${PAY}`).reply(r.reply(200, payment({ id: PAY, status: 'CAPTURED', statusCode: 9, amount: 7_000, merchantReference: TX, product: 5412 })));
    const looked = await ancv.lookup!({ ...lookupInput, target: onPayment, offer: offerUnder(ON_5412), settings: ON_5403 });
    expect(looked.facts).toMatchObject([{ kind: 'authorized', ref: onPayment, granted: money(7_000, 'EUR') }]);
    nock(TEST_BASE).post(`${V2}/payments`).reply(r.reply(201, { merchantAction: { actionType: 'REDIRECT', redirectData: { redirectURL: `${TEST_BASE}/redirect/x` } }, payment: payment({ id: '4000067891_0', status: 'REDIRECTED', statusCode: 46, amount: 7_000 }) }));
    await ancv.open({ ...call, offer: offerUnder(ON_5412), settings: ON_5403, amount: money(7_000, 'EUR'), registerAlias: false, order: { orderId: 'order-42' }, returnUrl: 'https://pay.example/r', notificationUrl: 'https://pay.example/n' });
    expect(r.seen.map((s) => [s.method, s.path])).toEqual([
      ['GET', `${V2}/payments/${PAY}`],
      ['POST', `${V2}/payments`],
    ]);
    expect(r.seen[1]?.body).toMatchObject({ redirectPaymentMethodSpecificInput: { paymentProductId: 5412 } });
  });

  it('an offer stored before offers recorded the product follows the contract', async () => {
    const { flow: _none, ...older } = ancv.capabilitiesFor!(ON_5403);
    nock(TEST_BASE).get(`${V2}/payments/${PAY}`).reply(200, payment({ id: PAY, status: 'CAPTURED', statusCode: 9, amount: 7_000, merchantReference: TX }));
    const out = await ancv.lookup!({ ...lookupInput, target: { transactionId: TX, providerRef: PAY }, offer: { ...call.offer, capabilities: older }, settings: ON_5412 });
    expect(out.facts).toMatchObject([{ kind: 'authorized' }]);
  });
});

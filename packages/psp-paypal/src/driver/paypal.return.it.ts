import nock from 'nock';
import { createPayPalProvider } from '../provider/paypal.provider';
import type { PayPalDriver } from './paypal.driver';
import { SANDBOX, TestClock, authorizedOrder, paypalError, returnInput, tokenEndpoint, silentLogger } from '../testing/paypal.fixtures';
import { isolateNock } from '@splitpay/psp-testkit';

isolateNock();

const ORDER = '5O190127TN364715T';
const TX = '0195f2a4-1111-7000-8000-00000000000a';
const opening = { transactionId: TX, providerRef: ORDER };

describe('PayPal driver: the payer comes back from PayPal', () => {
  let driver: PayPalDriver;
  beforeEach(() => {
    driver = createPayPalProvider({ logger: silentLogger, clock: new TestClock(), timeoutMs: 2000 }).drivers[0] as PayPalDriver;
    tokenEndpoint('tok-return');
  });
  afterEach(() => nock.cleanAll());

  it('through the return_url: the approved order is authorized (PayPal-Request-Id = the opening transaction id) and the hold is the verdict', async () => {
    const scope = nock(SANDBOX)
      .post(`/v2/checkout/orders/${ORDER}/authorize`, {})
      .matchHeader('authorization', 'Bearer tok-return')
      .matchHeader('paypal-request-id', TX)
      .matchHeader('prefer', 'return=representation')
      .reply(201, authorizedOrder(ORDER, TX));
    const output = await driver.completeReturn(returnInput(opening, { token: ORDER, PayerID: 'QYR5Z8XDVJNXQ' }));
    expect(scope.isDone()).toBe(true);
    expect(output.ack).toEqual({ outcome: 'accepted', httpStatus: 201, code: 'COMPLETED', providerRef: ORDER });
    expect(output.facts).toEqual([{ kind: 'authorized', ref: opening, providerRef: ORDER, granted: { amount: 12_345, currency: 'EUR' }, statusCode: 'CREATED' }]);
  });

  it('through the cancel_url: an order the payer never approved ends as cancelled by the payer', async () => {
    const scope = nock(SANDBOX).get(`/v2/checkout/orders/${ORDER}`).matchHeader('authorization', 'Bearer tok-return').reply(200, { id: ORDER, status: 'PAYER_ACTION_REQUIRED', links: [] });
    const output = await driver.completeReturn(returnInput(opening, { paypal: 'cancel', token: ORDER }));
    expect(scope.isDone()).toBe(true);
    expect(output.facts).toEqual([{ kind: 'cancelled-by-payer', ref: opening, providerRef: ORDER, statusCode: 'PAYER_CANCELLED', statusMessage: 'the payer cancelled at PayPal' }]);
  });

  it('through the cancel_url of an order that is approved after all (a forged or stale cancel): it is authorized, not cancelled', async () => {
    nock(SANDBOX).get(`/v2/checkout/orders/${ORDER}`).reply(200, { id: ORDER, status: 'APPROVED', links: [] });
    nock(SANDBOX).post(`/v2/checkout/orders/${ORDER}/authorize`).matchHeader('paypal-request-id', TX).reply(201, authorizedOrder(ORDER, TX));
    const output = await driver.completeReturn(returnInput(opening, { paypal: 'cancel' }));
    expect(output.facts.map((f) => f.kind)).toEqual(['authorized']);
  });

  it('an order authorized before (ORDER_ALREADY_AUTHORIZED) is read back, and its hold is the verdict', async () => {
    nock(SANDBOX).post(`/v2/checkout/orders/${ORDER}/authorize`).reply(422, paypalError('UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_AUTHORIZED'));
    nock(SANDBOX).get(`/v2/checkout/orders/${ORDER}`).reply(200, authorizedOrder(ORDER, TX, { value: '123.45' }));
    const output = await driver.completeReturn(returnInput(opening));
    expect(output.facts).toMatchObject([{ kind: 'authorized', granted: { amount: 12_345, currency: 'EUR' } }]);
  });

  it.each([
    ['INSTRUMENT_DECLINED', 'bank-refusal'],
    ['REDIRECT_PAYER_FOR_ALTERNATE_FUNDING', 'bank-refusal'],
    ['TRANSACTION_REFUSED', 'bank-refusal'],
    ['PAYER_CANNOT_PAY', 'bank-refusal'],
    ['TRANSACTION_LIMIT_EXCEEDED', 'bank-refusal'],
    ['PAYER_ACCOUNT_RESTRICTED', 'method-unavailable'],
    ['PAYER_ACCOUNT_LOCKED_OR_CLOSED', 'method-unavailable'],
    ['CARD_EXPIRED', 'expired'],
    ['REFERENCED_CARD_EXPIRED', 'expired'],
    ['INVALID_SECURITY_CODE_LENGTH', 'invalid-card-data'],
    ['CARD_NUMBER_REQUIRED', 'invalid-card-data'],
    ['CARD_EXPIRY_REQUIRED', 'invalid-card-data'],
    ['INVALID_EXPIRY_DATE', 'invalid-card-data'],
    ['COMPLIANCE_VIOLATION', undefined],
    ['PAYEE_BLOCKED_TRANSACTION', undefined],
    ['TRANSACTION_BLOCKED_BY_PAYEE', undefined],
    ['DECLINED_DUE_TO_RELATED_TXN', undefined],
    ['MAX_NUMBER_OF_PAYMENT_ATTEMPTS_EXCEEDED', undefined],
    ['ORDER_EXPIRED', undefined],
    ['ORDER_COMPLETED_OR_VOIDED', undefined],
  ])('an authorization refused with %s is declined (category %s)', async (issue, category) => {
    nock(SANDBOX).post(`/v2/checkout/orders/${ORDER}/authorize`).reply(422, paypalError('UNPROCESSABLE_ENTITY', issue, `about ${issue}`));
    const output = await driver.completeReturn(returnInput(opening));
    expect(output.ack).toMatchObject({ outcome: 'rejected', httpStatus: 422, code: issue });
    expect(output.facts).toEqual([
      { kind: 'declined', ref: opening, providerRef: ORDER, ...(category ? { category } : {}), statusCode: issue, statusMessage: `about ${issue}; debug_id f5e2ab4c1d` },
    ]);
  });

  it.each(['PAYER_ACTION_REQUIRED', 'ORDER_NOT_APPROVED'])('%s is no verdict: the payer still has to act at PayPal', async (issue) => {
    nock(SANDBOX).post(`/v2/checkout/orders/${ORDER}/authorize`).reply(422, paypalError('UNPROCESSABLE_ENTITY', issue));
    const output = await driver.completeReturn(returnInput(opening));
    expect(output.facts).toEqual([]);
  });

  it('an authorization PayPal denies is declined as a bank refusal; one under review (PENDING) waits for its webhook', async () => {
    nock(SANDBOX).post(`/v2/checkout/orders/${ORDER}/authorize`).reply(201, authorizedOrder(ORDER, TX, { status: 'DENIED' }));
    expect((await driver.completeReturn(returnInput(opening))).facts).toMatchObject([{ kind: 'declined', category: 'bank-refusal', statusCode: 'AUTHORIZATION_DENIED' }]);
    nock(SANDBOX).post(`/v2/checkout/orders/${ORDER}/authorize`).reply(201, authorizedOrder(ORDER, TX, { status: 'PENDING' }));
    expect((await driver.completeReturn(returnInput(opening))).facts).toEqual([]);
  });

  it('PayPal failing (5xx, no answer) tells nothing: the verdict stays due and is looked up', async () => {
    nock(SANDBOX).post(`/v2/checkout/orders/${ORDER}/authorize`).reply(503, { name: 'SERVICE_UNAVAILABLE' });
    expect(await driver.completeReturn(returnInput(opening))).toEqual({ ack: { outcome: 'unknown', httpStatus: 503, code: 'SERVICE_UNAVAILABLE' }, facts: [] });
    nock(SANDBOX).post(`/v2/checkout/orders/${ORDER}/authorize`).replyWithError('ETIMEDOUT');
    expect((await driver.completeReturn(returnInput(opening))).facts).toEqual([]);
  });
});

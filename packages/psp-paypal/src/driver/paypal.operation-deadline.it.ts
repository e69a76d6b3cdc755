import nock from 'nock';
import type { PspDriver } from '@splitpay/domain';
import { isolateNock } from '@splitpay/psp-testkit';
import { createPayPalProvider } from '../provider/paypal.provider';
import { SANDBOX, TestClock, authorizedOrder, followUpInput, followUpLookupInput, lookupInput, paypalError, returnInput, silentLogger, tokenEndpoint } from '../testing/paypal.fixtures';

// All the calls of one capture, void or refund (token fetches included) share one timeout: the
// worker's first send of an owed operation falls due one timeout after its sender started (D90, D101).
// So do those of one payer's return and one status lookup (D112).

isolateNock();
afterEach(() => {
  nock.abortPendingRequests();
  nock.cleanAll();
});

const TIMEOUT_MS = 2_000;
const ORDER = '3C679366HH908993F';
const AUTH = '0VF52814937998046';
const CAPTURE = '2GG279541U471931P';
const opening = { transactionId: '0195f2a4-5555-7000-8000-00000000000a', providerRef: ORDER };

describe("PayPal: the calls of one operation share one timeout", () => {
  let clock: TestClock;
  let driver: PspDriver;
  beforeEach(() => {
    clock = new TestClock();
    driver = createPayPalProvider({ logger: silentLogger, clock, timeoutMs: TIMEOUT_MS }).drivers[0]!;
  });

  /** The order holding its authorization, read as `passMs` of the operation's timeout pass. */
  const orderRead = (passMs: number): nock.Scope =>
    nock(SANDBOX)
      .get(`/v2/checkout/orders/${ORDER}`)
      .reply(200, () => {
        clock.at += passMs;
        return authorizedOrder(ORDER, opening.transactionId, { authorizationId: AUTH });
      });

  it("a capture whose order read took most of the timeout gives its capture only what is left: no answer in it is unknown, never a decline", async () => {
    tokenEndpoint('tok-d');
    orderRead(TIMEOUT_MS - 200);
    // Within one whole timeout, but not within the 200 ms left.
    const capture = nock(SANDBOX).post(`/v2/payments/authorizations/${AUTH}/capture`).delay(1_000).reply(201, { id: CAPTURE, status: 'COMPLETED' });
    const output = await driver.capture(followUpInput(opening));
    expect(capture.isDone()).toBe(true);
    expect(output).toEqual({ ack: { outcome: 'unknown', message: 'ECONNABORTED: no answer from PayPal (timed out)' }, facts: [] });
  });

  it.each([
    ['capture', 'capture'],
    ['void', 'void'],
  ] as const)('%s: the order read answered as the timeout ran out; unknown, no %s sent', async (operation, action) => {
    tokenEndpoint('tok-d');
    const read = orderRead(TIMEOUT_MS);
    const sent = nock(SANDBOX).post(`/v2/payments/authorizations/${AUTH}/${action}`).reply(201, { id: CAPTURE, status: 'COMPLETED' });
    const output = await driver[operation](followUpInput(opening));
    expect(read.isDone()).toBe(true);
    expect(sent.isDone()).toBe(false);
    expect(output).toEqual({ ack: { outcome: 'unknown', message: 'ETIMEDOUT: no answer from PayPal (timed out)' }, facts: [] });
  });

  it("a token renewed within the operation is fetched within its timeout: none left, neither the token nor the retry is sent", async () => {
    tokenEndpoint('tok-old');
    orderRead(0);
    const first = nock(SANDBOX)
      .post(`/v2/payments/authorizations/${AUTH}/void`)
      .matchHeader('authorization', 'Bearer tok-old')
      .reply(401, () => {
        clock.at += TIMEOUT_MS;
        return paypalError('AUTHENTICATION_FAILURE', 'AUTHENTICATION_FAILURE');
      });
    const renewal = tokenEndpoint('tok-new');
    const retry = nock(SANDBOX).post(`/v2/payments/authorizations/${AUTH}/void`).matchHeader('authorization', 'Bearer tok-new').reply(204);
    const output = await driver.void(followUpInput(opening));
    expect(first.isDone()).toBe(true);
    expect(renewal.isDone()).toBe(false);
    expect(retry.isDone()).toBe(false);
    expect(output).toEqual({ ack: { outcome: 'unknown', message: "ETIMEDOUT: no answer from PayPal's token endpoint (timed out)" }, facts: [] });
  });

  it("a refund aimed at the order: the order read that used up the timeout leaves no second refund sent", async () => {
    tokenEndpoint('tok-d');
    const refundAt = (capture: string): nock.Interceptor => nock(SANDBOX).post(`/v2/payments/captures/${capture}/refund`);
    refundAt(ORDER).reply(404, paypalError('RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID'));
    nock(SANDBOX)
      .get(`/v2/checkout/orders/${ORDER}`)
      .reply(200, () => {
        clock.at += TIMEOUT_MS;
        return { ...authorizedOrder(ORDER, opening.transactionId), purchase_units: [{ payments: { captures: [{ id: CAPTURE, status: 'COMPLETED', amount: { currency_code: 'EUR', value: '123.45' } }] } }] };
      });
    const second = refundAt(CAPTURE).reply(201, { id: 'R1', status: 'COMPLETED' });
    const output = await driver.refund(followUpInput(opening));
    expect(second.isDone()).toBe(false);
    expect(output).toEqual({ ack: { outcome: 'unknown', message: 'ETIMEDOUT: no answer from PayPal (timed out)' }, facts: [] });
  });

  it('a follow-up lookup whose token fetch used up the timeout reads nothing: unknown', async () => {
    nock(SANDBOX)
      .post('/v1/oauth2/token')
      .reply(200, () => {
        clock.at += TIMEOUT_MS;
        return { access_token: 'tok-l', token_type: 'Bearer', expires_in: 32_400 };
      });
    const read = nock(SANDBOX).get(`/v2/payments/captures/${CAPTURE}`).reply(200, { id: CAPTURE, status: 'COMPLETED' });
    const output = await driver.lookupFollowUp!(followUpLookupInput('capture', { transactionId: '0195f2a4-5555-7000-8000-00000000000b', providerRef: CAPTURE }, opening));
    expect(read.isDone()).toBe(false);
    expect(output).toEqual({ ack: { outcome: 'unknown', message: 'ETIMEDOUT: no answer from PayPal (timed out)' }, facts: [] });
  });

  describe('a return and a status lookup (D112)', () => {
    /** The order, approved by the payer and not yet authorized, read as `passMs` of the timeout pass. */
    const approvedOrderRead = (passMs: number): nock.Scope =>
      nock(SANDBOX)
        .get(`/v2/checkout/orders/${ORDER}`)
        .reply(200, () => {
          clock.at += passMs;
          return { id: ORDER, status: 'APPROVED', links: [] };
        });
    /** PayPal's ORDER_ALREADY_AUTHORIZED to our authorize, answered as `passMs` of the timeout pass. */
    const alreadyAuthorized = (passMs: number): nock.Scope =>
      nock(SANDBOX)
        .post(`/v2/checkout/orders/${ORDER}/authorize`)
        .reply(422, () => {
          clock.at += passMs;
          return paypalError('UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_AUTHORIZED');
        });

    it("a lookup whose order read took most of the timeout gives the authorization only what is left: no answer in it is unknown", async () => {
      tokenEndpoint('tok-d');
      const read = approvedOrderRead(TIMEOUT_MS - 200);
      // Within one whole timeout, but not within the 200 ms left.
      const authorize = nock(SANDBOX).post(`/v2/checkout/orders/${ORDER}/authorize`).delay(1_000).reply(201, authorizedOrder(ORDER, opening.transactionId));
      const output = await driver.lookup!(lookupInput(opening));
      expect(read.isDone()).toBe(true);
      expect(authorize.isDone()).toBe(true);
      expect(output).toEqual({ ack: { outcome: 'unknown', message: 'ECONNABORTED: no answer from PayPal (timed out)' }, facts: [] });
    });

    it('a lookup whose order read answered as the timeout ran out sends no authorization: unknown', async () => {
      tokenEndpoint('tok-d');
      approvedOrderRead(TIMEOUT_MS);
      const authorize = nock(SANDBOX).post(`/v2/checkout/orders/${ORDER}/authorize`).reply(201, authorizedOrder(ORDER, opening.transactionId));
      const output = await driver.lookup!(lookupInput(opening));
      expect(authorize.isDone()).toBe(false);
      expect(output).toEqual({ ack: { outcome: 'unknown', message: 'ETIMEDOUT: no answer from PayPal (timed out)' }, facts: [] });
    });

    it("a return's authorize answered ORDER_ALREADY_AUTHORIZED late: the order read gets only what is left, no answer in it is unknown", async () => {
      tokenEndpoint('tok-d');
      alreadyAuthorized(TIMEOUT_MS - 200);
      const read = nock(SANDBOX).get(`/v2/checkout/orders/${ORDER}`).delay(1_000).reply(200, authorizedOrder(ORDER, opening.transactionId));
      const output = await driver.completeReturn!(returnInput(opening, { token: ORDER }));
      expect(read.isDone()).toBe(true);
      expect(output).toEqual({ ack: { outcome: 'unknown', message: 'ECONNABORTED: no answer from PayPal (timed out)' }, facts: [] });
    });

    it("a return's authorize answered ORDER_ALREADY_AUTHORIZED as the timeout ran out: the order is not read, unknown", async () => {
      tokenEndpoint('tok-d');
      alreadyAuthorized(TIMEOUT_MS);
      const read = nock(SANDBOX).get(`/v2/checkout/orders/${ORDER}`).reply(200, authorizedOrder(ORDER, opening.transactionId));
      const output = await driver.completeReturn!(returnInput(opening, { token: ORDER }));
      expect(read.isDone()).toBe(false);
      expect(output).toEqual({ ack: { outcome: 'unknown', message: 'ETIMEDOUT: no answer from PayPal (timed out)' }, facts: [] });
    });

    it("a cancelled return whose order read took most of the timeout gives the authorization only what is left", async () => {
      tokenEndpoint('tok-d');
      approvedOrderRead(TIMEOUT_MS - 200);
      const authorize = nock(SANDBOX).post(`/v2/checkout/orders/${ORDER}/authorize`).delay(1_000).reply(201, authorizedOrder(ORDER, opening.transactionId));
      const output = await driver.completeReturn!(returnInput(opening, { paypal: 'cancel', token: ORDER }));
      expect(authorize.isDone()).toBe(true);
      expect(output).toEqual({ ack: { outcome: 'unknown', message: 'ECONNABORTED: no answer from PayPal (timed out)' }, facts: [] });
    });

    it('time still left: a lookup reads the approved order and authorizes it within the one timeout', async () => {
      tokenEndpoint('tok-d');
      approvedOrderRead(TIMEOUT_MS / 2);
      nock(SANDBOX).post(`/v2/checkout/orders/${ORDER}/authorize`).reply(201, authorizedOrder(ORDER, opening.transactionId));
      const output = await driver.lookup!(lookupInput(opening));
      expect(output.facts.map((f) => f.kind)).toEqual(['authorized']);
    });
  });
});

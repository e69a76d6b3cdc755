import { money, type FollowUpInput, type FollowUpLookupInput, type OpenInput, type TransactionId } from '@splitpay/domain';
import { CapturingLogger } from '@splitpay/domain/src/testing';
import nock from 'nock';
import { isolateNock } from '@splitpay/psp-testkit';
import { hostedCheckoutStatus, MERCHANT, payment, refund, SETTINGS, TEST_BASE } from '../testing/worldline-fixtures';
import { WORLDLINE_PLUGIN } from '../worldline.plugin';
import type { WorldlineDriver } from './worldline.driver';

// A follow-up of a hosted checkout (ANCV on 5403) reads the checkout for its payment, then acts on it:
// both calls share one timeout, the worker's first send of an owed operation falling due one timeout
// after its sender started (D90, D101).

isolateNock();
afterEach(() => {
  nock.abortPendingRequests();
  nock.cleanAll();
});

const TIMEOUT_MS = 2_000;
const V2 = `/v2/${MERCHANT}`;
const TX = '3f2c9a4e-1b7d-4c5e-9f00-aa11bb22cc44' as TransactionId;
const HC = '8915-28e5b79c889641c8ba770f1ba576c1ff';
const PAY = '4000067891_0';
const ON_5403 = { ...SETTINGS, ancvProductId: 5403 };

let clock = 0;
// Built as the server builds it: the deadline is read on the service's clock, which the tests move (D101).
const ancv = WORLDLINE_PLUGIN.create({ clock: { now: () => clock }, logger: new CapturingLogger(), timeoutMs: TIMEOUT_MS }).drivers.find((d) => d.method === 'ancv') as WorldlineDriver;
const call = {
  attemptId: 'att-1' as OpenInput['attemptId'],
  reference: 'order-42-abcdef123',
  offer: { id: 'ancv', method: 'ancv', provider: 'worldline', capabilities: ancv.capabilitiesFor(ON_5403), partialRefunds: false } as OpenInput['offer'],
  settings: ON_5403,
};
const opening = { transactionId: TX, providerRef: HC };
const refundInput: FollowUpInput = { ...call, transactionId: 'ref-deadline' as TransactionId, amount: money(3_000, 'EUR'), target: opening, opening };

/** The hosted checkout naming its payment, read as `passMs` of the operation's timeout pass. */
const checkoutRead = (passMs: number): nock.Scope =>
  nock(TEST_BASE)
    .get(`${V2}/hostedcheckouts/${HC}`)
    .reply(200, () => {
      clock += passMs;
      return hostedCheckoutStatus('PAYMENT_CREATED', payment({ id: PAY, status: 'CAPTURED', statusCode: 9, amount: 7_000, merchantReference: TX, product: 5403, statusCategory: 'COMPLETED' }));
    });

const refunded = refund({ id: '4000067891_1', status: 'REFUNDED', statusCode: 8, amount: 3_000 });

describe("Worldline: the calls of one operation share one timeout", () => {
  it('a refund whose checkout read took most of the timeout gives its refund only what is left: no answer in it is unknown, never a refusal', async () => {
    checkoutRead(TIMEOUT_MS - 200);
    // Within one whole timeout, but not within the 200 ms left.
    const sent = nock(TEST_BASE).post(`${V2}/payments/${PAY}/refund`).delay(1_000).reply(201, refunded);
    const output = await ancv.refund(refundInput);
    expect(sent.isDone()).toBe(true);
    expect(output).toEqual({ ack: { outcome: 'unknown', message: 'ECONNABORTED: no answer from Worldline (timed out)' }, facts: [] });
  });

  it('a refund whose checkout read answered as the timeout ran out: unknown, no refund sent', async () => {
    const read = checkoutRead(TIMEOUT_MS);
    const sent = nock(TEST_BASE).post(`${V2}/payments/${PAY}/refund`).reply(201, refunded);
    const output = await ancv.refund(refundInput);
    expect(read.isDone()).toBe(true);
    expect(sent.isDone()).toBe(false);
    expect(output).toEqual({ ack: { outcome: 'unknown', message: 'ETIMEDOUT: no answer from Worldline (timed out)' }, facts: [] });
  });

  it('time still left: the refund is sent and its verdict read', async () => {
    checkoutRead(TIMEOUT_MS - 500);
    const sent = nock(TEST_BASE).post(`${V2}/payments/${PAY}/refund`).reply(201, refunded);
    expect((await ancv.refund(refundInput)).facts).toMatchObject([{ kind: 'refunded', success: true }]);
    expect(sent.isDone()).toBe(true);
  });

  it("a refund's lookup whose checkout read used up the timeout reads no refunds: unknown", async () => {
    checkoutRead(TIMEOUT_MS);
    const list = nock(TEST_BASE).get(`${V2}/payments/${PAY}/refunds`).reply(200, { refunds: [refunded] });
    const input: FollowUpLookupInput = { ...call, type: 'refund', transactionId: 'ref-deadline' as TransactionId, amount: money(3_000, 'EUR'), operation: { transactionId: 'ref-deadline' as TransactionId, providerRef: '4000067891_1' }, opening };
    const output = await ancv.lookupFollowUp(input);
    expect(list.isDone()).toBe(false);
    expect(output).toEqual({ ack: { outcome: 'unknown', message: 'ETIMEDOUT: no answer from Worldline (timed out)' }, facts: [] });
  });
});

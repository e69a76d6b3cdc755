import nock from 'nock';
import { money, type FollowUpInput, type TransactionId } from '@splitpay/domain';
import { CapturingLogger } from '@splitpay/domain/src/testing';
import { isolateNock } from '@splitpay/psp-testkit';
import { fakePlugin } from '../provider/fake.provider';

// A follow-up whose payment the driver must first find (no PSP reference held) makes two calls; they
// share the operation's one timeout, read on the service's clock (D90, D120). The clock is moved by
// the fake PSP's answer, so nothing here waits on real time.

isolateNock();
afterEach(() => nock.cleanAll());

const PSP = 'https://fake-psp.test';
const TIMEOUT_MS = 2_000;

describe("the fake driver: a follow-up's calls share one timeout", () => {
  let clock = 0;
  const driver = fakePlugin({ baseUrl: `${PSP}/fake-psp`, apiKey: 'kit-api-key', signingSecret: 'kit-signing-secret' })
    .create({ clock: { now: () => clock }, logger: new CapturingLogger(), timeoutMs: TIMEOUT_MS })
    .drivers.find((d) => d.method === 'card')!;
  const capture = (transactionId: string): FollowUpInput =>
    ({ transactionId: 'tx-capture' as TransactionId, attemptId: 'at-1', reference: 'order-1-capture', settings: {}, amount: money(10_000, 'EUR'), target: { transactionId } }) as unknown as FollowUpInput;
  /** The search for the payment, answered as `spent` ms of the operation's timeout pass. */
  const found = (reference: string, spent: number) =>
    nock(PSP)
      .get('/fake-psp/api/payments')
      .query({ reference })
      .reply(200, () => {
        clock += spent;
        return { ref: 'pay_kit_1' };
      });
  const captureSent = () => nock(PSP).post('/fake-psp/api/payments/pay_kit_1/captures').reply(202, { ref: 'cap_kit_1', status: 'pending' });

  it('the search took the whole timeout: the capture is not sent, and the ack is unknown', async () => {
    const search = found('tx-opening-1', TIMEOUT_MS);
    const sent = captureSent();
    const output = await driver.capture(capture('tx-opening-1'));
    expect(search.isDone()).toBe(true);
    expect(sent.isDone()).toBe(false);
    expect(output).toEqual({ ack: { outcome: 'unknown', message: 'ETIMEDOUT: no answer from the fake PSP (timed out)' }, facts: [] });
  });

  it('time still left after the search: the capture is sent', async () => {
    found('tx-opening-2', TIMEOUT_MS - 500);
    const sent = captureSent();
    const output = await driver.capture(capture('tx-opening-2'));
    expect(sent.isDone()).toBe(true);
    expect(output.ack.outcome).toBe('accepted');
  });
});

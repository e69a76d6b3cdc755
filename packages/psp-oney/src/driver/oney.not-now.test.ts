// Oney's API sits behind Azure API Management, which answers 429 on its rate limit (and 408 when the
// request was not read in time) before Oney sees the request: nothing was done, nothing is final.
import nock from 'nock';
import { isolateNock } from '@splitpay/psp-testkit';
import { OneyClient } from '../client/oney.client';
import { OneyDriver } from './oney.driver';
import { followUpInput, openInput, purchasePathOf, silentLogger, STAGING_BASE, statusAnswer } from '../testing/oney-fixtures';

isolateNock();
afterEach(() => nock.cleanAll());

const driver = new OneyDriver({ client: new OneyClient({ timeoutMs: 2_000 }), logger: silentLogger });
const NOT_NOW = { statusCode: 429, message: 'Rate limit is exceeded. Try again in 1 seconds.' };

describe('Oney actions answered 429 or 408', () => {
  it.each([429, 408])('a confirm answered %i is unknown, with no failed capture (the hold is not handed back)', async (status) => {
    const open = openInput({ plan: { installments: 4, withFees: false } });
    nock(STAGING_BASE).get(purchasePathOf(open.transactionId)).query({ language_code: 'FR' }).reply(200, statusAnswer('FAVORABLE', 100));
    nock(STAGING_BASE).post(`${purchasePathOf(open.transactionId)}/action/confirm`).reply(status, NOT_NOW);
    const out = await driver.capture(followUpInput(open));
    expect(out.ack).toMatchObject({ outcome: 'unknown', httpStatus: status });
    expect(out.facts).toEqual([]);
  });

  it.each([429, 408])('a void answered %i is unknown, not a failed void', async (status) => {
    const open = openInput();
    nock(STAGING_BASE).get(purchasePathOf(open.transactionId)).query({ language_code: 'FR' }).reply(200, statusAnswer('FAVORABLE', 100));
    nock(STAGING_BASE).post(`${purchasePathOf(open.transactionId)}/action/cancel`).reply(status, NOT_NOW);
    const out = await driver.void(followUpInput(open));
    expect(out.ack).toMatchObject({ outcome: 'unknown', httpStatus: status });
    expect(out.facts).toEqual([]);
  });

  it.each([429, 408])('a refund answered %i is unknown, not a failed refund, and not taken: Oney never saw it (D154)', async (status) => {
    const open = openInput();
    nock(STAGING_BASE).post(`${purchasePathOf(open.transactionId)}/action/cancel`).reply(status, NOT_NOW);
    const out = await driver.refund(followUpInput(open, 3_000));
    expect(out.ack).toMatchObject({ outcome: 'unknown', httpStatus: status, notTaken: true });
    expect(out.facts).toEqual([]);
  });

  it('a refund answered 504 (the gateway waited for Oney in vain) may have been taken: not notTaken', async () => {
    const open = openInput();
    nock(STAGING_BASE).post(`${purchasePathOf(open.transactionId)}/action/cancel`).reply(504, { message: 'Gateway Timeout' });
    const out = await driver.refund(followUpInput(open, 3_000));
    expect(out.ack).toEqual({ outcome: 'unknown', httpStatus: 504 });
  });

  it('a confirm Oney itself refuses (400) is still a failed capture', async () => {
    const open = openInput();
    nock(STAGING_BASE).get(purchasePathOf(open.transactionId)).query({ language_code: 'FR' }).reply(200, statusAnswer('FAVORABLE', 100));
    nock(STAGING_BASE)
      .post(`${purchasePathOf(open.transactionId)}/action/confirm`)
      .reply(400, { Payment_Error_Response: { error_list: [{ error_code: 'ERR_02', error_label: 'invalid amount' }] } });
    const out = await driver.capture(followUpInput(open));
    expect(out.ack.outcome).toBe('rejected');
    expect(out.facts).toEqual([expect.objectContaining({ kind: 'captured', success: false })]);
  });
});

// The gateway refusing our API key (401) or its subscription (403): the contract is wrong, not the
// operation; an operator fixes the key and the retry goes through, as PayPal's 401 and 403 are read.
describe('Oney actions answered 401 or 403 by the API gateway', () => {
  const KEY_REFUSED = { statusCode: 401, message: 'Access denied due to invalid subscription key.' };

  it.each([401, 403])('a confirm answered %i is unknown, with no failed capture', async (status) => {
    const open = openInput();
    nock(STAGING_BASE).get(purchasePathOf(open.transactionId)).query({ language_code: 'FR' }).reply(200, statusAnswer('FAVORABLE', 100));
    nock(STAGING_BASE).post(`${purchasePathOf(open.transactionId)}/action/confirm`).reply(status, KEY_REFUSED);
    const out = await driver.capture(followUpInput(open));
    expect(out.ack).toMatchObject({ outcome: 'unknown', httpStatus: status });
    expect(out.facts).toEqual([]);
  });

  it.each([401, 403])('a refund answered %i is unknown, not a failed refund, and not taken (D154)', async (status) => {
    const open = openInput();
    nock(STAGING_BASE).post(`${purchasePathOf(open.transactionId)}/action/cancel`).reply(status, KEY_REFUSED);
    const out = await driver.refund(followUpInput(open, 3_000));
    expect(out.ack).toMatchObject({ outcome: 'unknown', httpStatus: status, notTaken: true });
    expect(out.facts).toEqual([]);
  });

  it.each([401, 403])('an opening answered %i is still refused at once (nothing was created: the payer may pay otherwise)', async (status) => {
    nock(STAGING_BASE).post('/staging/payments/v1/purchase/facilypay_url').reply(status, KEY_REFUSED);
    const out = await driver.open(openInput());
    expect(out.ack).toMatchObject({ outcome: 'rejected', httpStatus: status });
  });
});

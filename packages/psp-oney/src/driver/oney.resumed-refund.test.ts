// Oney has no idempotency key: a partial refund whose first sender died after its cancel must not be
// cancelled again by the worker. The worker tells the driver such a send may have been made (`tries`
// at least 1, D134: application/src/worker/session-worker.resumed-send.test.ts), so the refund takes
// the unverifiable path instead of a second cancel.
import nock from 'nock';
import { isolateNock } from '@splitpay/psp-testkit';
import { OneyClient } from '../client/oney.client';
import { OneyDriver } from './oney.driver';
import { followUpInput, openInput, purchasePathOf, silentLogger, STAGING_BASE, statusAnswer } from '../testing/oney-fixtures';

isolateNock();
afterEach(() => nock.cleanAll());

const driver = new OneyDriver({ client: new OneyClient({ timeoutMs: 2_000 }), logger: silentLogger });

it('a partial refund whose first sender died after its cancel is not cancelled a second time by the worker', async () => {
  const open = openInput();
  const refund = followUpInput(open, 3_000); // 30.00 of a 100.00 funded purchase
  nock(STAGING_BASE).get(purchasePathOf(open.transactionId)).query({ language_code: 'FR' }).times(5).reply(200, statusAnswer('FUNDED', 100));
  const bodies: unknown[] = [];
  nock(STAGING_BASE)
    .post(`${purchasePathOf(open.transactionId)}/action/cancel`, (b) => (bodies.push(b), true))
    .times(2)
    .reply(200, { purchase: { status_code: 'FUNDED', status_label: 'Payment partially cancelled. New installments for the customer' } });
  // 1) The refund door's send: Oney takes it, then the process dies before saving the ack.
  const first = await driver.refund(refund);
  expect(first.facts).toEqual([expect.objectContaining({ kind: 'refunded', success: true })]);
  // 2) The worker's send of the same never-acked operation, told a send may have been made.
  const second = await driver.refund({ ...refund, tries: 1 });
  expect(bodies).toHaveLength(1);
  expect(second).toEqual({ ack: expect.objectContaining({ outcome: 'unknown', unverifiable: true, code: 'FUNDED' }), facts: [] });
});

// A capture, void or refund given up without its verdict is looked up (capabilities.followUpLookup):
// the purchase's status settles it only when it proves it done (D154).
import nock from 'nock';
import type { FollowUpLookupInput } from '@splitpay/domain';
import { isolateNock } from '@splitpay/psp-testkit';
import { OneyClient } from '../client/oney.client';
import { OneyDriver } from './oney.driver';
import { followUpInput, openInput, purchasePathOf, silentLogger, STAGING_BASE, statusAnswer } from '../testing/oney-fixtures';

isolateNock();
afterEach(() => nock.cleanAll());

const driver = new OneyDriver({ client: new OneyClient({ timeoutMs: 2_000 }), logger: silentLogger });

function lookupOf(type: FollowUpLookupInput['type']): FollowUpLookupInput {
  const open = openInput();
  const { target: _target, opening, tries: _tries, ...call } = followUpInput(open, 3_000);
  return { ...call, type, operation: { transactionId: call.transactionId }, opening: opening! };
}

const statusSays = (input: FollowUpLookupInput, status: number, body: object) =>
  nock(STAGING_BASE).get(purchasePathOf(input.opening.transactionId!)).query({ language_code: 'FR' }).reply(status, body);

describe("Oney: a follow-up left without its verdict, looked up through the purchase's status", () => {
  it.each([
    ['capture', 'FUNDED', 'captured'],
    ['capture', 'TO_BE_FUNDED', 'captured'],
    ['void', 'CANCELLED', 'voided'],
    ['refund', 'CANCELLED', 'refunded'],
  ] as const)('a %s reading %s is done: %s', async (type, statusCode, kind) => {
    const input = lookupOf(type);
    statusSays(input, 200, statusAnswer(statusCode, 100));
    const out = await driver.lookupFollowUp(input);
    expect(out.facts).toEqual([expect.objectContaining({ kind, success: true, ref: { transactionId: input.transactionId }, statusCode })]);
  });

  it.each([
    ['refund', 'FUNDED'],
    ['capture', 'FAVORABLE'],
    ['void', 'FUNDED'],
  ] as const)('a %s reading %s proves nothing: no fact, still pending', async (type, statusCode) => {
    const input = lookupOf(type);
    statusSays(input, 200, statusAnswer(statusCode, 100));
    expect(await driver.lookupFollowUp(input)).toEqual({ ack: { outcome: 'accepted', code: statusCode }, facts: [] });
  });

  it('the status query without an answer: unknown, no fact', async () => {
    const input = lookupOf('refund');
    statusSays(input, 503, {});
    expect(await driver.lookupFollowUp(input)).toEqual({ ack: expect.objectContaining({ outcome: 'unknown', httpStatus: 503 }), facts: [] });
  });
});

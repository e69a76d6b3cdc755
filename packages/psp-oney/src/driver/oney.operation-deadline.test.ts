import nock from 'nock';
import { isolateNock } from '@splitpay/psp-testkit';
import { OneyClient } from '../client/oney.client';
import { ONEY_PLUGIN } from '../oney.plugin';
import { followUpInput, openInput, purchasePathOf, silentLogger, STAGING_BASE, statusAnswer } from '../testing/oney-fixtures';
import { OneyDriver } from './oney.driver';

// The status query and the action of one operation share one timeout: the worker's first send of an
// operation falls due one timeout (plus the save's margin) after its write (D90), and Oney has no
// idempotency key to make a second action harmless (D88-f).

isolateNock();
afterEach(() => nock.cleanAll());

/** The status query answering FAVORABLE, after `delayMs` of real time, and after `then` has run. */
function statusSays(reference: string, delayMs = 0, then: () => void = () => undefined): nock.Scope {
  return nock(STAGING_BASE)
    .get(purchasePathOf(reference))
    .query({ language_code: 'FR' })
    .delay(delayMs)
    .reply(200, () => {
      then();
      return statusAnswer('FAVORABLE', 100);
    });
}

const actionAt = (reference: string, name: 'confirm' | 'cancel', delayMs = 0): nock.Scope =>
  nock(STAGING_BASE).post(`${purchasePathOf(reference)}/action/${name}`).delay(delayMs).reply(200, { purchase: { status_code: name === 'confirm' ? 'FUNDED' : 'CANCELLED' } });

describe("Oney: an operation's calls share one timeout", () => {
  // The probe's scale: a 15 s timeout as 3 s. Each call alone would end within it; both together would not.
  const CALL_MS = 3_000;
  const driver = new OneyDriver({ client: new OneyClient({ timeoutMs: CALL_MS }), logger: silentLogger });

  it('a void whose status query took most of the timeout gives its cancel only what is left: no answer in it is unknown', async () => {
    const open = openInput();
    statusSays(open.transactionId, 2_400);
    const cancel = actionAt(open.transactionId, 'cancel', 2_400);
    const output = await driver.void(followUpInput(open));
    expect(output.ack.outcome).toBe('unknown');
    expect(output.facts).toEqual([]);
    expect(cancel.isDone()).toBe(true);
  }, 20_000);

  it('a confirm likewise', async () => {
    const open = openInput();
    statusSays(open.transactionId, 2_400);
    actionAt(open.transactionId, 'confirm', 2_400);
    const output = await driver.capture(followUpInput(open));
    expect(output.ack.outcome).toBe('unknown');
    expect(output.facts).toEqual([]);
  }, 20_000);
});

describe("Oney: an action with nothing left of the operation's timeout is not sent", () => {
  const TIMEOUT_MS = 2_000;
  let clock = 0;
  // Built as the server builds it: the deadline is read on the service's clock, which the tests move (D101).
  const driver = ONEY_PLUGIN.create({ clock: { now: () => clock }, logger: silentLogger, timeoutMs: TIMEOUT_MS }).drivers[0]!;
  const allOfItPasses = (): void => {
    clock += TIMEOUT_MS;
  };

  it.each([
    ['void', 'cancel'],
    ['capture', 'confirm'],
  ] as const)('%s: the status query answered as the timeout ran out; unknown, no %s sent', async (operation, action) => {
    const open = openInput();
    const status = statusSays(open.transactionId, 0, allOfItPasses);
    const sent = actionAt(open.transactionId, action);
    const output = await driver[operation](followUpInput(open));
    expect(status.isDone()).toBe(true);
    expect(sent.isDone()).toBe(false);
    expect(output).toEqual({ ack: { outcome: 'unknown', message: 'ETIMEDOUT: no answer from Oney (timed out)' }, facts: [] });
  });

  it('time still left: the action is sent', async () => {
    const open = openInput();
    statusSays(open.transactionId, 0, () => {
      clock += TIMEOUT_MS - 500;
    });
    const cancel = actionAt(open.transactionId, 'cancel');
    expect((await driver.void(followUpInput(open))).facts).toMatchObject([{ kind: 'voided', success: true }]);
    expect(cancel.isDone()).toBe(true);
  });
});

import type { FollowUpInput, PspDriver } from '@splitpay/domain';
import { oneyKitTarget } from '@splitpay/psp-oney/src/testing/oney.kit-target';
import { deadlineCheckName } from './checks/deadline.checks';
import { isolateNock } from './nock-isolation';
import { brokenTarget, outcome, type Break } from './testing/broken-fake';

// The every-call hold (D140-a) on a PSP that nock plays: a real driver broken to spend the deadline
// on calls before its operation is caught, while the real driver passes. Nock's own file: the fake
// PSP's rows (broken-drivers.it.ts) talk to a real local server.
isolateNock();

/** The opening's status read as its own driver call: a timeout of its own, outside the operation's deadline. */
const readOpening = (d: PspDriver, input: FollowUpInput) => {
  if (!d.lookup) throw new Error('the driver has no status lookup');
  return d.lookup({ ...input, target: input.opening ?? input.target });
};

/**
 * Oney's driver, but reading the purchase's status twice before its capture, each read with a fresh
 * timeout (the real one reads it once, within the capture's one deadline, D101). A PSP that held only
 * one call of the capture answered the other reads at once, and the capture ended in time.
 */
const readsStatusBeforeConfirm: Break = (d) => ({
  capture: async (input) => {
    await readOpening(d, input);
    await readOpening(d, input);
    return d.capture(input);
  },
});

describe('the kit holds every call of a driver whose PSP nock plays', () => {
  it('an Oney driver that reads the status twice before its confirm, each read with a fresh timeout, fails the capture deadline, which the real driver passes', async () => {
    const name = deadlineCheckName('capture');
    expect(await outcome(oneyKitTarget(), name)).toBe('passes');
    expect(await outcome(brokenTarget(oneyKitTarget(), readsStatusBeforeConfirm), name)).toMatch(/the capture the PSP held ended after \d+ ms/);
  }, 30_000);
});

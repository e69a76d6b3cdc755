import type { InboundNotification, PspProvider } from '@splitpay/domain';
import { signBody } from '@splitpay/psp-fake';
import type { PspKitTarget } from './kit-target';
import { brokenFake, outcome, type Break } from './testing/broken-fake';

/**
 * A test of the kit itself, as broken-drivers.it.ts: psp-fake's card driver under a target that says
 * its notifications are unsigned (signedNotifications: false), broken in how it then reads them.
 */

const SIGNING_SECRET = 'kit-fake-signing-secret-0123456789';
const DECLARES_LOOKUP = 'unsigned notifications (signedNotifications: false) -> the driver declares a status lookup to check them by';
const TRUSTS_THE_QUERY = 'an unsigned notification claiming an authorization the status query contradicts -> no authorized fact (the reader trusts the query)';

type Reader = (provider: PspProvider) => PspProvider['parseNotification'];

/**
 * psp-fake's card as an unsigned-notification target: the forger turns the refusal into an
 * authorization, the fake PSP's signature left as it was (so the fake's own reader, which checks it,
 * does not believe the body).
 */
function unsignedFake(broken: Break = () => ({}), reader?: Reader): PspKitTarget {
  const target = brokenFake('card', broken, reader);
  return {
    ...target,
    signedNotifications: false,
    async start() {
      const run = await target.start();
      const claimAuthorized = (valid: InboundNotification): InboundNotification => ({ ...valid, rawBody: valid.rawBody.replace('"result":"declined"', '"result":"authorized"') });
      return { ...run, script: { ...run.script, claimAuthorized } };
    },
  };
}

/** A reader that believes any body: it verifies what it is given against a signature it computes itself. */
const believesTheBody: Reader = (provider) => (notification, context) =>
  provider.parseNotification({ ...notification, headers: { ...notification.headers, 'x-fake-psp-signature': signBody(notification.rawBody, SIGNING_SECRET) } }, context);

const cases: [string, string, PspKitTarget][] = [
  ['declares no status lookup', DECLARES_LOOKUP, unsignedFake((d) => ({ capabilities: { ...d.capabilities, statusLookup: false }, lookup: undefined }))],
  ['takes the verdict from the body', TRUSTS_THE_QUERY, unsignedFake(() => ({}), believesTheBody)],
];

describe('the PSP driver contract kit catches a driver that trusts unsigned notifications', () => {
  it.each(cases.map(([flaw, checkName, target]) => ({ flaw, checkName, target })))('a driver with unsigned notifications that $flaw fails its check, which the reference driver passes', async ({ checkName, target }) => {
    expect(await outcome(unsignedFake(), checkName)).toBe('passes');
    expect(await outcome(target, checkName)).toMatch(checkName === DECLARES_LOOKUP ? /declares no statusLookup/ : /was read as one/);
  }, 30_000);
});

import type { InboundNotification } from '@splitpay/domain';
import type { KitSession } from '../kit-session';
import type { PspKitTarget } from '../kit-target';
import { check, fail, type KitCheck } from './check';

/**
 * An opening the PSP refuses (the first decline the script plays with a notification), and the
 * notification the PSP posted about it.
 */
async function refusedWithNotification(kit: KitSession): Promise<InboundNotification> {
  for (const category of kit.target.declines) {
    const play = kit.run.script.declines[category];
    if (!play) continue;
    const { model, input } = kit.newOpening();
    const opened = await kit.open(model, input, await play(input));
    const notification = opened.notifications[0];
    if (notification) return notification;
  }
  return fail('unsigned notifications: no decline the script plays posts a notification, so none can be forged against the status query');
}

/**
 * Unsigned notifications (signedNotifications: false) are hints anyone can post: only the PSP's
 * status query may tell the verdict. Without a declared status lookup the reader would have nothing
 * but the body to believe.
 */
export function unsignedNotificationChecks(target: PspKitTarget): KitCheck[] {
  return [
    check(target, 'unsigned notifications (signedNotifications: false) -> the driver declares a status lookup to check them by', async (kit) => {
      if (target.signedNotifications) return;
      if (!kit.driver.capabilities.statusLookup || !kit.driver.lookup) fail('signedNotifications is false but the driver declares no statusLookup: an unsigned notification can only be checked by the status query');
    }),
    check(target, 'an unsigned notification claiming an authorization the status query contradicts -> no authorized fact (the reader trusts the query)', async (kit) => {
      if (target.signedNotifications) return;
      const claim = kit.run.script.claimAuthorized ?? fail('unsigned notifications: the script must forge a notification claiming an authorization (claimAuthorized)');
      const genuine = await refusedWithNotification(kit);
      const forged = claim(genuine);
      if (JSON.stringify(forged) === JSON.stringify(genuine)) fail("the script's claimAuthorized changes nothing in the notification");
      const parsed = await kit.parse(forged);
      if (parsed.kind === 'accepted' && parsed.facts.some((f) => f.kind === 'authorized' || f.kind === 'captured')) {
        fail('a forged notification claiming an authorization was read as one, though the status query says the opening was refused: the reader must take the verdict from the query, not the body');
      }
    }),
  ];
}

import type { InboundNotification } from '@splitpay/domain';
import { KIT_AMOUNT, type KitSession } from '../kit-session';
import type { PspKitTarget } from '../kit-target';
import { check, fail, type KitCheck } from './check';
import { followUp } from './follow-up.checks';
import { authorizedInFull } from './opening.checks';

/** A notification the PSP really sent: about the opening, else about its capture (or refund). */
async function someNotification(kit: KitSession): Promise<InboundNotification> {
  const opened = await authorizedInFull(kit);
  const notification = opened.notifications[0];
  if (notification) return notification;
  const kind = opened.model.attempt().operation === 'authorization' ? 'capture' : 'refund';
  const done = await followUp(kit, opened, kind, KIT_AMOUNT, 'succeeds');
  return done.notifications[0] ?? fail('the script played no notification at all: a PSP notifies its verdicts');
}

/** Whether a log line quotes a body (as is, or escaped inside a JSON log line). */
function quotes(lines: readonly string[], body: string): boolean {
  const escaped = JSON.stringify(body).slice(1, -1);
  return lines.some((line) => line.includes(body) || line.includes(escaped));
}

/** Duplicates, forgeries, unsigned notifications. */
export function notificationChecks(target: PspKitTarget): KitCheck[] {
  return [
    check(target, 'a duplicate notification -> the same facts, applied once by the service', async (kit) => {
      const opened = await authorizedInFull(kit);
      const notification = opened.notifications[0];
      if (!notification) {
        // The answers carried the verdict: replay a follow-up's notification instead.
        const kind = opened.model.attempt().operation === 'authorization' ? 'capture' : 'refund';
        const done = await followUp(kit, opened, kind, KIT_AMOUNT, 'succeeds');
        const again = done.notifications[0] ?? fail('the script played no notification at all: a PSP notifies its verdicts');
        const first = await kit.parse(again);
        const second = await kit.parse(again);
        expect(second).toEqual(first);
        return;
      }
      const first = await kit.parse(notification);
      const second = await kit.parse(notification);
      if (first.kind !== 'accepted' || second.kind !== 'accepted') return fail('a notification the PSP sent was rejected on its replay');
      expect(second.facts).toEqual(first.facts);
      const before = opened.model.session;
      expect(opened.model.apply(first.facts)).toBe(false);
      expect(opened.model.apply(second.facts)).toBe(false);
      expect(opened.model.session).toEqual(before);
    }),
    check(target, "a notification's facts name the operations whose contracts verified it (the opening's, a follow-up's)", async (kit) => {
      // KitSession.parse fails a reader lent settings for one operation whose facts name another.
      const opened = await authorizedInFull(kit);
      const kind = opened.model.attempt().operation === 'authorization' ? 'capture' : 'refund';
      const done = await followUp(kit, opened, kind, KIT_AMOUNT, 'succeeds');
      if (opened.notifications.length + done.notifications.length === 0) fail('the script played no notification at all: a PSP notifies its verdicts');
    }),
    check(target, 'a forged or unsigned notification -> rejected, no facts, body not logged', async (kit) => {
      if (!target.signedNotifications) return;
      const forge = kit.run.script.forge ?? fail('signed notifications: the script must forge one');
      const notification = await someNotification(kit);
      const { forged, unsigned } = forge(notification);
      for (const [label, bad] of [
        ['forged', forged],
        ['unsigned', unsigned],
      ] as const) {
        const parsed = await kit.parse(bad);
        if (parsed.kind !== 'rejected') return fail(`the ${label} notification was accepted with ${parsed.facts.length} fact(s)`);
        expect(parsed.reply.status).toBeGreaterThanOrEqual(200);
        // The service logs the reason up to its first colon: it must not quote the body.
        expect(bad.rawBody.length > 0 && parsed.reason.split(':')[0]?.includes(bad.rawBody)).toBe(false);
        expect(quotes(kit.logger.lines, bad.rawBody)).toBe(false);
      }
    }),
  ];
}

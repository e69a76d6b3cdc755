import type { InboundNotification, OperationRef } from '@splitpay/domain';
import { KIT_AMOUNT, type KitSession } from '../kit-session';
import type { PspKitTarget } from '../kit-target';
import { check, fail, type KitCheck } from './check';
import { followUp, taken, takingRef } from './follow-up.checks';
import { authorizedInFull } from './opening.checks';

/**
 * One notification of each kind the script plays: the opening's, the capture's (a hold), the refund's,
 * the void's (declared) and the dispute's (readsDisputes). A reader that checks the signature on some
 * kinds only must meet a forgery of each.
 */
async function notificationOfEachKind(kit: KitSession): Promise<[string, InboundNotification][]> {
  const found: [string, InboundNotification][] = [];
  const add = (kind: string, notifications: readonly InboundNotification[]) => {
    const first = notifications[0];
    if (first) found.push([kind, first]);
  };
  const opened = await authorizedInFull(kit);
  add('opening', opened.notifications);
  const hold = opened.model.attempt().operation === 'authorization';
  let taking: OperationRef | undefined;
  if (hold) {
    const captured = await followUp(kit, opened, 'capture', KIT_AMOUNT, 'succeeds');
    add('capture', captured.notifications);
    taking = takingRef(captured);
  }
  if (kit.capabilities.refund) add('refund', (await followUp(kit, opened, 'refund', KIT_AMOUNT, 'succeeds', taking)).notifications);
  if (hold && kit.capabilities.void) add('void', (await followUp(kit, await authorizedInFull(kit), 'void', KIT_AMOUNT, 'succeeds')).notifications);
  const chargeback = kit.run.script.chargeback;
  if (kit.target.readsDisputes && chargeback) {
    const { opened: disputed, target } = await taken(kit);
    add('dispute', await (await chargeback(kit.followUpInput(disputed.model, KIT_AMOUNT, target))).notifications());
  }
  if (found.length === 0) fail('the script played no notification at all: a PSP notifies its verdicts');
  return found;
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
    check(target, 'a forged or unsigned notification of each kind (opening, capture, refund, void, dispute) -> rejected, no facts, body not logged', async (kit) => {
      if (!target.signedNotifications) return;
      const forge = kit.run.script.forge ?? fail('signed notifications: the script must forge one');
      for (const [kind, notification] of await notificationOfEachKind(kit)) {
        const { forged, unsigned } = forge(notification);
        if (JSON.stringify(forged) === JSON.stringify(notification)) fail(`the script's forgery of the ${kind} notification changes nothing`);
        for (const [label, bad] of [
          ['forged', forged],
          ['unsigned', unsigned],
        ] as const) {
          const parsed = await kit.parse(bad);
          if (parsed.kind !== 'rejected') return fail(`the ${label} ${kind} notification was accepted with ${parsed.facts.length} fact(s)`);
          expect(parsed.reply.status).toBeGreaterThanOrEqual(200);
          // The service logs the reason up to its first colon: it must not quote the body.
          expect(bad.rawBody.length > 0 && parsed.reason.split(':')[0]?.includes(bad.rawBody)).toBe(false);
          expect(quotes(kit.logger.lines, bad.rawBody)).toBe(false);
        }
      }
    }),
  ];
}

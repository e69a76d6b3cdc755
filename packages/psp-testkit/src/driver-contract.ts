import type { KitCheck } from './checks/check';
import { currencyChecks } from './checks/currency.checks';
import { deadlineChecks } from './checks/deadline.checks';
import { declaredChecks } from './checks/declared.checks';
import { disputeChecks } from './checks/dispute.checks';
import { followUpChecks } from './checks/follow-up.checks';
import { notificationChecks } from './checks/notification.checks';
import { notNowChecks } from './checks/not-now.checks';
import { openingChecks } from './checks/opening.checks';
import { secretsChecks } from './checks/secrets.checks';
import { transportChecks } from './checks/transport.checks';
import { unsignedNotificationChecks } from './checks/unsigned-notification.checks';
import type { PspKitTarget } from './kit-target';

/**
 * Every check of the PSP driver contract for one target, in a stable order. A check whose capability
 * the driver does not declare passes at once (it checks only that the script does not play it).
 */
export function pspDriverChecks(target: PspKitTarget): KitCheck[] {
  return [
    ...declaredChecks(target),
    ...openingChecks(target),
    ...followUpChecks(target),
    ...currencyChecks(target),
    ...notificationChecks(target),
    ...unsignedNotificationChecks(target),
    ...disputeChecks(target),
    ...transportChecks(target),
    ...notNowChecks(target),
    ...deadlineChecks(target),
    ...secretsChecks(target),
  ];
}

/**
 * The PSP driver contract as a jest suite: one test per check, each on a fresh provider and scripted
 * PSP (`target.start`).
 */
export function describePspDriverContract(target: PspKitTarget): void {
  describe(`PSP driver contract: ${target.name}`, () => {
    for (const check of pspDriverChecks(target)) it(check.name, () => check.run(), target.checkTimeoutMs ?? 20_000);
  });
}

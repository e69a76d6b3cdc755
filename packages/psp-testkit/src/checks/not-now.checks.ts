import type { KitSession, Opened } from '../kit-session';
import type { NotNowStatus, PspKitTarget } from '../kit-target';
import { check, fail, type KitCheck } from './check';
import { eachFollowUpMeets } from './transport.checks';

const STATUSES: readonly NotNowStatus[] = ['408', '429'];

export const notNowOpeningCheckName = (status: NotNowStatus): string =>
  `a "not now" ${status} answer to the opening -> no decline, no refusal: an unknown ack carrying it, or the resent call's answer under the same idempotency key`;
export const notNowFollowUpCheckName = (status: NotNowStatus): string =>
  `a "not now" ${status} answer to each follow-up (capture, refund, void) -> an unknown ack carrying it, never a refusal, and the resend carries the same idempotency key`;

/**
 * What the driver told of an opening whose payment call was answered "not now" (D134): nothing was
 * decided. No decline anywhere. The payment call's answer: accepted only when the driver sent it again
 * and took the resend's answer; unknown carrying the status and no fact; a refusal only from a driver
 * with no status lookup, whose resends within the deadline all met "not now" (D134-f: nothing else
 * could ever settle the attempt; the payer may pay again), carrying the status and no fact.
 */
function expectNoVerdictOn(kit: KitSession, opened: Opened, status: NotNowStatus, sends: number): void {
  for (const { facts } of opened.outputs) {
    const declined = facts.find((f) => f.kind === 'declined');
    if (declined) fail(`the opening answered ${status} was told as a decline (${declined.category ?? 'no category'})`);
  }
  // The payment call: the open, or the confirm after it for a driver with one.
  const paying = opened.outputs[kit.driver.capabilities.confirm ? 1 : 0];
  if (!paying) return fail(`the driver made no payment call (${kit.driver.capabilities.confirm ? 'confirm' : 'open'})`);
  const { ack, facts } = paying;
  if (ack.outcome === 'accepted') {
    if (sends < 2) fail(`the opening answered ${status} was told accepted, but the driver sent it once: "not now" is no answer`);
    return;
  }
  if (ack.outcome === 'rejected' && kit.driver.capabilities.statusLookup) fail(`the opening answered ${status} was told as a refusal (rejected${ack.code ? ` ${ack.code}` : ''}): "not now" is no verdict, the status lookup settles it`);
  if (ack.httpStatus !== Number(status) || facts.length > 0) fail(`the opening answered ${status} gave a ${ack.outcome} ack with httpStatus ${String(ack.httpStatus)} and ${facts.length} fact(s), not the status it met and none`);
}

/**
 * "Not now" (408, 429) is no verdict for any PSP (D134): to an opening, neither a decline nor a
 * refusal; to a capture, refund or void, an unknown ack carrying the status, resent later under the
 * same idempotency key (the operation's transaction id).
 */
export function notNowChecks(target: PspKitTarget): KitCheck[] {
  return [
    ...STATUSES.map((status) =>
      check(target, notNowOpeningCheckName(status), async (kit) => {
        const { model, input } = kit.newOpening();
        const { keysSeen, ...page } = await kit.run.script.openingNotNow(input, status);
        const opened = await kit.open(model, input, { ...page, notifications: async () => [] });
        const keys = keysSeen();
        expectNoVerdictOn(kit, opened, status, keys.length);
        if (new Set(keys).size > 1) fail(`the PSP received the opening answered ${status} and its resends with the idempotency keys ${JSON.stringify(keys)}, not one key`);
      }),
    ),
    ...STATUSES.map((status) => check(target, notNowFollowUpCheckName(status), (kit) => eachFollowUpMeets(kit, status))),
  ];
}

import type { Formats } from '../format/money-format';
import type { Messages } from '../i18n/messages';
import { unpaidText } from '../render/ledger.render';
import { attemptMethodName } from '../render/render-context';
import { endedText } from '../render/status-panels.render';
import { holdsOrTook, isCounted, isRefusal, isRefusedLowerGrant, isRefusedNetwork, lastUnpaid, screenOf } from '../state/derive';
import { isEndStatus, type SessionView } from '../types/session-view';

export interface Announcement {
  readonly text: string;
  readonly _urgent: boolean;
}

/** What changed between two views, in words for the live regions (nothing on an unchanged poll). */
export function announcementsFor(previous: SessionView | undefined, next: SessionView, t: Messages, f: Formats): Announcement[] {
  const out: Announcement[] = [];
  const say = (text: string, urgent = false): unknown => out.push({ text, _urgent: urgent });
  if (previous && isEndStatus(next.status)) {
    // Said once; a tranche the service then hands back (polled after the end, D146-b) is never said held.
    if (previous.status !== next.status) say(endedText({ t, f, view: next }, next.status), next.status !== 'PAID');
    return out;
  }
  if (!previous) {
    // A first view (back from a PSP's page, a reload): how the last attempt ended, when it took nothing.
    const unpaid = next.status === 'PENDING' ? lastUnpaid(next) : undefined;
    if (unpaid) say(unpaidText({ t, f, view: next }, unpaid), isRefusal(unpaid));
    return out;
  }
  const before = new Map(previous.attempts.map((a) => [a.attemptId, a]));
  for (const attempt of next.attempts) {
    const old = before.get(attempt.attemptId);
    if (old?.status === attempt.status && old.awaitingPartialDecision === attempt.awaitingPartialDecision && old.released === attempt.released) continue;
    const name = attemptMethodName({ t, view: next }, attempt);
    const remaining = f._amount(next.remaining);
    if (attempt.status === 'AUTHORIZING' && !old) say(t.confirming);
    else if (attempt.status === 'DECLINED' || attempt.status === 'CANCELLED') say(unpaidText({ t, f, view: next }, attempt), attempt.status === 'DECLINED');
    else if (attempt.released || attempt.status === 'VOIDED') {
      // Handed back, so neither held nor paid. A grant the service refused on arrival is bad news; a
      // tranche the payer removed (or a grant refused) is the answer to their press, said once: the
      // VOIDED that follows a release says nothing new.
      if (isRefusedNetwork(attempt) && (!old || old.status === 'AUTHORIZING')) say(unpaidText({ t, f, view: next }, attempt), true);
      else if (isRefusedLowerGrant(attempt) && (!old || old.status === 'AUTHORIZING'))
        say(t.partialRefused(f._amount(attempt.granted), f._amount(attempt.requested), name, remaining), true);
      else if (old && isCounted(old) && next.status === 'PENDING') say(t.removed(f._amount(old.granted), name, remaining));
    } else if (attempt.awaitingPartialDecision) say(t.partialGranted(f._amount(attempt.granted), f._amount(attempt.requested)));
    else if (attempt.status === 'AUTHORIZED' && attempt.operation === 'authorization') say(t.heldOn(f._amount(attempt.granted), name, remaining));
    else if (holdsOrTook(attempt)) say(t.paidWith(f._amount(attempt.granted), name, remaining));
  }
  if (screenOf(previous).kind !== 'awaiting' && screenOf(next).kind === 'awaiting') say(t.lenderReviewing);
  return out;
}

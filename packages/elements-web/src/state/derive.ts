import type { AttemptViewEntry, EndStatus, MethodView, SessionView } from '../types/session-view';
import { isEndStatus } from '../types/session-view';

/** What the component shows, decided from the view alone (a remount after a redirect shows the same). */
export type Screen =
  | { readonly kind: 'ended'; readonly status: EndStatus }
  | { readonly kind: 'finalising' }
  | { readonly kind: 'awaiting' }
  | { readonly kind: 'partial-decision'; readonly attempt: AttemptViewEntry }
  | { readonly kind: 'confirming'; readonly attempt: AttemptViewEntry }
  | { readonly kind: 'paying' };

export function screenOf(view: SessionView): Screen {
  if (isEndStatus(view.status)) return { kind: 'ended', status: view.status };
  if (view.status === 'AWAITING') return { kind: 'awaiting' };
  if (view.status !== 'PENDING') return { kind: 'finalising' };
  const deciding = view.attempts.find((a) => a.awaitingPartialDecision);
  if (deciding) return { kind: 'partial-decision', attempt: deciding };
  const inFlight = view.attempts.find((a) => a.status === 'AUTHORIZING');
  if (inFlight) return { kind: 'confirming', attempt: inFlight };
  return { kind: 'paying' };
}

/** A session ending or ended without payment. */
const UNPAID_ENDINGS: readonly SessionView['status'][] = ['ABORTING', 'ABORTED', 'EXPIRING', 'EXPIRED', 'AWAITED_REFUSED'];

/**
 * The order summary says what remains to pay while something can still be paid or is being settled
 * (and, once paid, that nothing remains); a session ending or ended without payment owes nothing (D83).
 */
export function showsRemaining(status: SessionView['status']): boolean {
  return !UNPAID_ENDINGS.includes(status);
}

/**
 * The session ending or ended unpaid with a tranche still in flight or held: the service hands it back,
 * and the page keeps reading the view (slowly, once ended) until it settles, its row saying so.
 */
export function isReleasingAfterEnd(view: SessionView): boolean {
  return !showsRemaining(view.status) && view.attempts.some((a) => a.status === 'AUTHORIZING' || a.status === 'AUTHORIZED');
}

/** A tranche holding (AUTHORIZED) or having taken (CAPTURED) money, whether or not it is being handed back. */
export function holdsOrTook(attempt: AttemptViewEntry): boolean {
  return attempt.status === 'AUTHORIZED' || attempt.status === 'CAPTURED';
}

/** A tranche that holds or took money for this order: AUTHORIZED or CAPTURED, and not being handed back. */
export function isCounted(attempt: AttemptViewEntry): boolean {
  return holdsOrTook(attempt) && !attempt.released;
}

/** What the counted tranches hold or took. */
export function countedAmount(view: SessionView): number {
  return view.attempts.filter(isCounted).reduce((n, a) => n + a.granted.amount, 0);
}

/** What was taken and is not handed back, as the view states it per attempt (integer minor units, D149-c). */
export function keptAmount(view: SessionView): number {
  return view.attempts.reduce((n, a) => n + (a.kept?.amount ?? 0), 0);
}

/**
 * The service refused a lower grant the issuer imposed (the method takes no partial authorization)
 * and is handing it back: the view says released, mandated, granted below requested.
 */
export function isRefusedLowerGrant(attempt: AttemptViewEntry): boolean {
  return attempt.released === true && attempt.partialAuth === 'mandated' && attempt.granted.amount < attempt.requested.amount;
}

/**
 * A hold or payment still shows AUTHORIZED or CAPTURED but no longer counts against the balance:
 * the service is handing it back (a removed tranche, a refused partial grant) and its void or refund
 * is on its way.
 */
export function isReleasing(view: SessionView): boolean {
  if (view.attempts.some((a) => a.released && holdsOrTook(a))) return true;
  return countedAmount(view) !== view.total.amount - view.remaining.amount;
}

/** Something is on its way (a verdict, a capture, a release, the lender): poll briskly. */
export function isWaiting(view: SessionView): boolean {
  const screen = screenOf(view);
  return screen.kind === 'confirming' || screen.kind === 'finalising' || screen.kind === 'awaiting' || (screen.kind === 'paying' && isReleasing(view));
}

/** What a ledger row's tranche can be: on its way, held, or paid. */
export type RowStatus = Extract<AttemptViewEntry['status'], 'AUTHORIZING' | 'AUTHORIZED' | 'CAPTURED'>;
export type LedgerRow = AttemptViewEntry & { readonly status: RowStatus };

/** Ledger rows: every tranche that holds or took money, or is on its way. */
export function ledgerRows(view: SessionView): readonly LedgerRow[] {
  return view.attempts.filter((a): a is LedgerRow => a.status === 'AUTHORIZING' || holdsOrTook(a));
}

export type RowAction = 'remove' | 'stop' | 'none';

/** Remove voids a hold; stop abandons an attempt still authorizing, only where it is abandonable. */
export function rowAction(view: SessionView, attempt: AttemptViewEntry, releasing: readonly string[] = []): RowAction {
  if (view.status !== 'PENDING' || attempt.released || releasing.includes(attempt.attemptId)) return 'none';
  if (attempt.status === 'AUTHORIZED' && attempt.operation === 'authorization' && !attempt.awaitingPartialDecision) return 'remove';
  if (attempt.status === 'AUTHORIZING' && attempt.abandonable) return 'stop';
  return 'none';
}

/**
 * The service refused a card grant on a network the card entry does not list and is voiding its hold
 * (D74): the view says released, method-unavailable, while it shows AUTHORIZED and once VOIDED.
 */
export function isRefusedNetwork(attempt: AttemptViewEntry): boolean {
  return attempt.released === true && attempt.declineCategory === 'method-unavailable';
}

/** The attempt was refused (by the PSP, or its grant by the service), not cancelled: bad news, said urgently. */
export function isRefusal(attempt: AttemptViewEntry): boolean {
  return attempt.status === 'DECLINED' || isRefusedNetwork(attempt);
}

/**
 * The last attempt when it took nothing (declined, cancelled at the PSP or stopped, or its card network
 * refused) and nothing was tried since: the payer is told what became of it, back from a PSP's page included.
 */
export function lastUnpaid(view: SessionView): AttemptViewEntry | undefined {
  const last = view.attempts[view.attempts.length - 1];
  return last && (last.status === 'DECLINED' || last.status === 'CANCELLED' || isRefusedNetwork(last)) ? last : undefined;
}

export interface AmountBounds {
  readonly min: number;
  readonly max: number;
  /** The amount cannot be chosen: the method pays the whole remaining balance. */
  readonly _locked: boolean;
}

/** Bounds of the next tranche on a method: its range, capped by the remaining balance. */
export function amountBounds(method: MethodView, remaining: number): AmountBounds {
  const locked = method.mustSettleRemaining || method.method === 'oney';
  if (locked) return { min: remaining, max: remaining, _locked: locked };
  return { min: Math.max(1, method.range?.min ?? 1), max: Math.min(method.range?.max ?? remaining, remaining), _locked: locked };
}

/**
 * Advisory: what would remain after `amount` is above zero and below every other eligible method's
 * minimum (this one's included), so nothing could pay it (the payer may still go ahead: it is not refused).
 */
export function strandsRemainder(view: SessionView, method: MethodView, amount: number): boolean {
  const left = view.remaining.amount - amount;
  if (left <= 0) return false;
  return view.methods.filter((m) => m.eligible || m.id === method.id).every((m) => left < (m.range?.min ?? 1));
}

/**
 * The view says whether an entry is eligible, not why: the amount is named only when it explains it
 * (nothing left, the remaining balance outside the entry's range, no financing plan covering it).
 * Any other reason (a method that sends the payer to its PSP in a session without returnUrl, an order
 * that registers the payer's means) belongs to the order.
 */
export function ineligibleForAmount(view: SessionView, method: MethodView): boolean {
  const left = view.remaining.amount;
  if (left <= 0) return true;
  if (method.range && (left < method.range.min || left > method.range.max)) return true;
  return method.method === 'oney' && method.plans.length > 0 && method.plans.every((plan) => !plan.eligible);
}

/** The method the form opens on: the one chosen if still selectable, else the first eligible one. */
export function selectedMethod(view: SessionView, chosenId: string | undefined, selectable: (m: MethodView) => boolean): MethodView | undefined {
  const chosen = view.methods.find((m) => m.id === chosenId);
  if (chosen && selectable(chosen)) return chosen;
  return view.methods.find(selectable);
}

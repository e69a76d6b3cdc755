import { openingTransaction, replaceTransaction } from '../attempt/attempt-operations';
import type { AttemptId, TransactionId } from '../ids/ids';
import type { MethodKind } from '../method/method';
import type { Money } from '../money/money';
import type { OperationRef, PspFact } from '../psp/psp-fact';
import type { Dispatch, Transaction, VerdictLookupPlan } from '../transaction/transaction.model';
import type { Attempt } from '../attempt/attempt.model';
import { applyFacts } from './apply-fact';
import type { DomainContext } from './domain-context';
import type { Session } from './session.model';
import { findAttempt, offerOf, replaceAttempt } from './session-edit';

type FollowUpType = 'capture' | 'void' | 'refund';

/** A capture, void or refund sent or given up, whose verdict is still pending and due for a lookup at its PSP. */
export interface DueFollowUpLookup {
  readonly attemptId: AttemptId;
  readonly transactionId: TransactionId;
  readonly type: FollowUpType;
  readonly amount: Money;
  /** The operation itself: our transaction id and the PSP's reference its answer gave (none when no answer came). */
  readonly operation: OperationRef;
  /** The attempt's opening operation (the authorization or the payment). */
  readonly opening: OperationRef;
  readonly methodId: string;
  readonly method: MethodKind;
  readonly provider: string;
}

/** A follow-up whose lookups a write stopped with its verdict still pending: for the operator's alert. */
export interface StoppedFollowUpLookup {
  readonly transactionId: TransactionId;
  readonly type: FollowUpType;
  readonly provider: string;
  readonly tries: number;
}

function refOf(tx: Transaction): OperationRef {
  return { transactionId: tx.id, ...(tx.providerRef !== undefined ? { providerRef: tx.providerRef } : {}) };
}

function isFollowUp(tx: Transaction): tx is Transaction & { type: FollowUpType } {
  return tx.type === 'capture' || tx.type === 'void' || tx.type === 'refund';
}

/** Sent, or given up after unanswered sends: either way the PSP may hold the operation's verdict. */
function lookable(tx: Transaction): tx is Transaction & { dispatch: Extract<Dispatch, { state: 'sent' | 'given-up' }> } {
  return isFollowUp(tx) && tx.status.kind === 'pending' && (tx.dispatch?.state === 'sent' || tx.dispatch?.state === 'given-up');
}

/** The lookup plan of a sent or given-up follow-up whose verdict is still pending; undefined for anything else. */
export function pendingLookupOf(tx: Transaction): VerdictLookupPlan | undefined {
  return lookable(tx) ? tx.dispatch.lookup : undefined;
}

/** Sent or given-up follow-ups whose pending verdict is due for a lookup at `now`, oldest due first. */
export function followUpLookupsDue(session: Session, now: number): DueFollowUpLookup[] {
  const due: (DueFollowUpLookup & { nextAt: number })[] = [];
  for (const attempt of session.attempts) {
    for (const tx of attempt.transactions) {
      const plan = pendingLookupOf(tx);
      if (plan?.state !== 'due' || plan.nextAt > now || !isFollowUp(tx)) continue;
      due.push({
        attemptId: attempt.id,
        transactionId: tx.id,
        type: tx.type,
        amount: tx.amount,
        operation: refOf(tx),
        opening: refOf(openingTransaction(attempt)),
        methodId: attempt.methodId,
        method: attempt.method,
        provider: attempt.provider,
        nextAt: plan.nextAt,
      });
    }
  }
  return due.sort((a, b) => a.nextAt - b.nextAt).map(({ nextAt: _n, ...item }) => item);
}

function withPlan(session: Session, attempt: Attempt, tx: Transaction, lookup: VerdictLookupPlan, ctx: DomainContext): Session {
  if (!lookable(tx)) return session;
  return replaceAttempt(session, replaceTransaction(attempt, { ...tx, dispatch: { ...tx.dispatch, lookup } }, ctx.now));
}

function located(session: Session, transactionId: string): { attempt: Attempt; tx: Transaction } | undefined {
  for (const attempt of session.attempts) {
    const tx = attempt.transactions.find((t) => t.id === transactionId);
    if (tx) return { attempt, tx };
  }
  return undefined;
}

/**
 * The PSP took the follow-up `transactionId` without its verdict (recordDispatch, an accepted ack), or
 * its sends were given up unanswered (the PSP may have acted on one, D93-e): when its offer says the
 * verdict can be looked up (`followUpLookup`), the first lookup is scheduled on the policy's calendar.
 * Anything else (a verdict already in, no lookup) is left as is.
 */
export function planFollowUpLookup(session: Session, transactionId: string, ctx: DomainContext): Session {
  const found = located(session, transactionId);
  if (!found || !lookable(found.tx)) return session;
  const first = ctx.policy.followUpLookupDelaysMs[0];
  if (first === undefined || offerOf(session, found.attempt).capabilities.followUpLookup !== true) return session;
  return withPlan(session, found.attempt, found.tx, { state: 'due', tries: 0, nextAt: ctx.now + first }, ctx);
}

/**
 * Records a follow-up's lookup: its facts are applied as a notification's (the looked-up status is
 * authoritative). A verdict still pending is looked up again after the calendar's next delay; once
 * the calendar is spent the lookups stop (`stopped`) and the operation stays pending, for the
 * operator (followUpLookupsStoppedSince).
 */
export function recordFollowUpLookup(session: Session, transactionId: string, facts: readonly PspFact[], ctx: DomainContext): Session {
  const applied = applyFacts(session, facts, ctx);
  const found = located(applied, transactionId);
  const plan = found ? pendingLookupOf(found.tx) : undefined;
  if (!found || plan?.state !== 'due') return applied;
  const tries = plan.tries + 1;
  const delay = ctx.policy.followUpLookupDelaysMs[tries];
  const next: VerdictLookupPlan = delay === undefined ? { state: 'stopped', tries, at: ctx.now } : { state: 'due', tries, nextAt: ctx.now + delay };
  return withPlan(applied, found.attempt, found.tx, next, ctx);
}

/** The follow-ups whose lookups stopped between `before` and `after`, their verdict still pending (each reported once). */
export function followUpLookupsStoppedSince(before: Session, after: Session): StoppedFollowUpLookup[] {
  const stopped: StoppedFollowUpLookup[] = [];
  for (const attempt of after.attempts) {
    for (const tx of attempt.transactions) {
      const plan = pendingLookupOf(tx);
      if (plan?.state !== 'stopped' || !isFollowUp(tx)) continue;
      const earlier = findAttempt(before, attempt.id)?.transactions.find((t) => t.id === tx.id);
      if (earlier && pendingLookupOf(earlier)?.state === 'stopped') continue;
      stopped.push({ transactionId: tx.id, type: tx.type, provider: attempt.provider, tries: plan.tries });
    }
  }
  return stopped;
}

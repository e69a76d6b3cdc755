import type { Attempt } from '../attempt/attempt.model';
import { moneyKept, openingTransaction, replaceTransaction, takingTransaction } from '../attempt/attempt-operations';
import type { AttemptId, TransactionId } from '../ids/ids';
import type { MethodKind } from '../method/method';
import type { Money } from '../money/money';
import type { DriverAck } from '../psp/psp-driver.port';
import type { OperationRef, PspFact } from '../psp/psp-fact';
import type { Dispatch, Transaction } from '../transaction/transaction.model';
import { recordAck } from '../transaction/transaction.state';
import { applyFact, applyFacts } from './apply-fact';
import { planFollowUpLookup } from './follow-up-lookups';
import type { DomainContext } from './domain-context';
import type { Session } from './session.model';
import { findAttempt, replaceAttempt } from './session-edit';
import { assertUnreachable } from '../shared/brand';
import { lookUpFailedCancel } from './study-cancel';
import { progress } from './progress';

export type FollowUpType = 'capture' | 'void' | 'refund';

/** A capture, void or refund the PSP must be told about now, with what the driver call needs. */
export interface OwedOperation {
  readonly attemptId: AttemptId;
  /** Our id of the operation: the PSP idempotency key. */
  readonly transactionId: TransactionId;
  readonly type: FollowUpType;
  readonly amount: Money;
  /** The operation it acts on: the authorization (capture, void), or what took the money (refund). */
  readonly target: OperationRef;
  /** The attempt's opening operation (the authorization or the payment), which a refund's capture belongs to. */
  readonly opening: OperationRef;
  readonly methodId: string;
  readonly method: MethodKind;
  readonly provider: string;
  /** Sends already made. */
  readonly tries: number;
  /** Of those, the sends the PSP may have acted on: not those it answered without taking them (DriverAck.notTaken). */
  readonly mayHaveActed: number;
  /** Refunds only: it hands back all the attempt still holds (FollowUpInput.wholeRemainder). */
  readonly wholeRemainder?: true;
  /** Refunds only: the caller's reconciliation tag. */
  readonly extraData?: string;
}

function isFollowUp(tx: Transaction): tx is Transaction & { type: FollowUpType } {
  return tx.type === 'capture' || tx.type === 'void' || tx.type === 'refund';
}

function refOf(tx: Transaction): OperationRef {
  return { transactionId: tx.id, ...(tx.providerRef !== undefined ? { providerRef: tx.providerRef } : {}) };
}

function targetOf(attempt: Attempt, type: FollowUpType): OperationRef {
  return refOf(type === 'refund' ? (takingTransaction(attempt) ?? openingTransaction(attempt)) : openingTransaction(attempt));
}

/** A refund of all the attempt still holds: what it kept less the other refunds in flight. */
function handsBackAll(attempt: Attempt, refund: Transaction): boolean {
  const inFlight = attempt.transactions.filter((t) => t.type === 'refund' && t.id !== refund.id && t.status.kind === 'pending');
  const left = inFlight.reduce((rest, t) => rest - t.amount.amount, moneyKept(attempt).amount);
  return left > 0 && refund.amount.amount === left;
}

/**
 * Captures, voids and refunds owed to the PSP whose send is due at `now`, oldest due first. An owed
 * operation whose verdict already came (the PSP acted on its own, or answered a previous send) is
 * not sent again.
 */
export function owedOperations(session: Session, now: number): OwedOperation[] {
  const owed: (OwedOperation & { nextAt: number })[] = [];
  for (const attempt of session.attempts) {
    for (const tx of attempt.transactions) {
      if (!isFollowUp(tx) || tx.status.kind !== 'pending' || tx.dispatch?.state !== 'owed' || tx.dispatch.nextAt > now) continue;
      owed.push({
        attemptId: attempt.id,
        transactionId: tx.id,
        type: tx.type,
        amount: tx.amount,
        target: targetOf(attempt, tx.type),
        opening: refOf(openingTransaction(attempt)),
        methodId: attempt.methodId,
        method: attempt.method,
        provider: attempt.provider,
        tries: tx.dispatch.tries,
        mayHaveActed: tx.dispatch.tries - (tx.dispatch.notTaken ?? 0),
        ...(tx.type === 'refund' && handsBackAll(attempt, tx) ? { wholeRemainder: true as const } : {}),
        ...(tx.extraData !== undefined ? { extraData: tx.extraData } : {}),
        nextAt: tx.dispatch.nextAt,
      });
    }
  }
  return owed.sort((a, b) => a.nextAt - b.nextAt).map(({ nextAt: _n, ...op }) => op);
}

/**
 * The operations `after` owes that `before` did not hold: those a write created, which its writer
 * sends at once whatever their `nextAt` (the worker sends the others when they fall due).
 */
export function operationsOwedSince(before: Session, after: Session): OwedOperation[] {
  const known = new Set<string>();
  for (const attempt of before.attempts) for (const tx of attempt.transactions) known.add(tx.id);
  return owedOperations(after, Number.MAX_SAFE_INTEGER).filter((op) => !known.has(op.transactionId));
}

/** What the driver's capture, void or refund call answered. */
export interface DispatchOutcome {
  readonly ack: DriverAck;
  readonly facts: readonly PspFact[];
}

const FACT_OF: Record<FollowUpType, 'captured' | 'voided' | 'refunded'> = { capture: 'captured', void: 'voided', refund: 'refunded' };

/**
 * Records the answer of a sent capture, void or refund. The ack facet is recorded; then:
 * `accepted`: sent, the verdict still pending unless facts came (looked up later when the offer can:
 * planFollowUpLookup); `rejected`: the PSP refused the
 * request itself, a failed verdict; `unknown`: sent again after `policy.dispatchRetryDelaysMs`, and
 * when those are spent, given up: no more sends, but the verdict stays pending, since the PSP may
 * well have acted on a send whose answer was lost; its notification or a lookup (planned as after an
 * accepted ack when the offer can, D93-e) still settles it (a refund so keeps counting as in flight,
 * never refundable twice). `unverifiable` (an earlier send may
 * have acted and the driver cannot check): given up at once, its verdict left pending alike. An
 * `unknown` ack saying `notTaken` spends a retry like any other, but is counted apart: the driver is
 * not told of it as a send the PSP may have acted on (D154). Facts are applied first.
 */
export function recordDispatch(session: Session, transactionId: string, outcome: DispatchOutcome, ctx: DomainContext): Session {
  const attempt = session.attempts.find((a) => a.transactions.some((t) => t.id === transactionId));
  const tx = attempt?.transactions.find((t) => t.id === transactionId);
  if (!attempt || !tx) return session;
  if (!isFollowUp(tx)) throw new Error(`recordDispatch: ${tx.type} ${tx.id} is not a capture, void or refund`);
  const { ack } = outcome;
  const acked = recordAck(tx, { code: ack.code, message: ack.message, httpStatus: ack.httpStatus, providerRef: ack.providerRef }, ctx.now);
  const { dispatch, failure } = nextDispatch(tx, ack, ctx);
  const recorded = replaceAttempt(session, replaceTransaction(attempt, { ...acked, ...(dispatch ? { dispatch } : {}) }, ctx.now));
  const afterFacts = applyFacts(recorded, outcome.facts, ctx);
  if (dispatch?.state === 'sent' && ack.outcome === 'accepted') return planFollowUpLookup(afterFacts, tx.id, ctx);
  // A hand-back given up no longer holds the session's ending (release.ts): it may end now.
  if (dispatch?.state === 'given-up') {
    const looked = planFollowUpLookup(afterFacts, tx.id, ctx);
    return progress(tx.type === 'void' ? lookUpGivenUpCancel(looked, attempt.id, ctx) : looked, ctx);
  }
  if (!failure) return afterFacts;
  return applyFact(afterFacts, { kind: FACT_OF[tx.type], success: false, ref: { transactionId: tx.id }, ...failure }, ctx);
}

/** A cancel of a studied file left without an answer: the file is looked up soon, as after a failed one. */
function lookUpGivenUpCancel(session: Session, attemptId: AttemptId, ctx: DomainContext): Session {
  const attempt = findAttempt(session, attemptId);
  return attempt ? replaceAttempt(session, lookUpFailedCancel(session, attempt, ctx)) : session;
}

type Failure = { readonly statusCode?: string; readonly statusMessage?: string };

function nextDispatch(tx: Transaction, ack: DriverAck, ctx: DomainContext): { dispatch?: Dispatch; failure?: Failure } {
  if (tx.dispatch?.state !== 'owed') return {};
  const tries = tx.dispatch.tries + 1;
  switch (ack.outcome) {
    case 'accepted':
      return { dispatch: { state: 'sent', at: ctx.now } };
    case 'rejected':
      return {
        dispatch: { state: 'sent', at: ctx.now },
        // The PSP's own code and sentence only: statusMessage is never the service's words beside a PSP's refusal.
        failure: { ...(ack.code !== undefined ? { statusCode: ack.code } : {}), ...(ack.message !== undefined ? { statusMessage: ack.message } : {}) },
      };
    case 'unknown': {
      // Left pending, not failed: the PSP may have acted on an earlier send.
      if (ack.unverifiable === true) return { dispatch: { state: 'given-up', tries, at: ctx.now } };
      const delay = ctx.policy.dispatchRetryDelaysMs[tries - 1];
      const notTaken = (tx.dispatch.notTaken ?? 0) + (ack.notTaken === true ? 1 : 0);
      if (delay !== undefined) return { dispatch: { state: 'owed', tries, nextAt: ctx.now + delay, ...(notTaken > 0 ? { notTaken } : {}) } };
      return { dispatch: { state: 'given-up', tries, at: ctx.now } };
    }
    default:
      return assertUnreachable(ack.outcome, 'ack outcome');
  }
}

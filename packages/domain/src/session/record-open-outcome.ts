import type { Attempt, PageAction, Redirect } from '../attempt/attempt.model';
import { openingTransaction, replaceTransaction } from '../attempt/attempt-operations';
import { attemptDeclined } from '../attempt/attempt.state';
import type { DriverAck } from '../psp/psp-driver.port';
import type { PspFact } from '../psp/psp-fact';
import { recordAck, transactionFailed } from '../transaction/transaction.state';
import { applyFacts } from './apply-fact';
import type { DomainContext } from './domain-context';
import { progress } from './progress';
import type { Session } from './session.model';
import { replaceAttempt, requireAttempt } from './session-edit';
import { expireIfDue } from './timeouts';

/** What the driver's open call answered. */
export interface OpenOutcome {
  readonly ack: DriverAck;
  readonly redirect?: Redirect;
  /** An action the payer's page must run (its result comes back through the confirm door). */
  readonly pageAction?: PageAction;
  /** Verdicts the driving call already carried (rare: most arrive out-of-band). */
  readonly facts: readonly PspFact[];
}

/**
 * Records the answer of the call that opened an attempt: the ack facet of its opening operation, the
 * redirect the payer must follow or the action its page must run, then the facts. An `accepted` or `unknown` ack is not a verdict
 * (the verdict stays due, looked up when overdue); a `rejected` one is the PSP refusing the request
 * itself: the operation fails and the attempt is DECLINED.
 */
export function recordOpenOutcome(session: Session, attemptId: string, outcome: OpenOutcome, ctx: DomainContext): Session {
  const current = expireIfDue(session, ctx);
  const attempt = requireAttempt(current, attemptId);
  const { ack } = outcome;
  const opening = openingTransaction(attempt);
  const acked = recordAck(opening, { code: ack.code, message: ack.message, httpStatus: ack.httpStatus, providerRef: ack.providerRef }, ctx.now);
  let next: Attempt = replaceTransaction(attempt, acked, ctx.now);
  if (outcome.redirect && attempt.status === 'AUTHORIZING') next = { ...next, redirect: outcome.redirect };
  if (outcome.pageAction && attempt.status === 'AUTHORIZING') next = { ...next, pageAction: outcome.pageAction };
  if (ack.outcome === 'rejected' && acked.status.kind === 'pending') {
    next = declineOnRejection(next, acked, ack, ctx);
  }
  return applyFacts(expireIfDue(progress(replaceAttempt(current, next), ctx), ctx), outcome.facts, ctx);
}

function declineOnRejection(attempt: Attempt, opening: Attempt['transactions'][number], ack: DriverAck, ctx: DomainContext): Attempt {
  const failed = transactionFailed(opening, { statusCode: ack.code, statusMessage: ack.message, category: ack.category }, ctx.now);
  const { verdictDueAt: _due, ...rest } = replaceTransaction(attempt, failed, ctx.now);
  if (attempt.status !== 'AUTHORIZING') return rest;
  return { ...rest, status: attemptDeclined(attempt.status), ...(ack.category !== undefined ? { declineCategory: ack.category } : {}) };
}

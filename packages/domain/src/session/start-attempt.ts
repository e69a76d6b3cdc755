import type { Attempt } from '../attempt/attempt.model';
import { refuse } from '../errors/domain-error';
import type { AttemptId, TransactionId } from '../ids/ids';
import type { PlanKey } from '../method/method';
import { money, zero } from '../money/money';
import { mustSettleRemaining } from '../rules/abandonable.rule';
import { respectsAliasRule } from '../rules/alias-split.rule';
import { attemptInFlight } from '../rules/attempt-in-flight.rule';
import { ineligibilityMessage, methodEligibility, offeredPlan, planCovers, withinRange } from '../rules/method-eligibility.rule';
import { remainingBalance } from '../rules/remaining-balance.rule';
import { termsSettled } from '../rules/terms-consent.rule';
import type { Transaction } from '../transaction/transaction.model';
import type { DomainContext } from './domain-context';
import { assertPayerMayAct } from './payer-guard';
import { findOffer } from './session-edit';
import type { Session } from './session.model';

export interface StartAttemptInput {
  /** The methods[].id of the session. */
  readonly methodId: string;
  /** Minor units of the session currency, >= 1. */
  readonly amount: number;
  /** Financing only: the plan the payer chose among the offer's. */
  readonly plan?: PlanKey;
  /** The payer page's idempotency-key for this press of Pay (D91). */
  readonly startKey?: string;
}

export interface AttemptStarted {
  readonly session: Session;
  readonly attemptId: AttemptId;
  /** The opening operation (authorization or payment), pending: the driver's idempotency key. */
  readonly transactionId: TransactionId;
}

/**
 * Opens a tranche: the attempt (AUTHORIZING, provider and operation from the method offer) and its
 * opening operation (authorization or payment, pending), with its verdict looked up after
 * `policy.verdictOverdueMs`.
 *
 * Refusals, in order: SessionNotPending, MethodNotFound, AttemptInFlight, TermsNotAccepted,
 * MethodNotEligible, InvalidRequest (amount not a positive integer), AmountExceedsRemaining,
 * AmountOutOfRange (outside the range window; not the whole remaining balance for a method that must
 * settle it; not the whole total on an order that registers the payer's means), PlanNotOffered.
 */
export function startAttempt(session: Session, input: StartAttemptInput, ctx: DomainContext): AttemptStarted {
  assertPayerMayAct(session, ctx);
  const offer = findOffer(session, input.methodId) ?? refuse('MethodNotFound', `No method ${input.methodId} in this session`);
  if (attemptInFlight(session)) refuse('AttemptInFlight', 'Another attempt is in flight: wait for its verdict or decide its partial grant');
  if (!termsSettled(session)) refuse('TermsNotAccepted', 'The payer must accept the terms before the first tranche');
  const eligibility = methodEligibility(session, offer);
  if (!eligibility.eligible) refuse('MethodNotEligible', ineligibilityMessage(offer, eligibility.reason));
  if (!Number.isSafeInteger(input.amount) || input.amount < 1) refuse('InvalidRequest', 'amount must be an integer >= 1 (minor units)');

  const amount = money(input.amount, session.total.currency);
  const remaining = remainingBalance(session);
  if (amount.amount > remaining.amount) refuse('AmountExceedsRemaining', `The amount exceeds the remaining balance (${remaining.amount})`);
  if (!withinRange(offer, amount)) refuse('AmountOutOfRange', `The amount is outside the method's range ${offer.range?.min}..${offer.range?.max}`);
  if (mustSettleRemaining(offer) && amount.amount !== remaining.amount) {
    refuse('AmountOutOfRange', 'This method takes the money at once and cannot hand it back: it pays the whole remaining balance only');
  }
  if (!respectsAliasRule(session, amount)) refuse('AmountOutOfRange', "The order registers the payer's means and cannot be split: pay the whole total");
  const plan = checkedPlan(session, input, amount.amount);

  const transaction: Transaction = {
    id: ctx.newId() as TransactionId,
    createdAt: ctx.now,
    updatedAt: ctx.now,
    type: offer.capabilities.operation,
    amount,
    status: { kind: 'pending' },
  };
  const attempt: Attempt = {
    id: ctx.newId() as AttemptId,
    createdAt: ctx.now,
    updatedAt: ctx.now,
    method: offer.method,
    methodId: offer.id,
    provider: offer.provider,
    operation: offer.capabilities.operation,
    status: 'AUTHORIZING',
    requested: amount,
    granted: zero(amount.currency),
    refunded: zero(amount.currency),
    ...(plan ? { plan } : {}),
    ...(input.startKey !== undefined ? { startKey: input.startKey } : {}),
    verdictDueAt: ctx.now + ctx.policy.verdictOverdueMs,
    transactions: [transaction],
  };
  return { session: { ...session, attempts: [...session.attempts, attempt] }, attemptId: attempt.id, transactionId: transaction.id };
}

/** Financing needs one of the offer's plans, one that finances this amount; other methods take none. */
function checkedPlan(session: Session, input: StartAttemptInput, amount: number): PlanKey | undefined {
  const offer = findOffer(session, input.methodId);
  if (!offer?.capabilities.financing) {
    if (input.plan) refuse('PlanNotOffered', `Method ${input.methodId} offers no financing plan`);
    return undefined;
  }
  if (!input.plan) refuse('PlanNotOffered', 'A financing attempt names one of the offered plans');
  const plan = offeredPlan(offer, input.plan);
  if (!plan || !planCovers(plan, money(amount, session.total.currency))) {
    refuse('PlanNotOffered', `No plan of ${input.plan.installments} instalments${input.plan.withFees ? ' with fees' : ''} finances this amount`);
  }
  return { installments: plan.installments, withFees: plan.withFees };
}

/** Whether a start with this idempotency-key already made an attempt of the session (D91, D97). */
export function startKeyRecorded(session: Session, startKey: string): boolean {
  return session.attempts.some((a) => a.startKey === startKey);
}

/**
 * The attempt a start with this idempotency-key already made, whatever happened to it since (D91): its
 * repeat answers it and starts nothing. The same key with another method, amount or plan is
 * IdempotencyKeyConflict.
 */
export function attemptStartedWith(session: Session, startKey: string, input: StartAttemptInput): Attempt | undefined {
  const attempt = session.attempts.find((a) => a.startKey === startKey);
  if (!attempt) return undefined;
  const samePlan = attempt.plan?.installments === input.plan?.installments && attempt.plan?.withFees === input.plan?.withFees;
  if (attempt.methodId !== input.methodId || attempt.requested.amount !== input.amount || !samePlan) {
    refuse('IdempotencyKeyConflict', 'The idempotency-key already names another start of a tranche');
  }
  return attempt;
}

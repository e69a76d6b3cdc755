import type { Attempt } from '../attempt/attempt.model';
import { replaceTransaction } from '../attempt/attempt-operations';
import { attemptCancelled, attemptDeclined, attemptGranted } from '../attempt/attempt.state';
import { compare, type Money } from '../money/money';
import { grantDecision } from '../rules/partial-grant.rule';
import { registrationAsked } from '../rules/registration-asked.rule';
import { remainingBalance } from '../rules/remaining-balance.rule';
import { transactionCancelled, transactionFailed, transactionSucceeded } from '../transaction/transaction.state';
import type { DomainContext } from './domain-context';
import { beginStudy, lookupsWithinBound } from './lender-lookups';
import type { LocatedOperation, VerdictFact } from './locate-operation';
import { releaseAttempt } from './release';
import type { Session } from './session.model';
import { offerOf, replaceAttempt } from './session-edit';
import { acceptsVerdicts, sessionLenderStudying } from './session.state';

type Fact<K extends VerdictFact['kind']> = Extract<VerdictFact, { kind: K }>;

/** The verdict is in: the overdue lookup and the lender's study (and its lookups) are over. */
function verdictIn(attempt: Attempt): Attempt {
  const { verdictDueAt: _due, lenderStudying: _studying, lenderLookups: _lookups, ...rest } = attempt;
  return rest;
}

/** A PSP never grants more than asked; if one says so, the request is what counts. */
function grantOf(granted: Money, requested: Money): Money {
  return compare(granted, requested) > 0 ? requested : granted;
}

/**
 * authorized: the grant is recorded, with the card alias only when the order asked for a registration.
 * A full grant settles the attempt (AUTHORIZED, or CAPTURED for a
 * direct payment); a lower one becomes a chosen or mandated partial, or is refused and handed back
 * still marked with who lowered it (`partialAuth`; released, so no decision awaits the payer). A card
 * grant on a network the offer does not list is refused and handed back the same way, marked
 * method-unavailable (`declineCategory`).
 * A grant for an attempt the payer abandoned, or on a session that no longer accepts verdicts
 * (ended, EXPIRING, ABORTING), is recorded and handed back at once.
 */
export function onAuthorized(session: Session, { attempt, tx }: LocatedOperation, fact: Fact<'authorized'>, ctx: DomainContext): Session {
  const providerRef = fact.providerRef ?? fact.ref.providerRef;
  const granted = grantOf(fact.granted, attempt.requested);
  // The contract's Transaction.amount is what the operation moved: a lower grant, not the request.
  const done = { ...transactionSucceeded(tx, { statusCode: fact.statusCode, statusMessage: fact.statusMessage, providerRef }, ctx.now), amount: granted };
  const recorded: Attempt = {
    ...verdictIn(replaceTransaction(attempt, done, ctx.now)),
    granted,
    // The contract's cardScheme is for card attempts only, though a PSP may name the network behind a wallet.
    ...(fact.cardScheme !== undefined && attempt.method === 'card' ? { cardScheme: fact.cardScheme } : {}),
    // A registration the order never asked for is not the merchant's to keep (contract: "when the order asked for one").
    ...(fact.cardAlias !== undefined && registrationAsked(session, offerOf(session, attempt)) ? { cardAlias: fact.cardAlias } : {}),
  };
  if (attempt.status !== 'AUTHORIZING') return replaceAttempt(session, releaseAttempt(session, recorded, ctx));

  const settled: Attempt = { ...recorded, status: attemptGranted(attempt.status, attempt.operation) };
  const decision = grantDecision({
    requested: attempt.requested,
    granted: settled.granted,
    chosenByPayer: fact.chosenByPayer === true,
    offer: offerOf(session, attempt),
    mustCreateAlias: session.mustCreateAlias === true,
    cardScheme: recorded.cardScheme,
  });
  // Who lowered the grant, or why it was refused, is recorded even when it is handed back: the attempt tells why it failed.
  const lowered: Attempt =
    decision.kind !== 'full' && decision.partialAuth !== undefined ? { ...settled, partialAuth: decision.partialAuth } : settled;
  if (decision.kind === 'refused') {
    const refused = decision.declineCategory !== undefined ? { ...lowered, declineCategory: decision.declineCategory } : lowered;
    return replaceAttempt(session, releaseAttempt(session, refused, ctx));
  }
  if (!acceptsVerdicts(session.status)) return replaceAttempt(session, releaseAttempt(session, lowered, ctx));
  return replaceAttempt(session, lowered);
}

/** declined: the operation failed; an AUTHORIZING attempt is DECLINED with the refusal's category. */
export function onDeclined(session: Session, { attempt, tx }: LocatedOperation, fact: Fact<'declined'>, ctx: DomainContext): Session {
  const failed = transactionFailed(
    tx,
    { statusCode: fact.statusCode, statusMessage: fact.statusMessage, category: fact.category, providerRef: fact.providerRef ?? fact.ref.providerRef },
    ctx.now,
  );
  const next = verdictIn(replaceTransaction(attempt, failed, ctx.now));
  if (attempt.status !== 'AUTHORIZING') return replaceAttempt(session, next);
  return replaceAttempt(session, {
    ...next,
    status: attemptDeclined(attempt.status),
    ...(fact.category !== undefined ? { declineCategory: fact.category } : {}),
  });
}

/** cancelled-by-payer: the payer backed out at the PSP; an AUTHORIZING attempt is CANCELLED. */
export function onCancelledByPayer(
  session: Session,
  { attempt, tx }: LocatedOperation,
  fact: Fact<'cancelled-by-payer'>,
  ctx: DomainContext,
): Session {
  const cancelled = transactionCancelled(
    tx,
    { statusCode: fact.statusCode, statusMessage: fact.statusMessage, providerRef: fact.providerRef ?? fact.ref.providerRef },
    ctx.now,
  );
  const next = verdictIn(replaceTransaction(attempt, cancelled, ctx.now));
  if (attempt.status !== 'AUTHORIZING') return replaceAttempt(session, next);
  return replaceAttempt(session, { ...next, status: attemptCancelled(attempt.status) });
}

/**
 * lender-pending: the lender keeps studying the file. The overdue lookup gives way to the study's:
 * a lookup cadence when the PSP answers status queries (lender-lookups.ts), else none (the verdict
 * will be pushed, or the wait bound refuses it). When this attempt would cover the remaining balance,
 * the session waits in AWAITING until `now + lenderWaitMs`, no lookup due after that bound. A file
 * already studied keeps its schedule.
 */
export function onLenderPending(
  session: Session,
  { attempt, tx }: LocatedOperation,
  fact: Fact<'lender-pending'>,
  ctx: DomainContext,
): Session {
  if (attempt.status !== 'AUTHORIZING') return session;
  const providerRef = fact.providerRef ?? fact.ref.providerRef;
  const studied = attempt.lenderStudying === true;
  const refNew = tx.providerRef === undefined && providerRef !== undefined;
  const covers = session.status === 'PENDING' && remainingBalance(session).amount - attempt.requested.amount <= 0;
  if (studied && !refNew && !covers) return session;

  const referenced = refNew ? replaceTransaction(attempt, { ...tx, providerRef, updatedAt: ctx.now }, ctx.now) : attempt;
  const next: Attempt = studied ? { ...referenced, updatedAt: ctx.now } : beginStudy(session, referenced, ctx);
  const updated = replaceAttempt(session, next);
  if (!covers) return updated;
  return lookupsWithinBound({ ...updated, status: sessionLenderStudying(session.status), awaitingUntil: ctx.now + ctx.policy.lenderWaitMs });
}

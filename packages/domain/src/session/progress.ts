import { hasTransaction } from '../attempt/attempt-operations';
import type { Attempt } from '../attempt/attempt.model';
import { isCovered } from '../rules/coverage.rule';
import { isSettled } from '../rules/remaining-balance.rule';
import { assertUnreachable } from '../shared/brand';
import { owedFollowUp } from '../transaction/follow-up';
import type { DomainContext } from './domain-context';
import { handBackPending, releaseAll } from './release';
import { endSession, withCaptured } from './session-ending';
import { cancelStudies } from './study-cancel';
import {
  sessionAllTaken,
  sessionCaptureFailed,
  sessionCovered,
  sessionLenderRefused,
  sessionReleased,
  asTerminal,
} from './session.state';
import type { Session } from './session.model';
import { mapAttempts } from './session-edit';

/** A settled hold whose capture is neither on its way nor done. */
function needsCapture(attempt: Attempt): boolean {
  return (
    attempt.status === 'AUTHORIZED' &&
    isSettled(attempt) &&
    !hasTransaction(attempt, 'capture', ['pending', 'succeeded'])
  );
}

function owesCaptures(session: Session, ctx: DomainContext): Session {
  return mapAttempts(session, (a) =>
    needsCapture(a)
      ? { ...a, updatedAt: ctx.now, transactions: [...a.transactions, owedFollowUp('capture', a.granted, ctx)] }
      : a,
  );
}

/** Covered: capture every settled hold, or, when every tranche already took its money, PAID. */
function onCovered(session: Session, ctx: DomainContext): Session {
  const holds = session.attempts.some((a) => a.status === 'AUTHORIZED' && isSettled(a));
  if (!holds) return endSession(session, asTerminal(sessionAllTaken(session.status)), ctx);
  return owesCaptures({ ...withoutBound(session), status: sessionCovered(session.status) }, ctx);
}

function withoutBound(session: Session): Session {
  const { awaitingUntil: _bound, ...rest } = session;
  return rest;
}

/** Every settled hold was captured: the order is paid. */
function allCaptured(session: Session): boolean {
  return session.attempts.filter(isSettled).every((a) => a.status === 'CAPTURED');
}

/**
 * After any change, moves the session on as far as its attempts allow: coverage (CAPTURING or PAID),
 * captures done (PAID), a failed capture (back to PENDING), the studied financing decided (PAID path
 * or AWAITED_REFUSED), hand-backs done (EXPIRED, ABORTED). Keeps `captured` current.
 */
export function progress(session: Session, ctx: DomainContext): Session {
  const status = session.status;
  switch (status) {
    case 'PENDING':
      return withCaptured(isCovered(session) ? onCovered(session, ctx) : session);
    case 'AWAITING':
      if (isCovered(session)) return withCaptured(onCovered(session, ctx));
      // The studied file got its verdict without covering the order (refused, cancelled, or a lower grant).
      if (!session.attempts.some((a) => a.status === 'AUTHORIZING')) return refuseAwaiting(session, ctx);
      return withCaptured(session);
    case 'CAPTURING':
      if (!isCovered(session)) return withCaptured({ ...session, status: sessionCaptureFailed(status) });
      if (allCaptured(session)) return endSession(session, asTerminal(sessionAllTaken(status)), ctx);
      return withCaptured(session);
    case 'EXPIRING':
    case 'ABORTING': {
      // Money a capture took while the session was already handing back is handed back too.
      const releasing = releaseAll(session, ctx);
      if (handBackPending(releasing)) return withCaptured(releasing);
      return endSession(releasing, asTerminal(sessionReleased(status)), ctx);
    }
    case 'PAID':
    case 'ABORTED':
    case 'EXPIRED':
    case 'AWAITED_REFUSED':
      return withCaptured(session);
    default:
      return assertUnreachable(status, 'session status');
  }
}

/**
 * The lender refused or the wait bound was reached: every hold released, nothing taken; a file the
 * lender still studies is cancelled at its PSP when it can be (study-cancel.ts). The ending message
 * is built after both, so it shows them.
 */
export function refuseAwaiting(session: Session, ctx: DomainContext): Session {
  const to = asTerminal(sessionLenderRefused(session.status));
  return endSession(cancelStudies(releaseAll(session, ctx), ctx), to, ctx);
}

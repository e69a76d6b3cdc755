import type { Attempt } from '../attempt/attempt.model';
import { refuse } from '../errors/domain-error';
import type { MethodOffer } from '../method/method';
import type { Session } from './session.model';

export function findAttempt(session: Session, attemptId: string): Attempt | undefined {
  return session.attempts.find((a) => a.id === attemptId);
}

/** The attempt, or the contract's AttemptNotFound refusal. */
export function requireAttempt(session: Session, attemptId: string): Attempt {
  return findAttempt(session, attemptId) ?? refuse('AttemptNotFound', 'No tranche of the session carries that attemptId');
}

export function replaceAttempt(session: Session, attempt: Attempt): Session {
  return { ...session, attempts: session.attempts.map((a) => (a.id === attempt.id ? attempt : a)) };
}

/** The session's offer of that method id, if it makes one. */
export function findOffer(session: Pick<Session, 'methods'>, methodId: string): MethodOffer | undefined {
  return session.methods.find((m) => m.id === methodId);
}

/** The method offer an attempt was started on. Its absence is a bug (offers never leave a session). */
export function offerOf(session: Session, attempt: Pick<Attempt, 'id' | 'methodId'>): MethodOffer {
  const offer = findOffer(session, attempt.methodId);
  if (!offer) throw new Error(`Attempt ${attempt.id}: method ${attempt.methodId} is not offered by session ${session.id}`);
  return offer;
}

/** Applies `change` to every attempt; returns the same session when no attempt changed. */
export function mapAttempts(session: Session, change: (attempt: Attempt) => Attempt): Session {
  let changed = false;
  const attempts = session.attempts.map((a) => {
    const next = change(a);
    if (next !== a) changed = true;
    return next;
  });
  return changed ? { ...session, attempts } : session;
}

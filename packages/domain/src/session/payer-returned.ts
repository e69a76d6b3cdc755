import type { Session } from './session.model';
import type { DomainContext } from './domain-context';
import { replaceAttempt } from './session-edit';

/**
 * Records that the PSP sent the payer back (the return door) while the attempt's verdict is still on
 * its way: the view then offers no way back to the PSP's page, and the page says the verdict is awaited
 * (D149-e). The same session when there is nothing to record (no such attempt in flight, or recorded).
 */
export function markPayerReturned(session: Session, attemptId: string, ctx: Pick<DomainContext, 'now'>): Session {
  const attempt = session.attempts.find((a) => a.id === attemptId);
  if (!attempt || attempt.status !== 'AUTHORIZING' || !attempt.redirect || attempt.returnedAt !== undefined) return session;
  return replaceAttempt(session, { ...attempt, returnedAt: ctx.now, updatedAt: ctx.now });
}

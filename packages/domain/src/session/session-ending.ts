import { openDelivery } from '../notification/delivery-calendar';
import { buildSessionEndedPayload, sessionEndedNotificationId } from '../notification/session-ended.payload';
import { capturedAmount } from '../rules/coverage.rule';
import type { DomainContext } from './domain-context';
import type { Session, TerminalSessionStatus } from './session.model';

/** Keeps `captured` equal to what the order has taken; returns the same session when it already is. */
export function withCaptured(session: Session): Session {
  const captured = capturedAmount(session);
  return captured.amount === session.captured.amount ? session : { ...session, captured };
}

/**
 * Moves a session to a terminal status (the transition itself was checked by the caller through the
 * table): stamps `endedAt`, fixes `captured`, and when the session has a notification address owes
 * the session-ended message in the same value (the outbox), due now.
 */
export function endSession(session: Session, status: TerminalSessionStatus, ctx: DomainContext): Session {
  const { awaitingUntil: _bound, ...rest } = session;
  const ended = withCaptured({ ...rest, status, endedAt: ctx.now });
  if (!ended.notification) return ended;
  return {
    ...ended,
    notification: {
      ...ended.notification,
      delivery: openDelivery({ url: ended.notification.url, notificationId: sessionEndedNotificationId(ended), payload: buildSessionEndedPayload(ended) }, ctx.now),
    },
  };
}

import type { DriverAck } from '../psp/psp-driver.port';
import type { MethodOffer } from '../method/method';
import type { DomainPolicy } from './domain-context';
import { applyFact } from './apply-fact';
import { operationsOwedSince, recordDispatch } from './owed-operations';
import type { Session } from './session.model';
import { startAttempt } from './start-attempt';
import { aSession, authorized, card, ctxAt, T0, TEST_POLICY } from './session.fixture';

export const MIN = 60_000;
/** A card offer whose driver can look a follow-up up (its verdict, or a given-up operation's). */
export const lookedUp: MethodOffer = { ...card, capabilities: { ...card.capabilities, followUpLookup: true } };
/** Lookups 10 minutes after the answer, then an hour after that: the whole calendar. */
export const LOOKUP_POLICY: DomainPolicy = { ...TEST_POLICY, followUpLookupDelaysMs: [10 * MIN, 60 * MIN] };
/** When the capture's one send was answered. */
export const ANSWERED_AT = T0 + 1_000;

/**
 * A 100.00 card attempt authorized in full, so its capture is owed, and that capture's one send
 * answered `ack` at ANSWERED_AT under `policy`.
 */
export function captureAnswered(ack: DriverAck, options: { readonly offer?: MethodOffer; readonly policy?: DomainPolicy } = {}): { session: Session; captureId: string } {
  const ctx = ctxAt(ANSWERED_AT, options.policy ?? LOOKUP_POLICY);
  const a = startAttempt(aSession({ methods: [options.offer ?? lookedUp] }), { methodId: 'card', amount: 10_000 }, ctx);
  const covered = applyFact(a.session, authorized(a.transactionId, 10_000), ctx);
  const captureId = operationsOwedSince(a.session, covered)[0]!.transactionId;
  return { session: recordDispatch(covered, captureId, { ack, facts: [] }, ctx), captureId };
}

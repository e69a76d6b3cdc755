import {
  applyFact,
  markVerdictsOverdue,
  nextDueAt,
  operationsOwedSince,
  recordDispatch,
  settleGivenUpOperation,
  startAttempt,
  verdictsOverdueSince,
  type DomainPolicy,
  type MethodOffer,
  type Session,
} from '../index';
import { aSession, authorized, captured, card, ctxAt, T0, TEST_POLICY } from './session.fixture';

// D104: an operation pending at a PSP that nothing of ours looks up is alerted once, past the bound.
const MIN = 60_000;
const POLICY: DomainPolicy = { ...TEST_POLICY, dispatchRetryDelaysMs: [], verdictOverdueAlertMs: 60 * MIN };
const SENT_AT = T0 + 1_000;

/** A capture the PSP took without its verdict (`accepted`), on an offer that cannot look it up (Adyen's, D94). */
function captureAwaitingItsWebhook(offer: MethodOffer = card): { session: Session; captureId: string } {
  const ctx = ctxAt(SENT_AT, POLICY);
  const a = startAttempt(aSession({ methods: [offer] }), { methodId: 'card', amount: 10_000 }, ctx);
  const covered = applyFact(a.session, authorized(a.transactionId, 10_000), ctx);
  const captureId = operationsOwedSince(a.session, covered)[0]!.transactionId;
  const session = recordDispatch(covered, captureId, { ack: { outcome: 'accepted' }, facts: [] }, ctx);
  return { session, captureId };
}

describe('a verdict overdue at its PSP', () => {
  it('is due on the session at the bound after the send, and is marked only from then', () => {
    const { session, captureId } = captureAwaitingItsWebhook();
    expect(session.attempts[0]!.transactions.find((t) => t.id === captureId)!.dispatch).toMatchObject({ state: 'sent' });
    expect(nextDueAt(session, POLICY)).toBe(SENT_AT + 60 * MIN);
    // Without the policy (a caller that schedules nothing of the alert) the session is not due for it.
    expect(nextDueAt(session)).toBeUndefined();
    expect(markVerdictsOverdue(session, ctxAt(SENT_AT + 60 * MIN - 1, POLICY))).toBe(session);
  });

  it('marks the capture once, changing nothing else; the mark says which write raised it', () => {
    const { session, captureId } = captureAwaitingItsWebhook();
    const at = SENT_AT + 61 * MIN;
    const marked = markVerdictsOverdue(session, ctxAt(at, POLICY));
    expect(verdictsOverdueSince(session, marked)).toEqual([
      { attemptId: session.attempts[0]!.id, transactionId: captureId, type: 'capture', provider: 'fake', method: 'card', waitingSince: SENT_AT, alertedAt: at },
    ]);
    expect({ ...marked, attempts: [] }).toEqual({ ...session, attempts: [] });
    expect(marked.attempts[0]!.transactions.map((t) => [t.type, t.status.kind])).toEqual(session.attempts[0]!.transactions.map((t) => [t.type, t.status.kind]));
    // Marked: nothing more due for it, no second mark, no second alert.
    expect(nextDueAt(marked, POLICY)).toBeUndefined();
    expect(markVerdictsOverdue(marked, ctxAt(at + 24 * 60 * MIN, POLICY))).toBe(marked);
    expect(verdictsOverdueSince(marked, marked)).toEqual([]);
  });

  it('is not raised for a verdict that came in time', () => {
    const { session, captureId } = captureAwaitingItsWebhook();
    const paid = applyFact(session, captured(captureId), ctxAt(SENT_AT + 30 * MIN, POLICY));
    expect(paid.status).toBe('PAID');
    expect(markVerdictsOverdue(paid, ctxAt(SENT_AT + 120 * MIN, POLICY))).toBe(paid);
  });

  it('is not raised for an operation with lookups of its own: their end alerts (D89)', () => {
    const lookedUp: MethodOffer = { ...card, capabilities: { ...card.capabilities, followUpLookup: true } };
    const { session } = captureAwaitingItsWebhook(lookedUp);
    expect(markVerdictsOverdue(session, ctxAt(SENT_AT + 120 * MIN, POLICY))).toBe(session);
  });

  it('is raised for an opening still pending at its PSP past the bound, counted from its creation', () => {
    const ctx = ctxAt(T0, POLICY);
    const a = startAttempt(aSession({ methods: [card] }), { methodId: 'card', amount: 10_000 }, ctx);
    const marked = markVerdictsOverdue(a.session, ctxAt(T0 + 60 * MIN, POLICY));
    expect(verdictsOverdueSince(a.session, marked)).toEqual([expect.objectContaining({ transactionId: a.transactionId, type: 'authorization', waitingSince: T0 })]);
  });

  it('once alerted, may be settled by the operator (settle-operation); not before', () => {
    const { session, captureId } = captureAwaitingItsWebhook();
    const before = settleGivenUpOperation(session, captureId, 'succeeded', 'CAPTURED in the back office', ctxAt(SENT_AT + 59 * MIN, POLICY));
    expect(before).toEqual({ kind: 'refused', reason: 'not-given-up' });
    const alerted = markVerdictsOverdue(session, ctxAt(SENT_AT + 60 * MIN, POLICY));
    const settled = settleGivenUpOperation(alerted, captureId, 'succeeded', 'CAPTURED in the back office', ctxAt(SENT_AT + 61 * MIN, POLICY));
    expect(settled.kind === 'settled' && settled.session.status).toBe('PAID');
  });
});

import {
  abandonAttempt,
  abandonSession,
  applyFact,
  expireIfDue,
  markConfirmSent,
  markVerdictsOverdue,
  nextDueAt,
  operationsOwedSince,
  recordDispatch,
  settleGivenUpOperation,
  recordOpenOutcome,
  startAttempt,
  verdictsOverdueSince,
  type DomainPolicy,
  type MethodOffer,
  type Session,
} from '../index';
import { HOLD_CAPS } from '../testing';
import { aSession, authorized, captured, card, ctxAt, lenderPending, oney, paypal, T0, TEST_POLICY, TTL } from './session.fixture';

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

  describe('an opening nothing of which can hold money at its PSP is not alerted', () => {
    const applepay: MethodOffer = { id: 'applepay', method: 'applepay', provider: 'fake', capabilities: { ...HOLD_CAPS, confirm: true }, partialRefunds: true };

    /** An opening the PSP took (a redirect given to the payer), as the start door records it. */
    function redirectOpened(offer: MethodOffer): { session: Session; attemptId: string; transactionId: string } {
      const ctx = ctxAt(T0, POLICY);
      const a = startAttempt(aSession({ methods: [offer] }), { methodId: offer.id, amount: 10_000 }, ctx);
      const opened = recordOpenOutcome(a.session, a.attemptId, { ack: { outcome: 'accepted', providerRef: 'PSP-1' }, redirect: { kind: 'navigate', url: 'https://psp.example/pay' }, facts: [] }, ctx);
      return { session: opened, attemptId: a.attemptId, transactionId: a.transactionId };
    }

    function alertsAt(session: Session, at: number): ReturnType<typeof verdictsOverdueSince> {
      return verdictsOverdueSince(session, markVerdictsOverdue(session, ctxAt(at, POLICY)));
    }

    it('a redirect the payer abandoned (CANCELLED): neither scheduled nor marked', () => {
      const { session, attemptId } = redirectOpened(paypal);
      const abandoned = abandonAttempt(session, attemptId, ctxAt(T0 + MIN, POLICY));
      expect(abandoned.attempts[0]!.status).toBe('CANCELLED');
      expect(abandoned.attempts[0]!.transactions[0]!.status.kind).toBe('pending');
      expect(nextDueAt(abandoned, POLICY)).not.toBe(T0 + 60 * MIN);
      expect(markVerdictsOverdue(abandoned, ctxAt(T0 + 120 * MIN, POLICY))).toBe(abandoned);
    });

    it('an Apple Pay start never confirmed: nothing was sent to pay, so nothing is awaited', () => {
      const a = startAttempt(aSession({ methods: [applepay] }), { methodId: 'applepay', amount: 10_000 }, ctxAt(T0, POLICY));
      const opened = recordOpenOutcome(a.session, a.attemptId, { ack: { outcome: 'accepted' }, facts: [] }, ctxAt(T0, POLICY));
      expect(nextDueAt(opened, POLICY)).not.toBe(T0 + 60 * MIN);
      expect(markVerdictsOverdue(opened, ctxAt(T0 + 120 * MIN, POLICY))).toBe(opened);
      const abandoned = abandonAttempt(opened, a.attemptId, ctxAt(T0 + MIN, POLICY));
      expect(markVerdictsOverdue(abandoned, ctxAt(T0 + 120 * MIN, POLICY))).toBe(abandoned);
    });

    it('an Apple Pay confirmed: alerted, counted from the confirm (when the PSP was sent the payment)', () => {
      const a = startAttempt(aSession({ methods: [applepay] }), { methodId: 'applepay', amount: 10_000 }, ctxAt(T0, POLICY));
      const confirmAt = T0 + 10 * MIN;
      const confirmed = recordOpenOutcome(markConfirmSent(a.session, a.attemptId, 'applepay', ctxAt(confirmAt, POLICY)), a.attemptId, { ack: { outcome: 'accepted' }, facts: [] }, ctxAt(confirmAt, POLICY));
      expect(markVerdictsOverdue(confirmed, ctxAt(T0 + 60 * MIN, POLICY))).toBe(confirmed);
      expect(alertsAt(confirmed, confirmAt + 60 * MIN)).toEqual([expect.objectContaining({ transactionId: a.transactionId, method: 'applepay', waitingSince: confirmAt })]);
    });

    it('a studied file the payer abandoned: its opening is not alerted (the cancel owed is an operation of its own)', () => {
      const cancelling: MethodOffer = { ...oney, capabilities: { ...oney.capabilities, cancelsStudy: true } };
      const a = startAttempt(aSession({ methods: [cancelling] }), { methodId: cancelling.id, amount: 5_000, plan: { installments: 3, withFees: false } }, ctxAt(T0, POLICY));
      const studied = applyFact(a.session, lenderPending(a.transactionId), ctxAt(T0 + 1_000, POLICY));
      const aborted = abandonSession(studied, ctxAt(T0 + MIN, POLICY));
      expect(aborted.attempts[0]!.status).toBe('CANCELLED');
      expect(alertsAt(aborted, T0 + 120 * MIN).map((w) => w.type)).not.toContain('authorization');
    });
  });

  describe('an ended session keeps alerting an opening sent to its PSP: the ending released nothing of it', () => {
    it('expired while the payer never came back from the redirect: money may be held at the PSP', () => {
      const ctx = ctxAt(T0, POLICY);
      const a = startAttempt(aSession({ methods: [paypal] }), { methodId: paypal.id, amount: 10_000 }, ctx);
      const opened = recordOpenOutcome(a.session, a.attemptId, { ack: { outcome: 'accepted', providerRef: 'PSP-1' }, redirect: { kind: 'navigate', url: 'https://psp.example/pay' }, facts: [] }, ctx);
      const expired = expireIfDue(opened, ctxAt(T0 + TTL, POLICY));
      expect([expired.status, expired.attempts[0]!.status]).toEqual(['EXPIRED', 'AUTHORIZING']);
      const marked = markVerdictsOverdue(expired, ctxAt(T0 + 60 * MIN, POLICY));
      expect(verdictsOverdueSince(expired, marked)).toEqual([expect.objectContaining({ transactionId: a.transactionId, type: 'authorization', waitingSince: T0 })]);
    });

    it('aborted with an unconfirmed Apple Pay start: nothing to alert', () => {
      const applepay: MethodOffer = { id: 'applepay', method: 'applepay', provider: 'fake', capabilities: { ...HOLD_CAPS, confirm: true }, partialRefunds: true };
      const a = startAttempt(aSession({ methods: [applepay] }), { methodId: 'applepay', amount: 10_000 }, ctxAt(T0, POLICY));
      const aborted = abandonSession(a.session, ctxAt(T0 + MIN, POLICY));
      expect(aborted.status).toBe('ABORTED');
      expect(markVerdictsOverdue(aborted, ctxAt(T0 + 120 * MIN, POLICY))).toBe(aborted);
    });
  });
});

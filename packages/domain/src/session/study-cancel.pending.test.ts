import {
  abandonAttempt,
  abandonSession,
  applyFact,
  expireIfDue,
  nextDueAt,
  operationsOwedSince,
  overdueAuthorizations,
  owedOperations,
  recordDispatch,
  recordLookupOutcome,
  startAttempt,
  type MethodOffer,
  type Session,
} from '../index';
import { money } from '../money/money';
import { ALL_OFFERS, aSession, authorized, card, ctxAt, EUR, lenderPending, oney, T0, TEST_POLICY, TTL, voided } from './session.fixture';

/**
 * A file the lender studies on a PENDING session (its tranche does not cover the order, so the
 * session never waited in AWAITING): the service cancels it at its PSP when the session expires,
 * when the payer abandons the attempt or the payment, as the wait bound does (study-cancel.ts).
 */
const at = (now: number) => ctxAt(now, TEST_POLICY);
const plan = { installments: 3, withFees: false };
const STUDY = T0 + 1_000;
const EXPIRY = T0 + TTL;

const cancellable: MethodOffer = { ...oney, id: 'cancellable-lender', capabilities: { ...oney.capabilities, statusLookup: true, cancelsStudy: true } };
const uncancellable: MethodOffer = { ...oney, id: 'uncancellable-lender', capabilities: { ...oney.capabilities, statusLookup: true } };

/** An order of 100.00 of which the lender studies a tranche of 60.00 since STUDY: the session stays PENDING. */
function studiedTranche(offer: MethodOffer) {
  const s = aSession({ methods: [...ALL_OFFERS, cancellable, uncancellable] });
  const started = startAttempt(s, { methodId: offer.id, amount: 6_000, plan }, at(T0));
  const session = applyFact(started.session, lenderPending(started.transactionId), at(STUDY));
  expect(session).toMatchObject({ status: 'PENDING' });
  expect(session.attempts[0]).toMatchObject({ status: 'AUTHORIZING', lenderStudying: true });
  return { session, attemptId: started.attemptId, transactionId: started.transactionId };
}

const cancelOf = (s: Session) => s.attempts[0]!.transactions.find((t) => t.type === 'void')!;
const shapes = (s: Session) => s.attempts[0]!.transactions.map((t) => [t.type, t.status.kind]);

describe('the session expires while the lender studies a tranche', () => {
  it('EXPIRING: the attempt CANCELLED and one void of the studied file owed; nothing announced yet', () => {
    const { session, transactionId } = studiedTranche(cancellable);
    const expiring = expireIfDue(session, at(EXPIRY));
    expect(expiring).toMatchObject({ status: 'EXPIRING', captured: money(0, EUR) });
    expect(expiring).not.toHaveProperty('endedAt');
    expect(expiring.attempts[0]).toMatchObject({ status: 'CANCELLED' });
    expect(expiring.attempts[0]).not.toHaveProperty('lenderStudying');
    const owed = operationsOwedSince(session, expiring);
    expect(owed).toHaveLength(1);
    expect(owed[0]).toMatchObject({ type: 'void', amount: money(6_000, EUR), target: { transactionId } });
    expect(expiring.notification?.delivery).toBeUndefined();
  });

  it('the cancel goes through: EXPIRED, its opening closed, the ending announced once; nothing more due', () => {
    const { session } = studiedTranche(cancellable);
    const expiring = expireIfDue(session, at(EXPIRY));
    const cancel = cancelOf(expiring);
    const expired = recordDispatch(expiring, cancel.id, { ack: { outcome: 'accepted', httpStatus: 200 }, facts: [voided(cancel.id)] }, at(EXPIRY + 1));
    expect(expired).toMatchObject({ status: 'EXPIRED', endedAt: EXPIRY + 1, captured: money(0, EUR) });
    expect(shapes(expired)).toEqual([
      ['authorization', 'cancelled'],
      ['void', 'succeeded'],
    ]);
    expect(expired.notification?.delivery).toMatchObject({ notificationId: `${expired.id}:EXPIRED`, nextAttemptAt: EXPIRY + 1 });
    expect(expired.notification?.delivery?.payload).toMatchObject({ status: 'EXPIRED' });
    expect(overdueAuthorizations(expired, Number.MAX_SAFE_INTEGER)).toEqual([]);
    expect(nextDueAt({ ...expired, notification: undefined })).toBeUndefined();
    // A verdict arriving later changes nothing of the ending, and announces nothing more.
    const late = applyFact(expired, voided(cancel.id), at(EXPIRY + 2));
    expect(late.notification?.delivery).toEqual(expired.notification?.delivery);
  });

  it('the lender granted while the cancel was on its way: the cancel hands it back; EXPIRED once it answered', () => {
    const { session, transactionId } = studiedTranche(cancellable);
    const expiring = expireIfDue(session, at(EXPIRY));
    const granted = applyFact(expiring, authorized(transactionId, 6_000), at(EXPIRY + 1));
    expect(granted.status).toBe('EXPIRING');
    expect(owedOperations(granted, Number.MAX_SAFE_INTEGER).map((o) => o.transactionId)).toEqual([cancelOf(expiring).id]);
    const expired = recordDispatch(granted, cancelOf(granted).id, { ack: { outcome: 'accepted' }, facts: [voided(cancelOf(granted).id)] }, at(EXPIRY + 2));
    expect(expired).toMatchObject({ status: 'EXPIRED', captured: money(0, EUR) });
    expect(owedOperations(expired, Number.MAX_SAFE_INTEGER)).toEqual([]);
  });

  it('the PSP refuses the cancel: EXPIRED all the same, and the file is looked up soon', () => {
    const { session: studied, attemptId, transactionId } = studiedTranche(cancellable);
    // The study's first lookup (10 min) still said "studying": the next one falls after the expiry.
    const looked = recordLookupOutcome(studied, attemptId, { facts: [lenderPending(transactionId)], answered: true }, at(studied.attempts[0]!.verdictDueAt!));
    expect(looked.attempts[0]!.verdictDueAt).toBeGreaterThan(EXPIRY + TEST_POLICY.verdictOverdueMs);
    const expiring = expireIfDue(looked, at(EXPIRY));
    const cancel = cancelOf(expiring);
    const expired = recordDispatch(expiring, cancel.id, { ack: { outcome: 'rejected', httpStatus: 409 }, facts: [] }, at(EXPIRY + 1));
    expect(expired).toMatchObject({ status: 'EXPIRED', endedAt: EXPIRY + 1 });
    expect(expired.attempts[0]!.verdictDueAt).toBe(EXPIRY + 1 + TEST_POLICY.verdictOverdueMs);
    expect(expired.notification?.delivery?.payload).toMatchObject({ status: 'EXPIRED' });
  });

  it('a lookup made in the same turn as the refused cancel (its answer recorded after it) keeps the prompt lookup', () => {
    const { session, attemptId, transactionId } = studiedTranche(cancellable);
    // The expiry's turn also made the study's lookup due at 10 min: the cancel's answer is recorded first.
    const expiring = expireIfDue(session, at(EXPIRY));
    const refused = recordDispatch(expiring, cancelOf(expiring).id, { ack: { outcome: 'rejected', httpStatus: 409 }, facts: [] }, at(EXPIRY));
    const looked = recordLookupOutcome(refused, attemptId, { facts: [lenderPending(transactionId)], answered: true }, at(EXPIRY));
    expect(looked.status).toBe('EXPIRED');
    expect(looked.attempts[0]!.verdictDueAt).toBe(EXPIRY + TEST_POLICY.verdictOverdueMs);
  });

  it('a PSP that cannot cancel a studied file: EXPIRED at once, nothing owed, the file still looked up (as before)', () => {
    const { session } = studiedTranche(uncancellable);
    const expired = expireIfDue(session, at(EXPIRY));
    expect(expired).toMatchObject({ status: 'EXPIRED', endedAt: EXPIRY });
    expect(expired.attempts[0]).toMatchObject({ status: 'AUTHORIZING' });
    expect(operationsOwedSince(session, expired)).toEqual([]);
    expect(expired.attempts[0]!.verdictDueAt).toBeDefined();
  });
});

describe('the payer abandons a studied attempt', () => {
  it('the attempt CANCELLED, one void of the studied file owed; the session stays PENDING and another may start', () => {
    const { session, attemptId, transactionId } = studiedTranche(cancellable);
    const abandoned = abandonAttempt(session, attemptId, at(STUDY + 1));
    expect(abandoned).toMatchObject({ status: 'PENDING' });
    expect(abandoned.attempts[0]).toMatchObject({ status: 'CANCELLED' });
    const owed = operationsOwedSince(session, abandoned);
    expect(owed).toHaveLength(1);
    expect(owed[0]).toMatchObject({ type: 'void', amount: money(6_000, EUR), target: { transactionId } });
    expect(() => startAttempt(abandoned, { methodId: card.id, amount: 10_000 }, at(STUDY + 2))).not.toThrow();
  });

  it('the cancel goes through: the opening closed, nothing looked up; a refused one brings the next lookup forward', () => {
    const { session, attemptId } = studiedTranche(cancellable);
    const abandoned = abandonAttempt(session, attemptId, at(STUDY + 1));
    const cancel = cancelOf(abandoned);
    const done = recordDispatch(abandoned, cancel.id, { ack: { outcome: 'accepted' }, facts: [voided(cancel.id)] }, at(STUDY + 2));
    expect(shapes(done)).toEqual([
      ['authorization', 'cancelled'],
      ['void', 'succeeded'],
    ]);
    expect(overdueAuthorizations(done, Number.MAX_SAFE_INTEGER)).toEqual([]);
    const refused = recordDispatch(abandoned, cancel.id, { ack: { outcome: 'rejected', httpStatus: 409 }, facts: [] }, at(STUDY + 2));
    expect(refused.attempts[0]!.verdictDueAt).toBe(STUDY + 2 + TEST_POLICY.verdictOverdueMs);
  });

  it('a PSP that cannot cancel a studied file: CANCELLED, nothing owed, its verdict still looked up (as before)', () => {
    const { session, attemptId } = studiedTranche(uncancellable);
    const abandoned = abandonAttempt(session, attemptId, at(STUDY + 1));
    expect(abandoned.attempts[0]).toMatchObject({ status: 'CANCELLED' });
    expect(operationsOwedSince(session, abandoned)).toEqual([]);
    expect(abandoned.attempts[0]!.verdictDueAt).toBeDefined();
  });

  it('the payer abandons the payment: ABORTING with the cancel owed, ABORTED once it answered', () => {
    const { session } = studiedTranche(cancellable);
    const aborting = abandonSession(session, at(STUDY + 1));
    expect(aborting).toMatchObject({ status: 'ABORTING' });
    expect(operationsOwedSince(session, aborting).map((o) => o.type)).toEqual(['void']);
    const cancel = cancelOf(aborting);
    const aborted = recordDispatch(aborting, cancel.id, { ack: { outcome: 'accepted' }, facts: [voided(cancel.id)] }, at(STUDY + 2));
    expect(aborted).toMatchObject({ status: 'ABORTED', endedAt: STUDY + 2 });
    expect(aborted.notification?.delivery?.payload).toMatchObject({ status: 'ABORTED' });
  });
});

describe('a lookup after a refused cancel', () => {
  it('finds the grant: a void of its own is owed at once', () => {
    const { session, attemptId, transactionId } = studiedTranche(cancellable);
    const abandoned = abandonAttempt(session, attemptId, at(STUDY + 1));
    const refused = recordDispatch(abandoned, cancelOf(abandoned).id, { ack: { outcome: 'rejected', httpStatus: 409 }, facts: [] }, at(STUDY + 2));
    const due = refused.attempts[0]!.verdictDueAt!;
    const found = recordLookupOutcome(refused, attemptId, { facts: [authorized(transactionId, 6_000)], answered: true }, at(due));
    const voids = owedOperations(found, Number.MAX_SAFE_INTEGER);
    expect(voids).toHaveLength(1);
    expect(voids[0]).toMatchObject({ type: 'void', amount: money(6_000, EUR) });
    expect(voids[0]!.transactionId).not.toBe(cancelOf(abandoned).id);
  });
});

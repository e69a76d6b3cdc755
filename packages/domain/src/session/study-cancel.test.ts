import {
  applyFact,
  lookupsStoppedSince,
  nextDueAt,
  operationsOwedSince,
  overdueAuthorizations,
  owedOperations,
  recordDispatch,
  recordLookupOutcome,
  refuseAwaitingIfDue,
  startAttempt,
  type DomainPolicy,
  type MethodOffer,
  type PspFact,
  type Session,
} from '../index';
import { money } from '../money/money';
import { ALL_OFFERS, aSession, authorized, ctxAt, EUR, lenderPending, oney, T0, TEST_POLICY, voided } from './session.fixture';

/** The wait bound's refusal of a file the lender still studies, through the domain's public API. */
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const POLICY: DomainPolicy = {
  ...TEST_POLICY,
  lenderWaitMs: 10 * HOUR,
  lenderLookupDelaysMs: [HOUR],
  lenderBoundRetryDelaysMs: [MIN],
  lenderLookupAfterEndMs: 30 * DAY,
};
const at = (now: number) => ctxAt(now, POLICY);
const plan = { installments: 3, withFees: false };
const STUDY = T0 + 1_000;
const BOUND = STUDY + 10 * HOUR;

/** Financing whose PSP answers status queries and cancels a studied file (Oney). */
const cancellable: MethodOffer = { ...oney, id: 'cancellable-lender', capabilities: { ...oney.capabilities, statusLookup: true, cancelsStudy: true } };
/** The same without the cancel: the file stays open at the lender. */
const uncancellable: MethodOffer = { ...oney, id: 'uncancellable-lender', capabilities: { ...oney.capabilities, statusLookup: true } };
/** A lender that pushes its verdict (no status query) but cancels a studied file. */
const pushedCancellable: MethodOffer = { ...cancellable, id: 'pushed-cancellable', capabilities: { ...cancellable.capabilities, statusLookup: false } };

/** An order of 100.00 the lender studies in full since STUDY (AWAITING). */
function awaiting(offer: MethodOffer) {
  const s = aSession({ methods: [...ALL_OFFERS, cancellable, uncancellable, pushedCancellable] });
  const started = startAttempt(s, { methodId: offer.id, amount: 10_000, plan }, at(T0));
  const session = applyFact(started.session, lenderPending(started.transactionId), at(STUDY));
  return { session, attemptId: started.attemptId, transactionId: started.transactionId };
}

/** One worker turn at `now`: the bound, then each lookup due answered with `facts`. */
function turn(session: Session, now: number, facts: (tx: string) => PspFact[], answered = true): Session {
  let s = refuseAwaitingIfDue(session, at(now));
  for (const due of overdueAuthorizations(s, now)) s = recordLookupOutcome(s, due.attemptId, { facts: facts(due.transactionId), answered }, at(now));
  return s;
}
const studying = (tx: string) => [lenderPending(tx)];
const favorable = (tx: string) => [authorized(tx, 10_000)];

/** Every lookup up to the bound says the lender still studies. */
function atBound(offer: MethodOffer): { session: Session; transactionId: string } {
  const { session: start, transactionId } = awaiting(offer);
  let session = start;
  while (session.attempts[0]!.verdictDueAt! < BOUND) session = turn(session, session.attempts[0]!.verdictDueAt!, studying);
  return { session, transactionId };
}

/** The bound's last lookup still says "studying": the refusal. */
function refusedAtBound(offer: MethodOffer) {
  const { session, transactionId } = atBound(offer);
  return { before: session, ended: turn(session, BOUND, studying), transactionId };
}

const voidOf = (s: Session) => s.attempts[0]!.transactions.find((t) => t.type === 'void');

describe('the wait bound cancels a file the lender still studies (cancelsStudy)', () => {
  it('AWAITED_REFUSED with nothing taken, the attempt CANCELLED, and exactly one void of the studied file owed to the PSP', () => {
    const { before, ended, transactionId } = refusedAtBound(cancellable);
    expect(ended).toMatchObject({ status: 'AWAITED_REFUSED', endedAt: BOUND, captured: money(0, EUR) });
    expect(ended.attempts[0]).toMatchObject({ status: 'CANCELLED' });
    expect(ended.attempts[0]).not.toHaveProperty('lenderStudying');
    const owed = operationsOwedSince(before, ended);
    expect(owed).toHaveLength(1);
    expect(owed[0]).toMatchObject({ type: 'void', amount: money(10_000, EUR), target: { transactionId }, method: 'oney' });
    // The ending is announced once, as for any refusal, and shows the cancel on its way.
    expect(ended.notification?.delivery).toMatchObject({ notificationId: `${ended.id}:AWAITED_REFUSED`, nextAttemptAt: BOUND });
    expect(ended.notification?.delivery?.payload).toMatchObject({ status: 'AWAITED_REFUSED', captured: money(0, EUR) });
  });

  it('the PSP says the file is cancelled: its opening is closed, nothing is owed or looked up any more', () => {
    const { ended } = refusedAtBound(cancellable);
    const cancel = voidOf(ended)!;
    const done = recordDispatch(ended, cancel.id, { ack: { outcome: 'accepted', httpStatus: 200 }, facts: [voided(cancel.id)] }, at(BOUND + 1));
    expect(done.attempts[0]).toMatchObject({ status: 'CANCELLED' });
    expect(done.attempts[0]!.transactions.map((t) => [t.type, t.status.kind])).toEqual([
      ['authorization', 'cancelled'],
      ['void', 'succeeded'],
    ]);
    expect(done.attempts[0]).not.toHaveProperty('verdictDueAt');
    expect(owedOperations(done, Number.MAX_SAFE_INTEGER)).toEqual([]);
    expect(overdueAuthorizations(done, Number.MAX_SAFE_INTEGER)).toEqual([]);
    expect(nextDueAt({ ...done, notification: { url: 'https://merchant.example/hook' } })).toBeUndefined();
  });

  it('the lender granted while the cancel was on its way: the cancel hands it back, nothing more is owed', () => {
    const { ended } = refusedAtBound(cancellable);
    const granted = applyFact(ended, authorized(ended.attempts[0]!.transactions[0]!.id, 10_000), at(BOUND + 1));
    expect(granted.status).toBe('AWAITED_REFUSED');
    expect(owedOperations(granted, Number.MAX_SAFE_INTEGER).map((o) => o.transactionId)).toEqual([voidOf(ended)!.id]);
    const cancel = voidOf(granted)!;
    const done = recordDispatch(granted, cancel.id, { ack: { outcome: 'accepted' }, facts: [voided(cancel.id)] }, at(BOUND + 2));
    expect(done.attempts[0]).toMatchObject({ status: 'CANCELLED' });
    expect(done.attempts[0]!.transactions.map((t) => [t.type, t.status.kind])).toEqual([
      ['authorization', 'succeeded'],
      ['void', 'succeeded'],
    ]);
    expect(owedOperations(done, Number.MAX_SAFE_INTEGER)).toEqual([]);
    expect(done.captured).toEqual(money(0, EUR));
  });

  it('the PSP refuses the cancel: the file is looked up soon, and a grant found then is handed back by a void of its own', () => {
    const { ended } = refusedAtBound(cancellable);
    const cancel = voidOf(ended)!;
    expect(ended.attempts[0]!.verdictDueAt).toBeGreaterThan(BOUND + 1 + POLICY.verdictOverdueMs);
    const refused = recordDispatch(ended, cancel.id, { ack: { outcome: 'rejected', httpStatus: 409, code: 'not-cancellable' }, facts: [] }, at(BOUND + 1));
    expect(voidOf(refused)!.status.kind).toBe('failed');
    // The lender most likely decided meanwhile: not the backed-off lookup (days away), one after verdictOverdueMs.
    const due = refused.attempts[0]!.verdictDueAt!;
    expect(due).toBe(BOUND + 1 + POLICY.verdictOverdueMs);
    const late = turn(refused, due, favorable);
    const voids = owedOperations(late, Number.MAX_SAFE_INTEGER);
    expect(voids).toHaveLength(1);
    expect(voids[0]).toMatchObject({ type: 'void', amount: money(10_000, EUR) });
    expect(voids[0]!.transactionId).not.toBe(cancel.id);
  });

  it("the cancel's answer says the lender granted (the grant before the failed void): a void of its own owed at once, nothing looked up", () => {
    const { ended, transactionId } = refusedAtBound(cancellable);
    const cancel = voidOf(ended)!;
    const facts = [authorized(transactionId, 10_000), voided(cancel.id, false)];
    // The writer sends the cancel right after the save that owed it: its answer may come at the same instant.
    let n = 0;
    const sameInstant = { ...at(BOUND), newId: () => `0190a000-0000-7000-8000-ffffff${(++n).toString(16).padStart(6, '0')}` };
    const granted = recordDispatch(ended, cancel.id, { ack: { outcome: 'accepted', code: 'FAVORABLE' }, facts }, sameInstant);
    const owed = operationsOwedSince(ended, granted);
    expect(owed).toHaveLength(1);
    expect(owed[0]).toMatchObject({ type: 'void', amount: money(10_000, EUR) });
    expect(granted.attempts[0]).toMatchObject({ status: 'CANCELLED' });
    expect(overdueAuthorizations(granted, Number.MAX_SAFE_INTEGER)).toEqual([]);
    expect(granted.captured).toEqual(money(0, EUR));
  });

  it('a cancel given up (no usable answer after its retries) stays pending and also brings the next lookup forward', () => {
    const { ended } = refusedAtBound(cancellable);
    const cancel = voidOf(ended)!;
    let s = ended;
    let now = BOUND;
    for (const delay of [0, ...POLICY.dispatchRetryDelaysMs]) {
      now += delay + 1;
      s = recordDispatch(s, cancel.id, { ack: { outcome: 'unknown' }, facts: [] }, at(now));
    }
    expect(voidOf(s)!).toMatchObject({ status: { kind: 'pending' }, dispatch: { state: 'given-up' } });
    expect(s.attempts[0]!.verdictDueAt).toBe(now + POLICY.verdictOverdueMs);
  });

  it('a lender that pushes its verdict: the bound alone refuses, and cancels the file all the same', () => {
    const { session } = awaiting(pushedCancellable);
    const ended = refuseAwaitingIfDue(session, at(BOUND));
    expect(ended.status).toBe('AWAITED_REFUSED');
    expect(operationsOwedSince(session, ended).map((o) => o.type)).toEqual(['void']);
  });

  it('a PSP that cannot cancel a studied file: nothing is owed, the file is looked up (as before)', () => {
    const { before, ended } = refusedAtBound(uncancellable);
    expect(ended.status).toBe('AWAITED_REFUSED');
    expect(ended.attempts[0]).toMatchObject({ status: 'AUTHORIZING' });
    expect(operationsOwedSince(before, ended)).toEqual([]);
    expect(ended.attempts[0]!.verdictDueAt).toBeGreaterThan(BOUND);
  });
});

describe('lookups of a file whose session ended stop after lenderLookupAfterEndMs', () => {
  /** Every lookup after the ending still says "studying" until none is scheduled. */
  function lookUpUntilStopped(ended: Session): { session: Session; times: number[] } {
    let session = ended;
    const times: number[] = [];
    for (let i = 0; i < 20 && session.attempts[0]!.verdictDueAt !== undefined; i++) {
      const due = session.attempts[0]!.verdictDueAt!;
      times.push(due);
      session = turn(session, due, studying);
    }
    return { session, times };
  }

  it('backs off, the last lookup brought back to the deadline; then none is scheduled and the attempt records it', () => {
    const { ended } = refusedAtBound(uncancellable);
    const { session, times } = lookUpUntilStopped(ended);
    const deadline = BOUND + 30 * DAY;
    expect(times[times.length - 1]).toBe(deadline);
    expect(times.every((t) => t <= deadline)).toBe(true);
    expect(times.length).toBeLessThan(10);
    expect(session.attempts[0]).not.toHaveProperty('verdictDueAt');
    expect(session.attempts[0]).toMatchObject({ lookupsStoppedAt: deadline });
    expect(session.attempts[0]!.transactions[0]!.status).toMatchObject({ kind: 'pending', statusMessage: expect.stringMatching(/stopped looking it up/) });
    expect(overdueAuthorizations(session, Number.MAX_SAFE_INTEGER)).toEqual([]);
    expect(nextDueAt({ ...session, notification: undefined })).toBeUndefined();
  });

  it('reports the stop once: for the write that stopped the lookups only', () => {
    const { ended } = refusedAtBound(uncancellable);
    const { session } = lookUpUntilStopped(ended);
    const beforeStop = { ...session, attempts: session.attempts.map(({ lookupsStoppedAt: _s, ...a }) => a) };
    expect(lookupsStoppedSince(beforeStop, session)).toEqual([
      { attemptId: session.attempts[0]!.id, transactionId: session.attempts[0]!.transactions[0]!.id, provider: 'fake', method: 'oney' },
    ]);
    expect(lookupsStoppedSince(session, session)).toEqual([]);
  });

  it('a cancel the PSP refused: the fallback lookups stop at the same deadline', () => {
    const { ended } = refusedAtBound(cancellable);
    const cancel = voidOf(ended)!;
    const refused = recordDispatch(ended, cancel.id, { ack: { outcome: 'rejected', httpStatus: 409 }, facts: [] }, at(BOUND + 1));
    const { session, times } = lookUpUntilStopped(refused);
    expect(times[times.length - 1]).toBe(BOUND + 30 * DAY);
    expect(session.attempts[0]).toMatchObject({ status: 'CANCELLED', lookupsStoppedAt: BOUND + 30 * DAY });
  });

  it('a window of zero: no lookup at all after the refusal', () => {
    const { session, transactionId } = atBound(uncancellable);
    const zero = { ...POLICY, lenderLookupAfterEndMs: 0 };
    const stopped = recordLookupOutcome(session, session.attempts[0]!.id, { facts: studying(transactionId), answered: true }, ctxAt(BOUND, zero));
    expect(stopped).toMatchObject({ status: 'AWAITED_REFUSED' });
    expect(stopped.attempts[0]).toMatchObject({ lookupsStoppedAt: BOUND });
    expect(stopped.attempts[0]).not.toHaveProperty('verdictDueAt');
  });
});

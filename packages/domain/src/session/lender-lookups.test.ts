import type { MethodOffer } from '../method/method';
import { money } from '../money/money';
import type { PspFact } from '../psp/psp-fact';
import { applyFact } from './apply-fact';
import type { DomainPolicy } from './domain-context';
import { overdueAuthorizations, recordLookupOutcome } from './overdue';
import { owedOperations } from './owed-operations';
import { nextDueAt } from './schedule';
import { ALL_OFFERS, aSession, authorized, ctxAt, declined, EUR, lenderPending, oney, pushedOney, T0, TEST_POLICY } from './session.fixture';
import type { Session } from './session.model';
import { startAttempt } from './start-attempt';
import { refuseAwaitingIfDue } from './timeouts';

/** Financing whose PSP answers status queries (any such provider, Oney's included). */
const lookedUpLender: MethodOffer = { ...oney, id: 'looked-up-lender', capabilities: { ...oney.capabilities, statusLookup: true } };
const MIN = 60_000;
const HOUR = 60 * MIN;
const POLICY: DomainPolicy = {
  ...TEST_POLICY,
  lenderWaitMs: 10 * HOUR,
  lenderLookupDelaysMs: [10 * MIN, HOUR, 3 * HOUR],
  lenderBoundRetryDelaysMs: [MIN, 5 * MIN],
};
const plan = { installments: 3, withFees: false };
const at = (now: number) => ctxAt(now, POLICY);
const STUDY = T0 + 1_000;

/** An order of 100.00 financed by the lender in full, the lender studying it since STUDY (AWAITING). */
function awaiting(methodId = lookedUpLender.id) {
  const s = aSession({ methods: [...ALL_OFFERS, lookedUpLender, pushedOney] });
  const started = startAttempt(s, { methodId, amount: 10_000, plan }, at(T0));
  const session = applyFact(started.session, lenderPending(started.transactionId), at(STUDY));
  return { session, attemptId: started.attemptId, transactionId: started.transactionId };
}

/** One turn of the worker at `now`: the bound first, then the lookups due, each answered by `answer`. */
function turn(session: Session, now: number, answer: { facts: (tx: string) => PspFact[]; answered: boolean }): Session {
  const ctx = at(now);
  let s = refuseAwaitingIfDue(session, ctx);
  for (const due of overdueAuthorizations(s, now)) s = recordLookupOutcome(s, due.attemptId, { facts: answer.facts(due.transactionId), answered: answer.answered }, ctx);
  return s;
}
const stillStudying = { facts: (tx: string) => [lenderPending(tx)], answered: true };
const favorable = { facts: (tx: string) => [authorized(tx, 10_000)], answered: true };
const refused = { facts: (tx: string) => [declined(tx)], answered: true };
const noAnswer = { facts: () => [], answered: false };

describe('lookups of a file a lender studies (PSP with statusLookup)', () => {
  it('AWAITING schedules a lookup after the cadence first delay; it is the session due time', () => {
    const { session, attemptId, transactionId } = awaiting();
    expect(session.status).toBe('AWAITING');
    expect(session.attempts[0]).toMatchObject({ lenderStudying: true, verdictDueAt: STUDY + 10 * MIN, lenderLookups: { made: 0, unansweredAtBound: 0 } });
    expect(nextDueAt(session)).toBe(STUDY + 10 * MIN);
    expect(overdueAuthorizations(session, STUDY + 10 * MIN - 1)).toEqual([]);
    expect(overdueAuthorizations(session, STUDY + 10 * MIN)).toMatchObject([{ attemptId, transactionId, provider: 'fake', method: 'oney' }]);
  });

  it('without statusLookup nothing is looked up: the bound alone decides', () => {
    const { session } = awaiting(pushedOney.id);
    expect(session.attempts[0]?.verdictDueAt).toBeUndefined();
    expect(session.attempts[0]?.lenderLookups).toBeUndefined();
    expect(nextDueAt(session)).toBe(STUDY + 10 * HOUR);
    expect(refuseAwaitingIfDue(session, at(STUDY + 10 * HOUR)).status).toBe('AWAITED_REFUSED');
  });

  it('a lookup saying the lender still studies backs off along the cadence, its last delay repeating, never past the bound', () => {
    let { session } = awaiting();
    const dueTimes: number[] = [];
    for (let i = 0; i < 4; i++) {
      const due = session.attempts[0]!.verdictDueAt!;
      session = turn(session, due, stillStudying);
      dueTimes.push(session.attempts[0]!.verdictDueAt! - due);
    }
    // Lookups at STUDY + 10 min, 1h10, 4h10, 7h10 (3 h repeating); the next, at 10h10, is brought back to the bound.
    expect(dueTimes).toEqual([HOUR, 3 * HOUR, 3 * HOUR, 2 * HOUR + 50 * MIN]);
    expect(session.attempts[0]!.verdictDueAt).toBe(STUDY + 10 * HOUR);
    expect(session.status).toBe('AWAITING');
    expect(session.attempts[0]?.lenderLookups?.made).toBe(4);
  });

  it('a lookup saying FAVORABLE ends the wait: the hold is captured, no lookup is due any more', () => {
    const { session } = awaiting();
    const accepted = turn(session, STUDY + 10 * MIN, favorable);
    expect(accepted.status).toBe('CAPTURING');
    expect(accepted.awaitingUntil).toBeUndefined();
    expect(owedOperations(accepted, Number.MAX_SAFE_INTEGER).map((o) => o.type)).toEqual(['capture']);
    expect(accepted.attempts[0]).not.toHaveProperty('verdictDueAt');
    expect(accepted.attempts[0]).not.toHaveProperty('lenderLookups');
  });

  it('a lookup saying REFUSED ends the session AWAITED_REFUSED', () => {
    const { session } = awaiting();
    const refusedSession = turn(session, STUDY + 10 * MIN, refused);
    expect(refusedSession).toMatchObject({ status: 'AWAITED_REFUSED', captured: money(0, EUR) });
  });

  it('a lookup that learned nothing before the bound keeps the cadence', () => {
    const { session } = awaiting();
    const next = turn(session, STUDY + 10 * MIN, noAnswer);
    expect(next.status).toBe('AWAITING');
    expect(next.attempts[0]?.verdictDueAt).toBe(STUDY + 10 * MIN + HOUR);
  });
});

describe('the last lookup at the wait bound', () => {
  /** The session at its bound: every lookup before it said the lender still studies. */
  function atBound(): Session {
    let { session } = awaiting();
    while (session.attempts[0]!.verdictDueAt! < STUDY + 10 * HOUR) session = turn(session, session.attempts[0]!.verdictDueAt!, stillStudying);
    return session;
  }
  const BOUND = STUDY + 10 * HOUR;

  it('the bound waits for the last lookup instead of refusing by itself', () => {
    const session = atBound();
    expect(session.awaitingUntil).toBe(BOUND);
    expect(nextDueAt(session)).toBe(BOUND);
    expect(refuseAwaitingIfDue(session, at(BOUND))).toBe(session);
    expect(overdueAuthorizations(session, BOUND)).toHaveLength(1);
  });

  it('the last lookup says FAVORABLE: the order is captured (PAID path), not refused', () => {
    const accepted = turn(atBound(), BOUND, favorable);
    expect(accepted.status).toBe('CAPTURING');
    expect(owedOperations(accepted, Number.MAX_SAFE_INTEGER).map((o) => o.type)).toEqual(['capture']);
  });

  it('the last lookup says the lender still studies: AWAITED_REFUSED at the bound', () => {
    const ended = turn(atBound(), BOUND, stillStudying);
    expect(ended).toMatchObject({ status: 'AWAITED_REFUSED', endedAt: BOUND, captured: money(0, EUR) });
    // Still looked up afterwards, backing off, so that a late grant is found and handed back.
    expect(ended.attempts[0]!.verdictDueAt!).toBeGreaterThan(BOUND + POLICY.verdictOverdueMs);
    const lateGrant = turn(ended, ended.attempts[0]!.verdictDueAt!, favorable);
    expect(lateGrant.status).toBe('AWAITED_REFUSED');
    expect(owedOperations(lateGrant, Number.MAX_SAFE_INTEGER).map((o) => o.type)).toEqual(['void']);
  });

  it('the last lookup says REFUSED: AWAITED_REFUSED', () => {
    expect(turn(atBound(), BOUND, refused).status).toBe('AWAITED_REFUSED');
  });

  it('no answer at the bound: the last lookup is tried again after each retry delay, then the session is refused', () => {
    const first = turn(atBound(), BOUND, noAnswer);
    expect(first.status).toBe('AWAITING');
    expect(first.attempts[0]).toMatchObject({ verdictDueAt: BOUND + MIN, lenderLookups: { unansweredAtBound: 1 } });
    expect(nextDueAt(first)).toBe(BOUND + MIN);
    expect(refuseAwaitingIfDue(first, at(BOUND + MIN))).toBe(first);
    const second = turn(first, BOUND + MIN, noAnswer);
    expect(second.attempts[0]).toMatchObject({ verdictDueAt: BOUND + 6 * MIN, lenderLookups: { unansweredAtBound: 2 } });
    expect(turn(second, BOUND + 6 * MIN, noAnswer).status).toBe('AWAITED_REFUSED');
  });

  it('a retry of the last lookup that gets FAVORABLE still pays the order', () => {
    const first = turn(atBound(), BOUND, noAnswer);
    expect(turn(first, BOUND + MIN, favorable).status).toBe('CAPTURING');
  });
});

describe('a lookup that learns the lender studies the file', () => {
  it('begins the study: the overdue lookup gives way to the cadence, from its first delay', () => {
    const s = aSession({ methods: [...ALL_OFFERS, lookedUpLender] });
    const started = startAttempt(s, { methodId: lookedUpLender.id, amount: 10_000, plan }, at(T0));
    const overdue = started.session.attempts[0]!.verdictDueAt!;
    const studied = turn(started.session, overdue, stillStudying);
    expect(studied.status).toBe('AWAITING');
    expect(studied.attempts[0]).toMatchObject({ verdictDueAt: overdue + 10 * MIN, lenderLookups: { made: 0 } });
  });
});

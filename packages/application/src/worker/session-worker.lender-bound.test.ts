import {
  DEFAULT_POLICY,
  applyFact,
  money,
  nextDueAt,
  PLAIN_HOLD_CAPABILITIES,
  recordOpenOutcome,
  startAttempt,
  type DriverCapabilities,
  type FollowUpInput,
  type LookupInput,
  type MethodOffer,
  type OperationOutput,
  type PspDriver,
  type Session,
} from '@splitpay/domain';
import { dispatchingCore, sessionWorkerOn, type DispatchingCore } from '../testing/dispatching.fixture';
import type { SessionWorker } from './session-worker';

const DAY = 24 * 3600_000;
const FINANCING: DriverCapabilities = { ...PLAIN_HOLD_CAPABILITIES, financing: true, redirect: true, cancelsStudy: true };

/**
 * A lender's driver: every lookup says the file is still studied (or, with `grantsOnceCancelled`, that
 * it was granted once a cancel was refused); each cancel (void) answers `voidAnswer`.
 */
class StudyingLender implements Partial<PspDriver> {
  readonly provider = 'fake';
  readonly method = 'oney' as const;
  readonly capabilities = FINANCING;
  readonly voids: string[] = [];
  lookups = 0;
  constructor(
    private readonly voidAnswer: OperationOutput['ack'],
    private readonly grantsOnceCancelled = false,
  ) {}
  async lookup(input: LookupInput): Promise<OperationOutput> {
    this.lookups++;
    const ack = { outcome: 'accepted', httpStatus: 200 } as const;
    if (this.grantsOnceCancelled && this.voids.length > 0) return { ack, facts: [{ kind: 'authorized', ref: input.target, granted: input.amount }] };
    return { ack, facts: [{ kind: 'lender-pending', ref: input.target }] };
  }
  async void(input: FollowUpInput): Promise<OperationOutput> {
    this.voids.push(input.transactionId);
    const done = this.voidAnswer.outcome === 'accepted';
    return { ack: this.voidAnswer, facts: done ? [{ kind: 'voided', success: true, ref: { transactionId: input.transactionId } }] : [] };
  }
}

const offer: MethodOffer = {
  id: 'oney',
  method: 'oney',
  provider: 'fake',
  capabilities: FINANCING,
  partialRefunds: true,
  plans: [{ installments: 3, withFees: false, minAmount: 100, maxAmount: 300_000 }],
};

/**
 * A stored session of 100.00 the lender studies: in full by default (AWAITING, its wait bound 7 days
 * away), or a tranche of `amount` (the session stays PENDING until it expires).
 */
async function awaitingSession(core: DispatchingCore, amount = 10_000): Promise<Session> {
  // Financing sends the payer to the lender's page: its session carries the way back (D61).
  const pending: Session = { ...core.factory.pending({ total: 10_000 }), methods: [offer], returnUrl: 'https://shop.example/back' };
  const started = startAttempt(pending, { methodId: 'oney', amount, plan: { installments: 3, withFees: false } }, core.factory.ctx());
  const opened = recordOpenOutcome(started.session, started.attemptId, { ack: { outcome: 'accepted', providerRef: 'CMDE|1' }, facts: [] }, core.factory.ctx());
  const studied = applyFact(opened, { kind: 'lender-pending', ref: { transactionId: started.transactionId } }, core.factory.ctx());
  expect(studied.status).toBe(amount === 10_000 ? 'AWAITING' : 'PENDING');
  await core.stores.sessions.insert({ ...studied, version: 1, dueAt: nextDueAt(studied) });
  return studied;
}

const voidsOf = (s: Session) => s.attempts[0]!.transactions.filter((t) => t.type === 'void');

/** Runs the worker at each instant the session falls due, until `done` holds (or nothing is due). */
async function runUntil(core: DispatchingCore, worker: SessionWorker, id: Session['id'], done: (s: Session) => boolean): Promise<Session> {
  for (let i = 0; i < 200; i++) {
    const session = (await core.stores.sessions.findById(id))!;
    if (done(session) || session.dueAt === undefined) return session;
    core.clock.set(Math.max(core.clock.now(), session.dueAt));
    await worker.runOnce();
  }
  throw new Error('the session never reached the expected state');
}

/**
 * The ended session's studied file was cancelled by exactly one void that went through, and nothing
 * is sent or looked up afterwards, however long the worker runs.
 */
async function expectOneCancelThenQuiet(core: DispatchingCore, worker: SessionWorker, driver: StudyingLender, ended: Session): Promise<void> {
  expect(driver.voids).toHaveLength(1);
  expect(ended.attempts[0]).toMatchObject({ status: 'CANCELLED' });
  expect(ended.attempts[0]!.transactions.map((t) => [t.type, t.status.kind])).toEqual([
    ['authorization', 'cancelled'],
    ['void', 'succeeded'],
  ]);
  const lookupsAtEnd = driver.lookups;
  core.clock.advance(60 * DAY);
  await worker.runOnce();
  expect(driver.voids).toHaveLength(1);
  expect(driver.lookups).toBe(lookupsAtEnd);
  expect((await core.stores.sessions.findById(ended.id))!.dueAt).toBeUndefined();
}

describe('SessionWorker: the lender wait bound', () => {
  it('refuses the session at the bound and sends exactly one cancel of the studied file; once it went through, nothing more is looked up', async () => {
    const driver = new StudyingLender({ outcome: 'accepted', httpStatus: 200, code: 'CANCELLED' });
    const core = dispatchingCore([driver]);
    const worker = sessionWorkerOn(core, 'test-worker');
    const session = await awaitingSession(core);
    const ended = await runUntil(core, worker, session.id, (s) => s.status === 'AWAITED_REFUSED');
    expect(ended.endedAt).toBe(session.awaitingUntil);
    await expectOneCancelThenQuiet(core, worker, driver, ended);
  });

  it('a cancel the PSP refuses: the file is looked up until lenderLookupAfterEndMs past the ending, then the stop is logged once at warn', async () => {
    const driver = new StudyingLender({ outcome: 'rejected', httpStatus: 409, code: 'not-cancellable' });
    const core = dispatchingCore([driver]);
    const worker = sessionWorkerOn(core, 'test-worker');
    const session = await awaitingSession(core);
    const ended = await runUntil(core, worker, session.id, (s) => s.status === 'AWAITED_REFUSED');
    expect(driver.voids).toHaveLength(1);
    const lookupsAtEnd = driver.lookups;
    const stopped = await runUntil(core, worker, session.id, (s) => s.attempts[0]!.lookupsStoppedAt !== undefined);
    const deadline = ended.endedAt! + DEFAULT_POLICY.lenderLookupAfterEndMs;
    expect(stopped.attempts[0]).toMatchObject({ status: 'CANCELLED', lookupsStoppedAt: deadline });
    expect(driver.lookups).toBeGreaterThan(lookupsAtEnd);
    expect(core.clock.now()).toBe(deadline);
    const warnings = core.logger.named('psp.verdict_lookups_stopped');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ level: 'warn', fields: { sessionId: session.id, attemptId: stopped.attempts[0]!.id, provider: 'fake' } });
    const lookupsAtStop = driver.lookups;
    core.clock.advance(365 * DAY);
    await worker.runOnce();
    expect(driver.lookups).toBe(lookupsAtStop);
    expect(core.logger.named('psp.verdict_lookups_stopped')).toHaveLength(1);
  });

  it('a cancel the PSP refuses: the file is looked up verdictOverdueMs later, and the grant it finds is handed back at once', async () => {
    const driver = new StudyingLender({ outcome: 'rejected', httpStatus: 409, code: 'not-cancellable' }, true);
    const core = dispatchingCore([driver]);
    const worker = sessionWorkerOn(core, 'test-worker');
    const session = await awaitingSession(core);
    const ended = await runUntil(core, worker, session.id, (s) => s.status === 'AWAITED_REFUSED');
    expect(driver.voids).toHaveLength(1);
    const handedBack = await runUntil(core, worker, session.id, (s) => voidsOf(s).length === 2);
    expect(core.clock.now()).toBe(ended.endedAt! + DEFAULT_POLICY.verdictOverdueMs);
    expect(driver.voids).toHaveLength(2);
    expect(handedBack.attempts[0]!.transactions[0]!.status.kind).toBe('succeeded');
  });
});

/** A lender whose every lookup grants the file in USD (the session is in EUR): a status the service cannot weigh (D132). */
class ForeignGrantingLender extends StudyingLender {
  override async lookup(input: LookupInput): Promise<OperationOutput> {
    this.lookups++;
    return { ack: { outcome: 'accepted', httpStatus: 200 }, facts: [{ kind: 'authorized', ref: input.target, granted: money(input.amount.amount, 'USD') }] };
  }
}

describe('SessionWorker: a lender whose lookups grant in another currency (D132)', () => {
  it('applies no grant; at the bound such a lookup counts as no answer: tried again after each retry delay, then the session is refused', async () => {
    const driver = new ForeignGrantingLender({ outcome: 'accepted', httpStatus: 200, code: 'CANCELLED' });
    const core = dispatchingCore([driver]);
    const worker = sessionWorkerOn(core, 'test-worker');
    const session = await awaitingSession(core);
    const ended = await runUntil(core, worker, session.id, (s) => s.status === 'AWAITED_REFUSED');
    const retries = DEFAULT_POLICY.lenderBoundRetryDelaysMs;
    expect(ended.endedAt).toBe(session.awaitingUntil! + retries.reduce((a, b) => a + b, 0));
    expect(core.logger.named('session_worker.turn_failed')).toEqual([]);
    expect(core.logger.named('psp.grant_currency_mismatch').length).toBe(driver.lookups);
    await expectOneCancelThenQuiet(core, worker, driver, ended);
  });
});

describe('SessionWorker: the expiry of a session whose tranche the lender studies', () => {
  it('sends exactly one cancel of the studied file in the expiry turn; the session ends EXPIRED once it went through', async () => {
    const driver = new StudyingLender({ outcome: 'accepted', httpStatus: 200, code: 'CANCELLED' });
    const core = dispatchingCore([driver]);
    const worker = sessionWorkerOn(core, 'test-worker');
    const session = await awaitingSession(core, 6_000);
    core.clock.set(session.expiresAt);
    const expired = await runUntil(core, worker, session.id, (s) => s.status === 'EXPIRED');
    expect(expired.endedAt).toBe(session.expiresAt);
    await expectOneCancelThenQuiet(core, worker, driver, expired);
  });
});

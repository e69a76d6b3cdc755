import fc from 'fast-check';
import type { Attempt } from '../attempt/attempt.model';
import type { MethodOffer } from '../method/method';
import { DomainError } from '../errors/domain-error';
import { money } from '../money/money';
import type { PspFact } from '../psp/psp-fact';
import { refundable } from '../rules/refundable.rule';
import { isAwaitingPartialDecision } from '../rules/partial-grant.rule';
import { remainingBalance } from '../rules/remaining-balance.rule';
import type { VerdictKind } from '../transaction/transaction.model';
import { requestRefund } from '../refund/request-refund';
import { attemptMachine, ATTEMPT_TRANSITIONS } from '../attempt/attempt.state';
import { transactionMachine, TRANSACTION_TRANSITIONS } from '../transaction/transaction.state';
import { applyFact } from './apply-fact';
import type { DomainContext } from './domain-context';
import { recordLookupOutcome } from './overdue';
import { owedOperations, recordDispatch } from './owed-operations';
import { acceptPartial } from './partial-decision';
import { abandonAttempt, abandonSession, cancelAttempt } from './payer-decisions';
import { ALL_OFFERS, ancv, aSession, card, EUR, oney, T0, TEST_POLICY, TTL } from './session.fixture';
import type { Session, SessionStatus } from './session.model';
import { isTerminalSessionStatus, sessionMachine, SESSION_TRANSITIONS } from './session.state';
import type { StateMachine, TransitionTable } from '../shared/state-machine';
import { startAttempt } from './start-attempt';
import { acceptTerms } from './terms';
import { expireIfDue, refuseAwaitingIfDue } from './timeouts';

/** A direct payment its PSP can only void the same day (no refund): a taken sale handed back by a void. */
const voidableSale: MethodOffer = {
  ...ancv,
  id: 'voidable-sale',
  capabilities: { ...ancv.capabilities, payerChosenPartial: false, refund: false, void: true },
  range: undefined,
};
/** Financing whose lender pays the merchant at once (a direct payment after the study). */
const financedSale: MethodOffer = { ...oney, id: 'financed-sale', capabilities: { ...oney.capabilities, operation: 'payment' } };
const OFFERS: readonly MethodOffer[] = [...ALL_OFFERS, voidableSale, financedSale];
const CARD = OFFERS.indexOf(card);
const VOIDABLE_SALE = OFFERS.indexOf(voidableSale);

/** The system under test: one session value, rewritten by every command. */
interface Real {
  session: Session;
}
/** What the model remembers to check the invariants across steps. */
interface Model {
  now: number;
  ids: number;
  endedAs?: SessionStatus;
  endedAt?: number;
  finalVerdicts: Map<string, VerdictKind>;
  /** The updatedAt of each operation once final: its verdict instant, never moved again (the contract). */
  verdictInstants: Map<string, number>;
  facts: PspFact[];
}

function context(model: Model): DomainContext {
  return { now: model.now, policy: TEST_POLICY, newId: () => `0190a000-0000-7000-8000-${(++model.ids).toString(16).padStart(12, '0')}` };
}

/** Runs a command; a business refusal (DomainError) is an allowed outcome that changes nothing. */
function attempt(real: Real, run: () => Session): void {
  try {
    real.session = run();
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
  }
}

const pick = <T>(items: readonly T[], n: number): T | undefined => (items.length === 0 ? undefined : items[n % items.length]);
const openings = (s: Session) => s.attempts.map((a) => ({ attempt: a, tx: a.transactions[0]! }));
const followUps = (s: Session) =>
  s.attempts.flatMap((a) => a.transactions.filter((t) => t.type === 'capture' || t.type === 'void' || t.type === 'refund').map((tx) => ({ attempt: a, tx })));

/** A failed invariant names itself; cheaper than expect() on every step of every run. */
function invariant(ok: boolean, what: string, s: Session): void {
  if (!ok) throw new Error(`invariant broken: ${what}\n${JSON.stringify(s, null, 1)}`);
}

function checkInvariants(s: Session, model: Model): void {
  const total = s.total.amount;
  const settled = s.attempts
    .filter((a) => (a.status === 'AUTHORIZED' || a.status === 'CAPTURED') && a.releasedAt === undefined)
    .reduce((sum, a) => sum + a.granted.amount, 0);
  invariant(s.captured.amount >= 0 && s.captured.amount <= total, 'captured <= total', s);
  invariant(settled <= total, 'sum of granted over settled attempts <= total', s);
  invariant(remainingBalance(s).amount === total - settled, 'remaining = total - settled granted', s);
  const handsBack = ['EXPIRING', 'ABORTING', 'EXPIRED', 'ABORTED', 'AWAITED_REFUSED'].includes(s.status);
  for (const a of s.attempts) {
    invariant(!handsBack || a.releasedAt !== undefined || (a.status !== 'AUTHORIZED' && a.status !== 'CAPTURED'), 'a session that did not end PAID keeps no money', s);
    invariant(a.status !== 'VOIDED' || !a.transactions.some((t) => t.type === 'capture' && t.status.kind === 'succeeded'), 'a captured hold is never VOIDED', s);
    invariant(a.refunded.amount <= a.granted.amount, 'refunded <= granted', s);
    invariant(a.granted.amount <= a.requested.amount, 'granted <= requested', s);
    invariant(refundable(a).amount >= 0, 'refundable >= 0', s);
    const opening = a.transactions[0];
    invariant(opening?.status.kind !== 'succeeded' || opening.amount.amount === a.granted.amount, 'a granted opening says what it moved: the grant', s);
  }
  invariant(s.attempts.filter((a) => a.status === 'AUTHORIZING').length <= 1, 'one attempt in flight', s);
  if (model.endedAs !== undefined) {
    invariant(s.status === model.endedAs, `a terminal session never changes status (${model.endedAs} -> ${s.status})`, s);
    invariant(s.endedAt === model.endedAt, 'endedAt is stamped once', s);
  } else if (isTerminalSessionStatus(s.status)) {
    model.endedAs = s.status;
    model.endedAt = s.endedAt;
    invariant(s.endedAt === model.now, 'endedAt stamped at the ending', s);
    invariant(!s.notification || s.notification.delivery?.notificationId === `${s.id}:${s.status}`, 'the ending is announced', s);
    invariant(s.captured.amount === (s.status === 'PAID' ? total : 0), 'PAID captured the total; other endings took nothing', s);
  } else {
    invariant(s.endedAt === undefined, 'no endedAt before the ending', s);
  }
  for (const a of s.attempts) {
    for (const t of a.transactions) {
      const before = model.finalVerdicts.get(t.id);
      if (before !== undefined) invariant(t.status.kind === before, 'a final verdict never changes', s);
      else if (t.status.kind !== 'pending') model.finalVerdicts.set(t.id, t.status.kind);
      const verdictAt = model.verdictInstants.get(t.id);
      if (verdictAt !== undefined) invariant(t.updatedAt === verdictAt, "a terminal operation's updatedAt stays its verdict instant", s);
      else if (t.status.kind !== 'pending') model.verdictInstants.set(t.id, t.updatedAt);
      invariant(a.updatedAt >= t.updatedAt, "an attempt's updatedAt includes its operations' moves", s);
    }
  }
}

type Cmd = fc.Command<Model, Real>;

/** How many times each kind of command changed the session, over every run (the model must really drive them). */
const effective = new Map<string, number>();

function command(name: string, run: (model: Model, real: Real) => void): Cmd {
  const kind = name.slice(0, name.indexOf('('));
  return {
    check: () => true,
    run(model, real) {
      const before = real.session;
      run(model, real);
      if (real.session !== before) effective.set(kind, (effective.get(kind) ?? 0) + 1);
      checkInvariants(real.session, model);
    },
    toString: () => name,
  };
}

function deliver(model: Model, real: Real, fact: PspFact): void {
  model.facts.push(fact);
  real.session = applyFact(real.session, fact, context(model));
}

/** The whole remaining balance, a share of it, or any number (refusals included). */
const amountArb = fc.oneof(
  { weight: 4, arbitrary: fc.constant('remaining' as const) },
  { weight: 4, arbitrary: fc.double({ min: 0.05, max: 0.95, noNaN: true }) },
  { weight: 1, arbitrary: fc.integer({ min: -5, max: 30_000 }) },
);

/** Any offer; more often the card (whose issuer may grant less), the sale that can only be voided and financing. */
const methodArb = fc.oneof(
  { weight: 1, arbitrary: fc.constantFrom(CARD, VOIDABLE_SALE, OFFERS.indexOf(oney), OFFERS.indexOf(financedSale)) },
  { weight: 1, arbitrary: fc.nat() },
);
const startCmd = fc.record({ method: methodArb, amount: amountArb, plan: fc.nat() }).map(({ method, amount, plan }) =>
  command(`start(${method},${amount})`, (model, real) => {
    const offer = pick(OFFERS, method)!;
    const remaining = remainingBalance(real.session).amount;
    const value = amount === 'remaining' ? remaining : Number.isInteger(amount) ? amount : Math.max(1, Math.round(remaining * amount));
    const plans = offer.plans ?? [];
    const chosen = pick(plans, plan);
    attempt(real, () => startAttempt(real.session, { methodId: offer.id, amount: value, ...(chosen ? { plan: chosen } : {}) }, context(model)).session);
  }),
);

const verdictKinds = ['full', 'partial', 'chosen', 'declined', 'cancelled', 'lender-pending', 'zero'] as const;
const verdictKindArb = fc.oneof(
  { weight: 6, arbitrary: fc.constant('full' as const) },
  { weight: 2, arbitrary: fc.constant('partial' as const) },
  { weight: 6, arbitrary: fc.constantFrom(...verdictKinds) },
);
/** Mostly the verdict the attempt in flight awaits; else any opening's, old ones included (late, reordered). */
/** ...and a lender that has not said anything yet often keeps studying the file first. */
const verdictCmd = fc.record({ which: fc.nat(), inFlight: fc.double({ min: 0, max: 1, noNaN: true }), kind: verdictKindArb, study: fc.boolean(), fraction: fc.double({ min: 0.01, max: 0.99, noNaN: true }), byRef: fc.boolean() }).map(
  ({ which, inFlight, kind: drawn, study, fraction, byRef }) =>
    command(`verdict(${which},${drawn})`, (model, real) => {
      const all = openings(real.session);
      const awaited = all.filter((o) => o.tx.status.kind === 'pending');
      const target = inFlight < 0.7 && awaited.length > 0 ? pick(awaited, which) : pick(all, which);
      if (!target) return;
      const financing = real.session.methods.find((m) => m.id === target.attempt.methodId)?.capabilities.financing === true;
      const kind = study && financing && target.attempt.lenderStudying !== true ? 'lender-pending' : drawn;
      const ref = byRef && target.tx.providerRef ? { providerRef: target.tx.providerRef } : { transactionId: target.tx.id };
      const requested = target.attempt.requested.amount;
      const partial = Math.max(1, Math.floor(requested * fraction));
      const granted = (n: number, chosenByPayer = false): PspFact => ({ kind: 'authorized', ref, granted: money(n, EUR), chosenByPayer, providerRef: `psp-${target.tx.id}` });
      const facts: Record<(typeof verdictKinds)[number], PspFact> = {
        full: granted(requested),
        partial: granted(partial),
        chosen: granted(partial, true),
        zero: granted(0),
        declined: { kind: 'declined', ref, category: 'bank-refusal' },
        cancelled: { kind: 'cancelled-by-payer', ref },
        'lender-pending': { kind: 'lender-pending', ref, providerRef: `psp-${target.tx.id}` },
      };
      deliver(model, real, facts[kind]);
    }),
);

const followUpCmd = fc.record({ which: fc.nat(), success: fc.boolean() }).map(({ which, success }) =>
  command(`follow-up-verdict(${which},${success})`, (model, real) => {
    const target = pick(followUps(real.session), which);
    if (!target) return;
    const kind = target.tx.type === 'capture' ? 'captured' : target.tx.type === 'void' ? 'voided' : 'refunded';
    deliver(model, real, { kind, ref: { transactionId: target.tx.id }, success });
  }),
);

/** A PSP resending any fact it sent before (duplicates, late and out of order): it changes nothing. */
const replayCmd = fc.nat().map((which) =>
  command(`replay(${which})`, (model, real) => {
    const fact = pick(model.facts, which);
    if (!fact) return;
    const ctx = context(model);
    const due = expireIfDue(real.session, ctx);
    const after = applyFact(real.session, fact, ctx);
    invariant(JSON.stringify(after) === JSON.stringify(due), `a fact delivered again changes nothing (${fact.kind})`, after);
    real.session = after;
    effective.set('replay', (effective.get('replay') ?? 0) + 1);
  }),
);

const dispatchCmd = fc.record({ which: fc.nat(), outcome: fc.constantFrom('accepted', 'rejected', 'unknown' as const) }).map(({ which, outcome }) =>
  command(`dispatch(${which},${outcome})`, (model, real) => {
    const op = pick(owedOperations(real.session, Number.MAX_SAFE_INTEGER), which);
    if (op) real.session = recordDispatch(real.session, op.transactionId, { ack: { outcome }, facts: [] }, context(model));
  }),
);

const payerCmd = fc.record({
  which: fc.nat(),
  aimed: fc.boolean(),
  action: fc.oneof(
    { weight: 20, arbitrary: fc.constantFrom('accept-partial', 'cancel', 'abandon', 'accept-terms') },
    { weight: 1, arbitrary: fc.constant('abandon-session') },
  ),
}).map(({ which, aimed, action }) =>
  command(`${action}(${which})`, (model, real) => {
    const ctx = context(model);
    // Half the time aimed at an attempt in the state the action is for; else any attempt (refusals).
    const fits = (a: Attempt) =>
      action === 'abandon' ? a.status === 'AUTHORIZING' : action === 'accept-partial' ? isAwaitingPartialDecision(a) : a.status === 'AUTHORIZED';
    const candidates = aimed ? real.session.attempts.filter(fits) : real.session.attempts;
    const target = pick(candidates.length > 0 ? candidates : real.session.attempts, which)?.id ?? 'none';
    attempt(real, () => {
      switch (action) {
        case 'accept-partial':
          return acceptPartial(real.session, target, ctx);
        case 'cancel':
          return cancelAttempt(real.session, target, ctx);
        case 'abandon':
          return abandonAttempt(real.session, target, ctx);
        case 'abandon-session':
          return abandonSession(real.session, ctx);
        default:
          return acceptTerms(real.session, ctx);
      }
    });
  }),
);

/** The payer's answer to an issuer's lower grant: mostly aimed at the attempt that awaits it. */
const acceptPartialCmd = fc.record({ which: fc.nat(), aimed: fc.double({ min: 0, max: 1, noNaN: true }) }).map(({ which, aimed }) =>
  command(`accept-partial(${which})`, (model, real) => {
    const awaiting = real.session.attempts.filter(isAwaitingPartialDecision);
    const target = pick(aimed < 0.8 && awaiting.length > 0 ? awaiting : real.session.attempts, which)?.id ?? 'none';
    attempt(real, () => acceptPartial(real.session, target, context(model)));
  }),
);

/** The refund door's command (post-terminal, one in flight, cumulative), with any amount or the rest. */
const refundCmd = fc.record({ which: fc.nat(), amount: fc.oneof(fc.constant(undefined), fc.double({ min: 0.1, max: 1.2, noNaN: true })), key: fc.option(fc.constantFrom('k1', 'k2'), { nil: undefined }) }).map(
  ({ which, amount, key }) =>
    command(`refund(${which})`, (model, real) => {
      const a: Attempt | undefined = pick(real.session.attempts, which);
      if (!a) return;
      const value = amount === undefined ? undefined : Math.max(1, Math.floor(refundable(a).amount * amount));
      attempt(real, () => requestRefund(real.session, a.id, { ...(value !== undefined ? { amount: value } : {}), ...(key ? { idempotencyKey: key } : {}) }, context(model)).session);
    }),
);

const tickArb = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom(1_000, 5_000, 60_000) },
  { weight: 2, arbitrary: fc.constant(5 * 60_000) },
  { weight: 1, arbitrary: fc.constantFrom(TTL, TEST_POLICY.lenderWaitMs) },
);
const tickCmd = tickArb.map((ms) =>
  command(`tick(${ms})`, (model, real) => {
    model.now += ms;
    const ctx = context(model);
    real.session = refuseAwaitingIfDue(expireIfDue(real.session, ctx), ctx);
    for (const a of real.session.attempts) {
      if (a.verdictDueAt !== undefined && a.verdictDueAt <= model.now) real.session = recordLookupOutcome(real.session, a.id, { facts: [], answered: false }, ctx);
    }
  }),
);

const setupArb = fc.record({
  total: fc.integer({ min: 1, max: 20_000 }),
  // Terms and a registered card are rarer: they refuse most starts (TermsNotAccepted, no split).
  terms: fc.boolean().chain((b) => (b ? fc.boolean() : fc.constant(false))),
  mustCreateAlias: fc.boolean().chain((b) => (b ? fc.boolean() : fc.constant(false))),
  notify: fc.boolean(),
});

const commandsArb = fc.commands(
  [startCmd, startCmd, startCmd, verdictCmd, verdictCmd, verdictCmd, verdictCmd, followUpCmd, followUpCmd, replayCmd, dispatchCmd, dispatchCmd, payerCmd, payerCmd, acceptPartialCmd, refundCmd, refundCmd, tickCmd],
  { maxCommands: 80, size: 'large' },
);

/** Every transition a table allows, as `machine: FROM --trigger--> TO`. */
function transitionsOf<S extends string, T extends string>(name: string, table: TransitionTable<S, T>): string[] {
  return Object.entries(table).flatMap(([from, row]) => Object.entries(row as Record<string, string>).map(([trigger, to]) => `${name}: ${from} --${trigger}--> ${to}`));
}

/** Records every transition a machine actually fired (through the domain's own calls). */
function recordFired(machine: StateMachine<string, string>, fired: Set<string>): jest.SpyInstance {
  const fire = machine.fire.bind(machine);
  return jest.spyOn(machine, 'fire').mockImplementation((from: string, trigger: string) => {
    const to = fire(from, trigger);
    fired.add(`${machine.name}: ${from} --${trigger}--> ${to}`);
    return to;
  });
}

describe('session aggregate: model-based properties', () => {
  const fired = new Set<string>();
  const spies: jest.SpyInstance[] = [];
  beforeAll(() => {
    spies.push(recordFired(sessionMachine, fired), recordFired(attemptMachine, fired), recordFired(transactionMachine, fired));
  });
  afterAll(() => spies.forEach((spy) => spy.mockRestore()));

  it('keeps its money invariants, and a terminal session never changes status, under any sequence', () => {
    fc.assert(
      fc.property(setupArb, commandsArb, (setup, cmds) => {
        const session = aSession({
          methods: OFFERS,
          total: money(setup.total, EUR),
          ...(setup.terms ? { terms: [{ label: 'CGV', url: 'https://m.example/cgv' }] } : {}),
          ...(setup.mustCreateAlias ? { mustCreateAlias: true } : {}),
          ...(setup.notify ? {} : { notification: undefined }),
        });
        const model: Model = { now: T0, ids: 0, finalVerdicts: new Map(), verdictInstants: new Map(), facts: [] };
        fc.modelRun(() => ({ model, real: { session } }), cmds);
      }),
      { numRuns: 500 },
    );
  });

  it('drove every kind of command to a change, and every transition of the three tables, in those runs', () => {
    expect([...effective.keys()].sort()).toEqual(
      ['start', 'verdict', 'follow-up-verdict', 'replay', 'dispatch', 'accept-partial', 'cancel', 'abandon', 'accept-terms', 'abandon-session', 'refund', 'tick'].sort(),
    );
    const allowed = [
      ...transitionsOf('session', SESSION_TRANSITIONS),
      ...transitionsOf('attempt', ATTEMPT_TRANSITIONS),
      ...transitionsOf('transaction', TRANSACTION_TRANSITIONS),
    ];
    expect(allowed.filter((t) => !fired.has(t))).toEqual([]);
  });
});

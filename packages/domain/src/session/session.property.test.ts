import fc from 'fast-check';
import type { Attempt } from '../attempt/attempt.model';
import { DomainError } from '../errors/domain-error';
import type { TransactionId } from '../ids/ids';
import { money } from '../money/money';
import type { PspFact } from '../psp/psp-fact';
import { refundable } from '../rules/refundable.rule';
import { remainingBalance } from '../rules/remaining-balance.rule';
import type { Transaction, VerdictKind } from '../transaction/transaction.model';
import { applyFact } from './apply-fact';
import type { DomainContext } from './domain-context';
import { recordLookupOutcome } from './overdue';
import { owedOperations, recordDispatch } from './owed-operations';
import { acceptPartial } from './partial-decision';
import { abandonAttempt, abandonSession, cancelAttempt } from './payer-decisions';
import { ALL_OFFERS, aSession, EUR, T0, TEST_POLICY, TTL } from './session.fixture';
import type { Session, SessionStatus } from './session.model';
import { isTerminalSessionStatus } from './session.state';
import { startAttempt } from './start-attempt';
import { acceptTerms } from './terms';
import { expireIfDue, refuseAwaitingIfDue } from './timeouts';

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
    }
  }
}

type Cmd = fc.Command<Model, Real>;

function command(name: string, run: (model: Model, real: Real) => void): Cmd {
  return {
    check: () => true,
    run(model, real) {
      run(model, real);
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
const amountArb = fc.oneof(fc.constant('remaining' as const), fc.double({ min: 0.05, max: 0.95, noNaN: true }), fc.integer({ min: -5, max: 30_000 }));

const startCmd = fc.record({ method: fc.nat(), amount: amountArb, plan: fc.nat() }).map(({ method, amount, plan }) =>
  command(`start(${method},${amount})`, (model, real) => {
    const offer = pick(ALL_OFFERS, method)!;
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
  { weight: 6, arbitrary: fc.constantFrom(...verdictKinds) },
);
const verdictCmd = fc.record({ which: fc.nat(), kind: verdictKindArb, fraction: fc.double({ min: 0.01, max: 0.99, noNaN: true }), byRef: fc.boolean() }).map(
  ({ which, kind, fraction, byRef }) =>
    command(`verdict(${which},${kind})`, (model, real) => {
      const target = pick(openings(real.session), which);
      if (!target) return;
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

const replayCmd = fc.nat().map((which) =>
  command(`replay(${which})`, (model, real) => {
    const fact = pick(model.facts, which);
    if (fact) real.session = applyFact(real.session, fact, context(model));
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
  action: fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom('accept-partial', 'cancel', 'abandon', 'accept-terms') },
    { weight: 1, arbitrary: fc.constant('abandon-session') },
  ),
}).map(({ which, action }) =>
  command(`${action}(${which})`, (model, real) => {
    const ctx = context(model);
    const target = pick(real.session.attempts, which)?.id ?? 'none';
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

/** What the refund door does (owed refund of what remains refundable, post-terminal, one in flight). */
const refundCmd = fc.record({ which: fc.nat(), fraction: fc.double({ min: 0.1, max: 1, noNaN: true }) }).map(({ which, fraction }) =>
  command(`refund(${which})`, (model, real) => {
    const s = real.session;
    const a: Attempt | undefined = pick(s.attempts, which);
    if (!a || !isTerminalSessionStatus(s.status) || a.transactions.some((t) => t.type === 'refund' && t.status.kind === 'pending')) return;
    const left = refundable(a).amount;
    if (left <= 0) return;
    const ctx = context(model);
    const refund: Transaction = {
      id: ctx.newId() as TransactionId,
      createdAt: ctx.now,
      updatedAt: ctx.now,
      type: 'refund',
      amount: money(Math.max(1, Math.floor(left * fraction)), EUR),
      status: { kind: 'pending' },
      dispatch: { state: 'owed', tries: 0, nextAt: ctx.now },
    };
    real.session = { ...s, attempts: s.attempts.map((x) => (x.id === a.id ? { ...x, transactions: [...x.transactions, refund] } : x)) };
  }),
);

const tickArb = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(1_000, 60_000, 5 * 60_000) },
  { weight: 1, arbitrary: fc.constantFrom(TTL, TEST_POLICY.lenderWaitMs) },
);
const tickCmd = tickArb.map((ms) =>
  command(`tick(${ms})`, (model, real) => {
    model.now += ms;
    const ctx = context(model);
    real.session = refuseAwaitingIfDue(expireIfDue(real.session, ctx), ctx);
    for (const a of real.session.attempts) {
      if (a.verdictDueAt !== undefined && a.verdictDueAt <= model.now) real.session = recordLookupOutcome(real.session, a.id, { facts: [] }, ctx);
    }
  }),
);

const setupArb = fc.record({
  total: fc.integer({ min: 1, max: 20_000 }),
  terms: fc.boolean(),
  mustCreateAlias: fc.boolean(),
  notify: fc.boolean(),
});

const commandsArb = fc.commands(
  [startCmd, startCmd, startCmd, verdictCmd, verdictCmd, verdictCmd, followUpCmd, followUpCmd, followUpCmd, replayCmd, dispatchCmd, dispatchCmd, payerCmd, payerCmd, refundCmd, refundCmd, tickCmd],
  { maxCommands: 80, size: 'large' },
);

describe('session aggregate: model-based properties', () => {
  it('keeps its money invariants, and a terminal session never changes status, under any sequence', () => {
    fc.assert(
      fc.property(setupArb, commandsArb, (setup, cmds) => {
        const session = aSession({
          total: money(setup.total, EUR),
          ...(setup.terms ? { terms: [{ label: 'CGV', url: 'https://m.example/cgv' }] } : {}),
          ...(setup.mustCreateAlias ? { mustCreateAlias: true } : {}),
          ...(setup.notify ? {} : { notification: undefined }),
        });
        const model: Model = { now: T0, ids: 0, finalVerdicts: new Map(), facts: [] };
        fc.modelRun(() => ({ model, real: { session } }), cmds);
      }),
      { numRuns: 200 },
    );
  });
});

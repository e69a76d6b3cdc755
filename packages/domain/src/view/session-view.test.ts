import { context as creationContext, CONTRACTS, FULL_DETAIL, request } from '../creation/creation.fixtures';
import { CARD_CAPS, catalog, FINANCING_CAPS, WALLET_CAPS } from '../testing';
import { DomainError } from '../errors/domain-error';
import { createSession } from '../creation/create-session';
import type { PspCatalog } from '../creation/provider.rule';
import type { Contract } from '../merchant/merchant-account.model';
import type { PspFact } from '../psp/psp-fact';
import { applyFact } from '../session/apply-fact';
import { abandonAttempt, abandonSession, cancelAttempt } from '../session/payer-decisions';
import { DEFAULT_POLICY, type DomainContext } from '../session/domain-context';
import { SESSION_STATUSES, type Session } from '../session/session.model';
import { startAttempt } from '../session/start-attempt';
import { recordOpenOutcome } from '../session/record-open-outcome';
import { markPayerReturned } from '../session/payer-returned';
import { sessionView } from './session-view';
import type { CardMethodView, FinancingMethodView } from './session-view.model';

const NOW = 1_700_000_000_000;
const PROVIDER = 'acme-acquirer';
const CONTRACTS_ACME: readonly Contract[] = CONTRACTS.map((c) => ({ ...c, provider: PROVIDER })).concat([
  { method: 'ancv', provider: PROVIDER },
  { method: 'applepay', provider: PROVIDER },
]);
const ACME = catalog({
  [PROVIDER]: {
    card: CARD_CAPS,
    paypal: WALLET_CAPS,
    applepay: { ...WALLET_CAPS, redirect: false, confirm: true },
    ancv: { ...WALLET_CAPS, operation: 'payment', void: false, refund: false, payerChosenPartial: true },
    oney: FINANCING_CAPS,
  },
});

let ids = 0;
function ctx(now = NOW): DomainContext {
  return { now, newId: () => `0190c0de-0000-7000-8000-${String(++ids).padStart(12, '0')}`, policy: DEFAULT_POLICY };
}

function session(overrides: Parameters<typeof request>[0] = {}): Session {
  return createSession(request(overrides), creationContext({ now: NOW, psps: ACME, account: { merchantId: 'merchant-7' as never, contracts: CONTRACTS_ACME } }));
}

function granted(s: Session, methodId: string, amount: number, fact: Partial<Extract<PspFact, { kind: 'authorized' }>> = {}): Session {
  const started = startAttempt(s, { methodId, amount }, ctx());
  return applyFact(started.session, { kind: 'authorized', ref: { transactionId: started.transactionId }, granted: { amount: fact.granted?.amount ?? amount, currency: s.total.currency }, ...fact }, ctx());
}

describe('sessionView', () => {
  it('lists every configured method in order, card entries resolved, remaining precomputed', () => {
    const s = granted(session({ methods: [{ method: 'card', partialAuth: true, cardHolder: true, range: { min: 100, max: 10_000 } }, { method: 'paypal', label: 'PayPal' }] }), 'card', 4_000);
    const view = sessionView(s, { now: NOW, hostedFields: { card: { keyId: 'k1', key: 'pub', sdkUrl: 'https://sdk.example/x.js' } } });
    expect(view.remaining).toEqual({ amount: 6_000, currency: 'EUR' });
    expect(view.methods.map((m) => m.id)).toEqual(['card', 'paypal']);
    const card = view.methods[0] as CardMethodView;
    expect(card).toMatchObject({
      method: 'card',
      partialAuth: 'mandated',
      cardHolder: true,
      schemes: ['cb', 'visa', 'mastercard'],
      integration: 'fake',
      range: { min: 100, max: 10_000, currency: 'EUR' },
      hostedFields: { keyId: 'k1', key: 'pub', sdkUrl: 'https://sdk.example/x.js' },
      eligible: true,
    });
    expect(view.methods[1]).toEqual({ method: 'paypal', id: 'paypal', label: 'PayPal', eligible: true });
  });

  it('carries the stored version as its revision, so a view of a later write never reads lower', () => {
    const created = session();
    expect(sessionView(created, { now: NOW }).revision).toBe(created.version);
    const stored = { ...created, version: 7 };
    expect(sessionView(stored, { now: NOW }).revision).toBe(7);
    expect(sessionView({ ...stored, version: 8 }, { now: NOW }).revision).toBe(8);
  });

  it('keeps an ineligible method with eligible false', () => {
    const s = granted(session({ methods: [{ method: 'card' }, { method: 'paypal', range: { min: 5_000, max: 10_000 } }] }), 'card', 6_000);
    const view = sessionView(s, { now: NOW });
    expect(view.methods.find((m) => m.id === 'paypal')).toMatchObject({ eligible: false });
    expect(view.methods.find((m) => m.id === 'card')).toMatchObject({ eligible: true });
  });

  it('lists a method that sends the payer to its PSP as ineligible while the session has no returnUrl', () => {
    const methods = [{ method: 'card' as const }, { method: 'paypal' as const }];
    const without = sessionView(session({ methods, returnUrl: undefined }), { now: NOW });
    expect(without.methods.map((m) => [m.id, m.eligible])).toEqual([['card', true], ['paypal', false]]);
    const withIt = sessionView(session({ methods, returnUrl: 'https://merchant.example/back' }), { now: NOW });
    expect(withIt.methods.map((m) => [m.id, m.eligible])).toEqual([['card', true], ['paypal', true]]);
  });

  it('marks nothing eligible once the session is no longer PENDING or its ttl passed', () => {
    const s = session();
    expect(sessionView(s, { now: s.expiresAt }).methods[0]?.eligible).toBe(false);
    expect(sessionView({ ...s, status: 'ABORTED' }, { now: NOW }).methods[0]?.eligible).toBe(false);
  });

  it('never shows the session id, merchant id, provider id, token digest, PSP codes or the card alias', () => {
    // The order registers the card, so the alias is recorded on the attempt (and must still stay out of the view).
    let s = session({ statementDescriptor: 'ACME', extraData: 'secret-extra', mustCreateAlias: true });
    const started = startAttempt(s, { methodId: 'card', amount: 10_000 }, ctx());
    s = applyFact(
      started.session,
      { kind: 'declined', ref: { transactionId: started.transactionId }, providerRef: 'psp-ref-9', category: 'insufficient-funds', statusCode: 'CODE51', statusMessage: 'Issuer says no' },
      ctx(),
    );
    s = granted(s, 'card', 10_000, { cardAlias: 'alias-xyz', cardScheme: 'visa', providerRef: 'psp-ref-10' });
    expect(s.attempts[1]?.cardAlias).toBe('alias-xyz');
    const text = JSON.stringify(sessionView(s, { now: NOW }));
    for (const secret of [s.id, 'merchant-7', PROVIDER, s.elementsTokenHash, 'CODE51', 'Issuer says no', 'alias-xyz', 'psp-ref-9', 'psp-ref-10', 'secret-extra', started.transactionId]) {
      expect(text).not.toContain(secret);
    }
    const view = sessionView(s, { now: NOW });
    expect(view.attempts[0]).toMatchObject({ status: 'DECLINED', declineCategory: 'insufficient-funds' });
    expect(view.attempts[1]).toMatchObject({ status: 'AUTHORIZED', cardScheme: 'visa' });
    expect(view.statementDescriptor).toBe('ACME');
  });

  it('shows cart lines without their PSP detail, terms and consent, mustCreateAlias', () => {
    const s = session({
      cartItems: [{ label: 'Lamp', quantity: 2, amount: { amount: 10_000, currency: 'EUR' }, detail: FULL_DETAIL }],
      terms: [{ label: 'CGV', url: 'https://merchant.example/cgv' }],
    });
    const view = sessionView({ ...s, termsAcceptedAt: NOW + 5 }, { now: NOW });
    expect(view.cartItems).toEqual([{ label: 'Lamp', quantity: 2, amount: { amount: 10_000, currency: 'EUR' } }]);
    expect(view.terms).toEqual([{ label: 'CGV', url: 'https://merchant.example/cgv' }]);
    expect(view.termsAcceptedAt).toBe(NOW + 5);
    expect(view.mustCreateAlias).toBeUndefined();
    const alias = sessionView(session({ mustCreateAlias: true, methods: [{ method: 'card', createAlias: { mode: 'oneclick', recurringFrequency: 30, recurringExpiry: '2030-01-01' } }] }), { now: NOW });
    expect(alias.mustCreateAlias).toBe(true);
    expect(alias.methods[0]).toMatchObject({ mustSettleRemaining: true });
  });

  it('offers no partial authorization on an order that registers the card: every lower grant is refused there', () => {
    const entry = { method: 'card' as const, partialAuth: true };
    const aliasOrder = session({ mustCreateAlias: true, methods: [entry] });
    expect(aliasOrder.methods[0]?.partialAuth).toBe(false);
    expect(sessionView(aliasOrder, { now: NOW }).methods[0]).not.toHaveProperty('partialAuth');
    // A session stored before creation resolved it so: its offer still says partialAuth, the view does not.
    const stored = { ...session({ methods: [entry] }), mustCreateAlias: true };
    expect(stored.methods[0]?.partialAuth).toBe(true);
    expect(sessionView(stored, { now: NOW }).methods[0]).not.toHaveProperty('partialAuth');
    expect(sessionView(session({ methods: [entry] }), { now: NOW }).methods[0]).toMatchObject({ partialAuth: 'mandated' });
  });

  it('derives awaitingPartialDecision from recorded state', () => {
    const s = granted(session({ methods: [{ method: 'card', partialAuth: true }] }), 'card', 10_000, { granted: { amount: 5_000, currency: 'EUR' as never } });
    const view = sessionView(s, { now: NOW });
    expect(view.attempts[0]).toMatchObject({ status: 'AUTHORIZED', partialAuth: 'mandated', awaitingPartialDecision: true, granted: { amount: 5_000 } });
    const accepted = { ...s, attempts: s.attempts.map((a) => ({ ...a, partialAcceptedAt: NOW })) };
    expect(sessionView(accepted, { now: NOW }).attempts[0]?.awaitingPartialDecision).toBe(false);
  });

  it('marks an attempt the service is handing back released (a refused lower grant), absent otherwise', () => {
    const refused = sessionView(granted(session({ methods: [{ method: 'card' }] }), 'card', 10_000, { granted: { amount: 5_000, currency: 'EUR' as never } }), { now: NOW });
    expect(refused.attempts[0]).toMatchObject({ status: 'AUTHORIZED', partialAuth: 'mandated', awaitingPartialDecision: false, released: true, granted: { amount: 5_000 } });
    expect(refused.remaining.amount).toBe(10_000);
    expect(sessionView(granted(session({ methods: [{ method: 'card' }] }), 'card', 4_000), { now: NOW }).attempts[0]?.released).toBeUndefined();
  });

  it('does not mark released money that nothing hands back: a payment taken where the PSP neither refunds nor voids, the session abandoned', () => {
    const s0 = session({ methods: [{ method: 'ancv' }, { method: 'card' }] });
    const paid = granted(s0, 'ancv', 10_000, { kind: 'authorized', granted: { amount: 3_000, currency: 'EUR' as never }, chosenByPayer: true } as never);
    const view = sessionView(abandonSession(paid, ctx()), { now: NOW });
    expect(view.status).toBe('ABORTED');
    expect(view.attempts[0]).toMatchObject({ method: 'ancv', status: 'CAPTURED', granted: { amount: 3_000 } });
    expect(view.attempts[0]?.released).toBeUndefined();
  });

  it('says what money nothing hands back is really kept: the grant less what was refunded before (D149-c)', () => {
    const s0 = session({ methods: [{ method: 'ancv' }, { method: 'card' }] });
    const paid = granted(s0, 'ancv', 10_000, { kind: 'authorized', granted: { amount: 3_000, currency: 'EUR' as never }, chosenByPayer: true } as never);
    const aborted = abandonSession(paid, ctx());
    expect(sessionView(aborted, { now: NOW }).attempts[0]?.kept).toEqual({ amount: 3_000, currency: 'EUR' });
    const partlyRefunded: Session = { ...aborted, attempts: aborted.attempts.map((a) => ({ ...a, refunded: { amount: 1_200, currency: a.granted.currency } })) };
    expect(sessionView(partlyRefunded, { now: NOW }).attempts[0]?.kept).toEqual({ amount: 1_800, currency: 'EUR' });
    // Money taken and still counted (the session open), or being handed back, is not kept.
    expect(sessionView(paid, { now: NOW }).attempts[0]?.kept).toBeUndefined();
    const refundable: Session = { ...s0, methods: s0.methods.map((m) => (m.method === 'ancv' ? { ...m, capabilities: { ...m.capabilities, refund: true } } : m)) };
    expect(sessionView(abandonSession(granted(refundable, 'ancv', 4_000), ctx()), { now: NOW }).attempts[0]?.kept).toBeUndefined();
  });

  it('says, before any cancel, that a paid tranche nothing can hand back would stay paid; not a refundable one nor a hold (D161-a)', () => {
    const s0 = session({ methods: [{ method: 'ancv' }, { method: 'card' }] });
    const paid = granted(s0, 'ancv', 10_000, { kind: 'authorized', granted: { amount: 3_000, currency: 'EUR' as never }, chosenByPayer: true } as never);
    expect(sessionView(paid, { now: NOW }).attempts[0]).toMatchObject({ status: 'CAPTURED', nonRefundable: true });
    // Once the service decided to hand it back, the row says what stays: kept, not this promise.
    expect(sessionView(abandonSession(paid, ctx()), { now: NOW }).attempts[0]?.nonRefundable).toBeUndefined();
    const refundable: Session = { ...s0, methods: s0.methods.map((m) => (m.method === 'ancv' ? { ...m, capabilities: { ...m.capabilities, refund: true } } : m)) };
    expect(sessionView(granted(refundable, 'ancv', 4_000), { now: NOW }).attempts[0]?.nonRefundable).toBeUndefined();
    expect(sessionView(granted(s0, 'card', 4_000), { now: NOW }).attempts[0]?.nonRefundable).toBeUndefined();
  });

  it('does not mark released a payment whose refund was given up after its retries', () => {
    const s0 = session({ methods: [{ method: 'ancv' }, { method: 'card' }] });
    const refundable: Session = { ...s0, methods: s0.methods.map((m) => (m.method === 'ancv' ? { ...m, capabilities: { ...m.capabilities, refund: true } } : m)) };
    const aborted = abandonSession(granted(refundable, 'ancv', 4_000), ctx());
    expect(aborted.attempts[0]?.transactions.map((t) => t.type)).toContain('refund');
    expect(sessionView(aborted, { now: NOW }).attempts[0]?.released).toBe(true);
    const givenUp: Session = {
      ...aborted,
      attempts: aborted.attempts.map((a) => ({ ...a, transactions: a.transactions.map((t) => (t.type === 'refund' ? { ...t, dispatch: { state: 'given-up' as const, tries: 5, at: NOW } } : t)) })),
    };
    expect(sessionView(givenUp, { now: NOW }).attempts[0]?.released).toBeUndefined();
  });

  it('gives operation, abandonable and redirect of an attempt in flight', () => {
    const s0 = session({ methods: [{ method: 'paypal' }, { method: 'ancv' }], returnUrl: 'https://merchant.example/back' });
    const started = startAttempt(s0, { methodId: 'paypal', amount: 10_000 }, ctx());
    const s = recordOpenOutcome(started.session, started.attemptId, { ack: { outcome: 'accepted' }, redirect: { kind: 'navigate', url: 'https://psp.example/pay/1' }, facts: [] }, ctx());
    expect(sessionView(s, { now: NOW }).attempts[0]).toMatchObject({
      operation: 'authorization',
      abandonable: true,
      redirect: { kind: 'navigate', url: 'https://psp.example/pay/1' },
    });
    const ancv = startAttempt(s0, { methodId: 'ancv', amount: 10_000 }, ctx());
    const view = sessionView(ancv.session, { now: NOW });
    expect(view.attempts[0]).toMatchObject({ operation: 'payment', abandonable: false });
    expect(view.methods.find((m) => m.id === 'ancv')).toMatchObject({ mustSettleRemaining: true });
  });

  it('states the minor units of the currency, so the page reads and writes amounts by the table of the service (D149-f)', () => {
    expect(sessionView(session(), { now: NOW }).minorUnits).toBe(2);
  });

  it('once the payer came back through the return door, an attempt still in flight carries no redirect: its verdict is awaited (D149-e)', () => {
    const s0 = session({ methods: [{ method: 'paypal' }, { method: 'ancv' }], returnUrl: 'https://merchant.example/back' });
    const started = startAttempt(s0, { methodId: 'paypal', amount: 10_000 }, ctx());
    const s = recordOpenOutcome(started.session, started.attemptId, { ack: { outcome: 'accepted' }, redirect: { kind: 'navigate', url: 'https://psp.example/pay/1' }, facts: [] }, ctx());
    const back = markPayerReturned(s, started.attemptId, ctx(NOW + 1_000));
    expect(back.attempts[0]?.returnedAt).toBe(NOW + 1_000);
    expect(sessionView(back, { now: NOW + 1_000 }).attempts[0]).toMatchObject({ status: 'AUTHORIZING' });
    expect(sessionView(back, { now: NOW + 1_000 }).attempts[0]?.redirect).toBeUndefined();
    // Recorded once; nothing to record on an attempt with a verdict, or none in flight.
    expect(markPayerReturned(back, started.attemptId, ctx(NOW + 2_000))).toBe(back);
    expect(markPayerReturned(s0, started.attemptId, ctx())).toBe(s0);
  });

  it('says abandonable only while a door would end the attempt: the same answer as trying abandon, or cancel on a held tranche', () => {
    const s0 = session({ methods: [{ method: 'card' }, { method: 'ancv' }] });
    const inFlight = startAttempt(s0, { methodId: 'card', amount: 4_000 }, ctx());
    const held = granted(s0, 'card', 4_000);
    const heldId = held.attempts[0]!.id;
    const cancelled = cancelAttempt(held, heldId, ctx());
    const voidTx = cancelled.attempts[0]!.transactions.find((t) => t.type === 'void')!.id;
    const voided = applyFact(cancelled, { kind: 'voided', ref: { transactionId: voidTx }, success: true }, ctx());
    const declined = applyFact(inFlight.session, { kind: 'declined', ref: { transactionId: inFlight.transactionId }, category: 'bank-refusal' }, ctx());
    const abandoned = abandonAttempt(inFlight.session, inFlight.attemptId, ctx());
    const vouchers = startAttempt(s0, { methodId: 'ancv', amount: 10_000 }, ctx());
    const taken = applyFact(vouchers.session, { kind: 'authorized', ref: { transactionId: vouchers.transactionId }, granted: { amount: 10_000, currency: 'EUR' as never } }, ctx());
    const cases: [string, Session][] = [
      ['AUTHORIZING hold', inFlight.session],
      ['AUTHORIZED hold', held],
      ['AUTHORIZED hold handed back', cancelled],
      ['VOIDED', voided],
      ['DECLINED', declined],
      ['CANCELLED', abandoned],
      ['AUTHORIZING settlement nothing undoes', vouchers.session],
      ['CAPTURED settlement', taken],
    ];
    const ends = (attempt: (s: Session, id: string) => Session, s: Session, id: string): boolean => {
      try {
        attempt(s, id);
        return true;
      } catch {
        return false;
      }
    };
    const seen = cases.map(([name, s]) => {
      const attempt = s.attempts[0]!;
      const byDoor = ends((x, id) => abandonAttempt(x, id, ctx()), s, attempt.id) || ends((x, id) => cancelAttempt(x, id, ctx()), s, attempt.id);
      return [name, attempt.status, sessionView(s, { now: NOW }).attempts[0]!.abandonable, byDoor];
    });
    expect(seen).toEqual([
      ['AUTHORIZING hold', 'AUTHORIZING', true, true],
      ['AUTHORIZED hold', 'AUTHORIZED', true, true],
      ['AUTHORIZED hold handed back', 'AUTHORIZED', false, false],
      ['VOIDED', 'VOIDED', false, false],
      ['DECLINED', 'DECLINED', false, false],
      ['CANCELLED', 'CANCELLED', false, false],
      ['AUTHORIZING settlement nothing undoes', 'AUTHORIZING', false, false],
      ['CAPTURED settlement', 'CAPTURED', false, false],
    ]);
  });

  it('says abandonable false for an AUTHORIZED hold once the session no longer takes the payer\'s decisions: the doors refuse SessionNotPending there', () => {
    const held = granted(session({ methods: [{ method: 'card' }] }), 'card', 4_000);
    const heldId = held.attempts[0]!.id;
    const doorSays = (end: () => Session): string => {
      try {
        end();
        return 'ended';
      } catch (error) {
        if (error instanceof DomainError) return error.code;
        throw error;
      }
    };
    const cases: [string, Session, number][] = [
      ...SESSION_STATUSES.map((status): [string, Session, number] => [status, { ...held, status }, NOW]),
      ['PENDING, its ttl passed', held, held.expiresAt],
    ];
    const seen = cases.map(([name, s, now]) => [
      name,
      sessionView(s, { now }).attempts[0]!.abandonable,
      doorSays(() => abandonAttempt(s, heldId, ctx(now))),
      doorSays(() => cancelAttempt(s, heldId, ctx(now))),
    ]);
    expect(seen).toEqual([
      ['PENDING', true, 'AttemptNotAbandonable', 'ended'],
      ...SESSION_STATUSES.filter((status) => status !== 'PENDING').map((status) => [status, false, 'SessionNotPending', 'SessionNotPending']),
      ['PENDING, its ttl passed', false, 'SessionNotPending', 'SessionNotPending'],
    ]);
  });

  it('marks financing ineligible once no plan covers the remaining balance, the entry and its plans kept', () => {
    const created = session({
      total: 30_000,
      methods: [{ method: 'card' }, { method: 'oney' }],
      cartItems: [{ label: 'Sofa', quantity: 1, amount: { amount: 30_000, currency: 'EUR' }, detail: FULL_DETAIL }],
      customer: { firstName: 'A', lastName: 'B', email: 'a@b.example', ident: 'c1' },
      billing: { firstName: 'A', lastName: 'B', address: '1 rue', postalCode: '75001', city: 'Paris', country: 'FR' as never, mobilePhone: '+33600000000' },
    });
    const windowed: Session = { ...created, methods: created.methods.map((m) => (m.plans ? { ...m, plans: m.plans.map((p) => ({ ...p, minAmount: 10_000 })) } : m)) };
    const before = sessionView(windowed, { now: NOW }).methods[1] as FinancingMethodView;
    expect(before).toMatchObject({ method: 'oney', eligible: true });
    expect(before.plans.every((p) => p.eligible)).toBe(true);
    const after = sessionView(granted(windowed, 'card', 25_000), { now: NOW }).methods[1] as FinancingMethodView;
    expect(after).toMatchObject({ method: 'oney', eligible: false });
    expect(after.plans).toHaveLength(2);
    expect(after.plans.every((p) => !p.eligible && p.total.amount >= 5_000)).toBe(true);
  });

  it('prices financing plans on the remaining balance', () => {
    const s = session({
      total: 30_001,
      methods: [{ method: 'oney' }],
      cartItems: [{ label: 'Sofa', quantity: 1, amount: { amount: 30_001, currency: 'EUR' }, detail: FULL_DETAIL }],
      customer: { firstName: 'A', lastName: 'B', email: 'a@b.example', ident: 'c1' },
      billing: { firstName: 'A', lastName: 'B', address: '1 rue', postalCode: '75001', city: 'Paris', country: 'FR' as never, mobilePhone: '+33600000000' },
    });
    const oney = sessionView(s, { now: NOW }).methods[0] as FinancingMethodView;
    const [three, four] = oney.plans;
    expect(three).toMatchObject({ installments: 3, withFees: false, eligible: true, fees: { amount: 0 }, total: { amount: 30_001 }, creditAdvanced: { amount: 20_000 }, apr: 0 });
    expect(three?.schedule).toEqual([
      { dueAt: NOW, amount: { amount: 10_001, currency: 'EUR' } },
      { dueAt: NOW + 30 * 86_400_000, amount: { amount: 10_000, currency: 'EUR' } },
      { dueAt: NOW + 60 * 86_400_000, amount: { amount: 10_000, currency: 'EUR' } },
    ]);
    // 2.2 % of 30 001 = 660.02 -> 660, paid with the first instalment.
    expect(four).toMatchObject({ installments: 4, withFees: true, fees: { amount: 660 }, total: { amount: 30_661 }, creditAdvanced: { amount: 22_500 }, apr: 0.0949 });
    expect(four?.schedule.map((i) => i.amount.amount)).toEqual([7_501 + 660, 7_500, 7_500, 7_500]);
    expect(four?.schedule.reduce((sum, i) => sum + i.amount.amount, 0)).toBe(four?.total.amount);
  });
});

describe("sessionView: the in-page wallet's merchant validation", () => {
  const APPLEPAY_CAPS = { ...WALLET_CAPS, redirect: false, confirm: true };
  const applepay = { methods: [{ method: 'applepay' as const }] };

  /** A platform whose applepay driver validates the merchant through the service or does not. */
  function walletSession(walletSession: boolean): Session {
    const psps: PspCatalog = {
      carries: (provider) => provider === PROVIDER,
      driver: (_provider, method) =>
        method === 'applepay' ? { capabilities: APPLEPAY_CAPS, ...(walletSession ? { walletSession: async () => ({ ack: { outcome: 'accepted' as const } }) } : {}) } : undefined,
    };
    return createSession(request(applepay), creationContext({ now: NOW, psps, account: { merchantId: 'merchant-7' as never, contracts: CONTRACTS_ACME } }));
  }

  it("says 'service' when the wallet's driver validates the merchant (walletSession), whatever it declares", () => {
    const s = walletSession(true);
    expect(s.methods[0]?.capabilities.merchantValidation).toBe(true);
    expect(sessionView(s, { now: NOW }).methods).toEqual([{ method: 'applepay', id: 'applepay', eligible: true, merchantValidation: 'service' }]);
  });

  it("says 'none' when the driver has no walletSession (the wallet's PSP needs no validation)", () => {
    const s = walletSession(false);
    expect(s.methods[0]?.capabilities.merchantValidation).toBe(false);
    expect(sessionView(s, { now: NOW }).methods).toEqual([{ method: 'applepay', id: 'applepay', eligible: true, merchantValidation: 'none' }]);
  });

  it('a driver cannot declare it against its walletSession: the snapshot derives it', () => {
    const psps: PspCatalog = { carries: () => true, driver: () => ({ capabilities: { ...APPLEPAY_CAPS, merchantValidation: false }, walletSession: async () => ({ ack: { outcome: 'accepted' as const } }) }) };
    const s = createSession(request(applepay), creationContext({ now: NOW, psps, account: { merchantId: 'merchant-7' as never, contracts: CONTRACTS_ACME } }));
    expect(sessionView(s, { now: NOW }).methods[0]).toMatchObject({ merchantValidation: 'service' });
  });

  it('omits it for an offer stored before the service told it (unknown: the page asks the door)', () => {
    const s = walletSession(false);
    const { merchantValidation: _dropped, ...before } = s.methods[0]!.capabilities;
    const stored: Session = { ...s, methods: [{ ...s.methods[0]!, capabilities: before }] };
    expect(sessionView(stored, { now: NOW }).methods).toEqual([{ method: 'applepay', id: 'applepay', eligible: true }]);
  });

  it('is snapshotted for in-page wallets only: no other offer carries it', () => {
    const s = session({ methods: [{ method: 'card' }, { method: 'paypal' }, { method: 'ancv' }] });
    expect(s.methods.map((o) => o.capabilities.merchantValidation)).toEqual([undefined, undefined, undefined]);
    expect(sessionView(s, { now: NOW }).methods.some((m) => 'merchantValidation' in m)).toBe(false);
  });
});

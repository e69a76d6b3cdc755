import { ancvMethod, attempt, cardMethod, oneyMethod, paypalMethod, pendingView } from '../testing/view.fixture';
import { amountBounds, ineligibleForAmount, isCounted, isRefusedLowerGrant, isReleasing, isWaiting, ledgerRows, lastUnpaid, rowAction, screenOf, strandsRemainder } from './derive';

describe('screenOf: the screen is a function of the view', () => {
  it.each([
    ['PAID', 'ended'],
    ['ABORTED', 'ended'],
    ['EXPIRED', 'ended'],
    ['AWAITED_REFUSED', 'ended'],
    ['AWAITING', 'awaiting'],
    ['CAPTURING', 'finalising'],
    ['ABORTING', 'finalising'],
    ['EXPIRING', 'finalising'],
  ] as const)('%s shows %s', (status, kind) => {
    expect(screenOf(pendingView({ status })).kind).toBe(kind);
  });

  it('pending with nothing in flight is the form; an AUTHORIZING attempt (redirected or not) is confirming', () => {
    expect(screenOf(pendingView()).kind).toBe('paying');
    expect(screenOf(pendingView({ attempts: [attempt({ status: 'AUTHORIZING' })] })).kind).toBe('confirming');
    expect(screenOf(pendingView({ attempts: [attempt({ status: 'AUTHORIZING', redirect: { kind: 'navigate', url: 'https://psp.example/pay' } })] })).kind).toBe('confirming');
  });

  it('a mandated partial grant waiting for the payer is the prompt, before anything else', () => {
    const deciding = attempt({ granted: { amount: 2000, currency: 'EUR' }, partialAuth: 'mandated', awaitingPartialDecision: true });
    expect(screenOf(pendingView({ attempts: [deciding] }))).toEqual({ kind: 'partial-decision', attempt: deciding });
    expect(screenOf(pendingView({ attempts: [{ ...deciding, awaitingPartialDecision: false }] })).kind).toBe('paying');
  });
});

describe('ledger', () => {
  it('lists holds, payments and attempts on their way; not declined, cancelled or released ones', () => {
    const statuses = ['AUTHORIZING', 'AUTHORIZED', 'CAPTURED', 'DECLINED', 'CANCELLED', 'VOIDED'] as const;
    const view = pendingView({ attempts: statuses.map((status, i) => attempt({ status, attemptId: `a${i}` })) });
    expect(ledgerRows(view).map((a) => a.status)).toEqual(['AUTHORIZING', 'AUTHORIZED', 'CAPTURED']);
  });

  it('offers remove on a hold, stop on an abandonable attempt in flight, nothing otherwise', () => {
    const view = pendingView();
    expect(rowAction(view, attempt({ status: 'AUTHORIZED' }))).toBe('remove');
    expect(rowAction(view, attempt({ status: 'AUTHORIZED', operation: 'payment' }))).toBe('none');
    expect(rowAction(view, attempt({ status: 'AUTHORIZING', abandonable: true }))).toBe('stop');
    expect(rowAction(view, attempt({ status: 'AUTHORIZING', abandonable: false }))).toBe('none');
    expect(rowAction(pendingView({ status: 'PAID' }), attempt({ status: 'AUTHORIZED' }))).toBe('none');
  });

  it('tells the last decline or cancellation only while nothing was tried since', () => {
    const declined = attempt({ status: 'DECLINED', declineCategory: 'insufficient-funds' });
    const cancelled = attempt({ attemptId: 'c', status: 'CANCELLED' });
    expect(lastUnpaid(pendingView({ attempts: [declined] }))).toBe(declined);
    expect(lastUnpaid(pendingView({ attempts: [declined, cancelled] }))).toBe(cancelled);
    expect(lastUnpaid(pendingView({ attempts: [declined, attempt({ attemptId: 'b' })] }))).toBeUndefined();
  });

  it('tells a card grant refused for its network (D74), while its hold is being released and once voided; not a tranche the payer removed', () => {
    const releasing = attempt({ status: 'AUTHORIZED', released: true, cardScheme: 'visa', declineCategory: 'method-unavailable' });
    const voided = { ...releasing, status: 'VOIDED' as const };
    expect(lastUnpaid(pendingView({ attempts: [releasing] }))).toBe(releasing);
    expect(lastUnpaid(pendingView({ attempts: [voided] }))).toBe(voided);
    expect(lastUnpaid(pendingView({ attempts: [attempt({ status: 'VOIDED', released: true })] }))).toBeUndefined();
  });
});

describe('amount bounds', () => {
  it('are the range capped by the remaining balance, at least one minor unit', () => {
    expect(amountBounds(cardMethod, 12000)).toEqual({ min: 1, max: 12000, _locked: false });
    expect(amountBounds(ancvMethod, 12000)).toEqual({ min: 1000, max: 5000, _locked: false });
    expect(amountBounds(ancvMethod, 3000)).toEqual({ min: 1000, max: 3000, _locked: false });
  });

  it('lock to the remaining balance for a method that must settle it, and for financing', () => {
    expect(amountBounds({ ...cardMethod, mustSettleRemaining: true }, 7000)).toEqual({ min: 7000, max: 7000, _locked: true });
    expect(amountBounds(oneyMethod, 12000)).toEqual({ min: 12000, max: 12000, _locked: true });
  });

  it('warn when what would remain is below every eligible method’s minimum', () => {
    const view = pendingView({ methods: [ancvMethod, { ...cardMethod, range: { min: 500, max: 100000, currency: 'EUR' } }] });
    expect(strandsRemainder(view, ancvMethod, 11800)).toBe(true);
    expect(strandsRemainder(view, ancvMethod, 11000)).toBe(false);
    expect(strandsRemainder(view, ancvMethod, 12000)).toBe(false);
  });
});

describe('releases on their way', () => {
  it('a hold still AUTHORIZED that no longer counts against the balance is being released: poll briskly', () => {
    const held = pendingView({ remaining: { amount: 8000, currency: 'EUR' }, attempts: [attempt()] });
    const released = pendingView({ attempts: [attempt()] });
    expect(isReleasing(held)).toBe(false);
    expect(isWaiting(held)).toBe(false);
    expect(isReleasing(released)).toBe(true);
    expect(isWaiting(released)).toBe(true);
    expect(isWaiting(pendingView({ attempts: [attempt({ status: 'VOIDED' })] }))).toBe(false);
  });

  it('a released attempt (a refused lower grant) counts as neither held nor paid, offers no action, and is polled briskly until VOIDED', () => {
    const refused = attempt({ granted: { amount: 2500, currency: 'EUR' }, partialAuth: 'mandated', awaitingPartialDecision: false, released: true });
    const view = pendingView({ attempts: [refused] });
    expect(isCounted(refused)).toBe(false);
    expect(isCounted(attempt())).toBe(true);
    expect(isRefusedLowerGrant(refused)).toBe(true);
    expect(isRefusedLowerGrant(attempt({ released: true }))).toBe(false);
    expect(isRefusedLowerGrant(attempt({ granted: { amount: 2500, currency: 'EUR' }, partialAuth: 'mandated', awaitingPartialDecision: false }))).toBe(false);
    expect(rowAction(view, refused)).toBe('none');
    expect(screenOf(view).kind).toBe('paying');
    expect(isReleasing(view)).toBe(true);
    expect(isWaiting(pendingView({ attempts: [{ ...refused, status: 'VOIDED' }] }))).toBe(false);
  });

  it('offers nothing on a row the payer already removed', () => {
    expect(rowAction(pendingView(), attempt(), [attempt().attemptId])).toBe('none');
  });
});

describe('ineligibleForAmount: whether the amount explains an ineligible entry', () => {
  it('does for nothing left, a remaining balance outside the range, or no plan covering it; not otherwise', () => {
    const view = pendingView({ remaining: { amount: 8000, currency: 'EUR' } });
    expect(ineligibleForAmount(view, { ...ancvMethod, eligible: false })).toBe(true);
    expect(ineligibleForAmount(pendingView({ remaining: { amount: 0, currency: 'EUR' } }), { ...paypalMethod, eligible: false })).toBe(true);
    const financing = oneyMethod as Extract<typeof oneyMethod, { method: 'oney' }>;
    expect(ineligibleForAmount(view, { ...financing, eligible: false, plans: financing.plans.map((p) => ({ ...p, eligible: false })) })).toBe(true);
    expect(ineligibleForAmount(view, { ...paypalMethod, eligible: false })).toBe(false);
  });
});

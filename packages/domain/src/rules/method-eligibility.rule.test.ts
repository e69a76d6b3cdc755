import { money } from '../money/money';
import { aSession, ancv, card, EUR, oney, paypal } from '../session/session.fixture';
import { mustSettleRemaining, isAbandonable } from './abandonable.rule';
import { respectsAliasRule, splitForbiddenByAlias } from './alias-split.rule';
import { isMethodEligible, methodEligibility, plansCovering } from './method-eligibility.rule';
import { anAttempt } from './rules.fixture';
import { sealedVoucher } from '../session/session.fixture';

describe('eligibility of a method', () => {
  it('is eligible when the remaining balance is inside the range window', () => {
    expect(isMethodEligible(aSession({ total: money(20, EUR) }), ancv)).toBe(true);
    expect(methodEligibility(aSession({ total: money(19, EUR) }), ancv)).toEqual({ eligible: false, reason: 'outside-range' });
    expect(methodEligibility(aSession({ total: money(100_001, EUR) }), ancv)).toEqual({ eligible: false, reason: 'outside-range' });
  });

  it('follows the remaining balance, not the total', () => {
    const s = aSession({ attempts: [anAttempt('CAPTURED', 9_990)] });
    expect(methodEligibility(s, ancv)).toEqual({ eligible: false, reason: 'outside-range' });
    expect(isMethodEligible(s, card)).toBe(true);
  });

  it('needs a financing plan that still covers the remaining balance', () => {
    expect(plansCovering(oney, money(4_000, EUR)).map((p) => p.installments)).toEqual([3]);
    expect(isMethodEligible(aSession(), oney)).toBe(true);
    expect(methodEligibility(aSession({ attempts: [anAttempt('CAPTURED', 9_950)] }), oney)).toEqual({ eligible: false, reason: 'no-plan-covers' });
    expect(methodEligibility(aSession(), { ...oney, plans: [] })).toEqual({ eligible: false, reason: 'no-plan-covers' });
  });

  it('needs alias registration when the order must register the payer means', () => {
    expect(methodEligibility(aSession({ mustCreateAlias: true }), paypal)).toEqual({ eligible: false, reason: 'cannot-register-alias' });
    expect(isMethodEligible(aSession({ mustCreateAlias: true }), card)).toBe(true);
  });

  it('needs a returnUrl for a method that sends the payer to its PSP, told before the amount', () => {
    const noWayBack = aSession({ returnUrl: undefined });
    expect(methodEligibility(noWayBack, paypal)).toEqual({ eligible: false, reason: 'no-return-url' });
    expect(methodEligibility(noWayBack, { ...paypal, range: { min: 20_000, max: 30_000 } })).toEqual({ eligible: false, reason: 'no-return-url' });
    expect(isMethodEligible(noWayBack, card)).toBe(true);
  });

  it('nothing is eligible once nothing remains', () => {
    expect(methodEligibility(aSession({ attempts: [anAttempt('AUTHORIZED', 10_000)] }), card)).toEqual({ eligible: false, reason: 'nothing-remaining' });
  });
});

describe('mustSettleRemaining and abandonable', () => {
  it('a hold is always abandonable; a direct payment only where its PSP can undo it', () => {
    expect(isAbandonable(card)).toBe(true);
    expect(isAbandonable(ancv)).toBe(true);
    expect(isAbandonable({ ...sealedVoucher, capabilities: { ...sealedVoucher.capabilities, void: true } })).toBe(true);
    expect(isAbandonable(sealedVoucher)).toBe(false);
  });

  it('a direct payment nothing can hand back must settle the remaining balance', () => {
    expect(mustSettleRemaining(sealedVoucher)).toBe(true);
    expect(mustSettleRemaining(ancv)).toBe(false);
    expect(mustSettleRemaining(card)).toBe(false);
  });
});

describe('the alias rule (no split)', () => {
  it('an order that registers the payer means is paid in one tranche of the whole total', () => {
    const s = aSession({ mustCreateAlias: true });
    expect(splitForbiddenByAlias(s)).toBe(true);
    expect(respectsAliasRule(s, money(10_000, EUR))).toBe(true);
    expect(respectsAliasRule(s, money(5_000, EUR))).toBe(false);
    expect(respectsAliasRule(aSession(), money(5_000, EUR))).toBe(true);
  });
});

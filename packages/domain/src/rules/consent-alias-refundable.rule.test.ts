import { money } from '../money/money';
import { aSession, card, EUR, paypal, T0 } from '../session/session.fixture';
import { canRegisterAlias, respectsAliasRule, splitForbiddenByAlias } from './alias-split.rule';
import { refundable } from './refundable.rule';
import { anAttempt } from './rules.fixture';
import { declaresTerms, termsSettled } from './terms-consent.rule';

const TERMS = [{ label: 'CGV', url: 'https://m.example/cgv' }];

describe('terms consent', () => {
  it('is settled when no terms were declared, or once consent was recorded', () => {
    expect([declaresTerms(aSession()), termsSettled(aSession())]).toEqual([false, true]);
    expect([declaresTerms(aSession({ terms: [] })), termsSettled(aSession({ terms: [] }))]).toEqual([false, true]);
    expect([declaresTerms(aSession({ terms: TERMS })), termsSettled(aSession({ terms: TERMS }))]).toEqual([true, false]);
    expect(termsSettled(aSession({ terms: TERMS, termsAcceptedAt: T0 }))).toBe(true);
  });
});

describe('the alias rule (no split)', () => {
  it('lets a mustCreateAlias order be paid only in one tranche of the whole total', () => {
    const alias = aSession({ mustCreateAlias: true, total: money(10_000, EUR) });
    expect(splitForbiddenByAlias(alias)).toBe(true);
    expect(respectsAliasRule(alias, money(10_000, EUR))).toBe(true);
    expect(respectsAliasRule(alias, money(9_999, EUR))).toBe(false);
    expect(splitForbiddenByAlias(aSession())).toBe(false);
    expect(respectsAliasRule(aSession(), money(1, EUR))).toBe(true);
  });

  it('needs a method that can register the payer\'s means', () => {
    expect(canRegisterAlias(card)).toBe(true);
    expect(canRegisterAlias(paypal)).toBe(false);
  });
});

describe('refundable', () => {
  it('is granted minus refunded on an attempt that took its money, and zero otherwise', () => {
    expect(refundable(anAttempt('CAPTURED', 5_000))).toEqual(money(5_000, EUR));
    expect(refundable(anAttempt('CAPTURED', 5_000, { refunded: money(1_500, EUR) }))).toEqual(money(3_500, EUR));
    expect(refundable(anAttempt('CAPTURED', 5_000, { refunded: money(5_000, EUR) }))).toEqual(money(0, EUR));
    for (const status of ['AUTHORIZING', 'AUTHORIZED', 'DECLINED', 'CANCELLED', 'VOIDED'] as const) {
      expect(refundable(anAttempt(status, 5_000))).toEqual(money(0, EUR));
    }
  });

  it('is zero on a taken attempt the service is handing back, owedToPayer included (it did not settle)', () => {
    expect(refundable(anAttempt('CAPTURED', 5_000, { releasedAt: T0 }))).toEqual(money(0, EUR));
    expect(refundable(anAttempt('CAPTURED', 5_000, { releasedAt: T0, owedToPayer: '5000 EUR (minor units) taken by card at fake: the refund failed' }))).toEqual(money(0, EUR));
  });
});

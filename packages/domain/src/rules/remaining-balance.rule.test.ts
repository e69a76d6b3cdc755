import { money } from '../money/money';
import { aSession, EUR, T0 } from '../session/session.fixture';
import { capturedAmount, isCovered } from './coverage.rule';
import { isSettled, remainingBalance, settledGranted } from './remaining-balance.rule';
import { anAttempt } from './rules.fixture';

describe('remaining balance', () => {
  it('settled attempts are AUTHORIZED or CAPTURED ones the service is not handing back', () => {
    expect(isSettled(anAttempt('AUTHORIZED', 1))).toBe(true);
    expect(isSettled(anAttempt('CAPTURED', 1))).toBe(true);
    for (const status of ['AUTHORIZING', 'DECLINED', 'CANCELLED', 'VOIDED'] as const) expect(isSettled(anAttempt(status, 1))).toBe(false);
    expect(isSettled(anAttempt('AUTHORIZED', 1, { releasedAt: T0 }))).toBe(false);
  });

  it('is the total minus what settled attempts were granted', () => {
    const s = aSession({
      attempts: [anAttempt('CAPTURED', 2_000), anAttempt('AUTHORIZED', 3_000), anAttempt('DECLINED', 4_000), anAttempt('AUTHORIZED', 500, { releasedAt: T0 })],
    });
    expect(settledGranted(s)).toEqual(money(5_000, EUR));
    expect(remainingBalance(s)).toEqual(money(5_000, EUR));
  });
});

describe('coverage and captured', () => {
  it('covered once settled grants reach the total, nothing AUTHORIZING and no undecided mandated partial', () => {
    expect(isCovered(aSession({ attempts: [anAttempt('AUTHORIZED', 6_000), anAttempt('CAPTURED', 4_000)] }))).toBe(true);
    expect(isCovered(aSession({ attempts: [anAttempt('AUTHORIZED', 6_000)] }))).toBe(false);
    expect(isCovered(aSession({ attempts: [anAttempt('AUTHORIZED', 10_000, { partialAuth: 'mandated' })] }))).toBe(false);
    expect(isCovered(aSession({ attempts: [anAttempt('AUTHORIZED', 10_000, { partialAuth: 'mandated', partialAcceptedAt: T0 })] }))).toBe(true);
  });

  it('captured counts the settled attempts that took their money', () => {
    const s = aSession({ attempts: [anAttempt('CAPTURED', 2_000), anAttempt('AUTHORIZED', 3_000), anAttempt('CAPTURED', 700, { releasedAt: T0 })] });
    expect(capturedAmount(s)).toEqual(money(2_000, EUR));
  });
});

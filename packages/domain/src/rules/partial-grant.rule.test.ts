import { money } from '../money/money';
import { aSession, ancv, card, EUR, strictCard, T0 } from '../session/session.fixture';
import { attemptInFlight } from './attempt-in-flight.rule';
import { grantDecision, isAwaitingPartialDecision } from './partial-grant.rule';
import { anAttempt } from './rules.fixture';
import { declaresTerms, termsSettled } from './terms-consent.rule';

const eur = (n: number) => money(n, EUR);

describe('partial grants', () => {
  it('a full grant is full', () => {
    expect(grantDecision({ requested: eur(100), granted: eur(100), chosenByPayer: false, offer: strictCard, mustCreateAlias: false })).toEqual({ kind: 'full' });
  });
  it('a lower grant the payer chose is a chosen partial', () => {
    expect(grantDecision({ requested: eur(100), granted: eur(60), chosenByPayer: true, offer: ancv, mustCreateAlias: false })).toEqual({ kind: 'partial', partialAuth: 'chosen' });
  });
  it('a lower grant the issuer imposed is mandated where the method allows partial authorization', () => {
    expect(grantDecision({ requested: eur(100), granted: eur(60), chosenByPayer: false, offer: card, mustCreateAlias: false })).toEqual({ kind: 'partial', partialAuth: 'mandated' });
  });
  it('refused where the method does not allow it, on a no-split order, or an unchosen lower direct payment, naming who lowered it', () => {
    const mandated = { kind: 'refused', partialAuth: 'mandated' };
    expect(grantDecision({ requested: eur(100), granted: eur(60), chosenByPayer: false, offer: strictCard, mustCreateAlias: false })).toEqual(mandated);
    expect(grantDecision({ requested: eur(100), granted: eur(60), chosenByPayer: false, offer: card, mustCreateAlias: true })).toEqual(mandated);
    expect(grantDecision({ requested: eur(100), granted: eur(60), chosenByPayer: true, offer: card, mustCreateAlias: true })).toEqual({ kind: 'refused', partialAuth: 'chosen' });
    expect(grantDecision({ requested: eur(100), granted: eur(60), chosenByPayer: false, offer: { ...ancv, partialAuth: true }, mustCreateAlias: false })).toEqual(mandated);
  });
  it('a zero grant is refused and names nobody', () => {
    expect(grantDecision({ requested: eur(100), granted: eur(0), chosenByPayer: true, offer: card, mustCreateAlias: false })).toEqual({ kind: 'refused' });
    expect(grantDecision({ requested: eur(100), granted: eur(0), chosenByPayer: false, offer: card, mustCreateAlias: false })).toEqual({ kind: 'refused' });
  });
  it('a mandated partial awaits the decision until accepted, derived from recorded state', () => {
    expect(isAwaitingPartialDecision(anAttempt('AUTHORIZED', 60, { partialAuth: 'mandated' }))).toBe(true);
    expect(isAwaitingPartialDecision(anAttempt('AUTHORIZED', 60, { partialAuth: 'mandated', partialAcceptedAt: T0 }))).toBe(false);
    expect(isAwaitingPartialDecision(anAttempt('AUTHORIZED', 60, { partialAuth: 'chosen' }))).toBe(false);
    expect(isAwaitingPartialDecision(anAttempt('AUTHORIZED', 60, { partialAuth: 'mandated', releasedAt: T0 }))).toBe(false);
  });
});

describe('one attempt in flight', () => {
  it('an AUTHORIZING attempt, or an undecided mandated partial, is in flight', () => {
    const authorizing = anAttempt('AUTHORIZING', 100);
    expect(attemptInFlight(aSession({ attempts: [anAttempt('DECLINED', 1), authorizing] }))).toBe(authorizing);
    const undecided = anAttempt('AUTHORIZED', 60, { partialAuth: 'mandated' });
    expect(attemptInFlight(aSession({ attempts: [undecided] }))).toBe(undecided);
    expect(attemptInFlight(aSession({ attempts: [anAttempt('AUTHORIZED', 60), anAttempt('CANCELLED', 1)] }))).toBeUndefined();
  });
});

describe('terms consent', () => {
  const terms = [{ label: 'CGV', url: 'https://m.example/cgv' }];
  it('declared terms are settled once consent was recorded; no terms are always settled', () => {
    expect(declaresTerms(aSession({ terms }))).toBe(true);
    expect(termsSettled(aSession({ terms }))).toBe(false);
    expect(termsSettled(aSession({ terms, termsAcceptedAt: T0 }))).toBe(true);
    expect(termsSettled(aSession())).toBe(true);
  });
});

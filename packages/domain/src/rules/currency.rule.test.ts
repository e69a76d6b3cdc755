import type { MethodOffer } from '../method/method';
import { currencyCode } from '../money/currency';
import { money, zero } from '../money/money';
import { aSession, ancv, card, ctxAt, T0 } from '../session/session.fixture';
import { startAttempt } from '../session/start-attempt';
import { methodView } from '../view/method-view';
import { methodEligibility } from './method-eligibility.rule';

const USD = currencyCode('USD');
const inUsd = aSession({ total: money(10_000, USD), captured: zero(USD) });
/** Vouchers whose PSP declared it takes euros only. */
const eurOnly: MethodOffer = { ...ancv, id: 'eur-only', capabilities: { ...ancv.capabilities, currencies: ['EUR'] } };

describe('a method whose PSP takes only some currencies (the driver declares them)', () => {
  it('is not eligible in a session of another currency, and says why', () => {
    expect(methodEligibility(inUsd, eurOnly)).toEqual({ eligible: false, reason: 'currency-not-accepted' });
    expect(methodEligibility(aSession(), eurOnly)).toEqual({ eligible: true });
  });

  it('is read from the capabilities, not the method: the same method with no declared currencies takes any', () => {
    expect(methodEligibility(inUsd, ancv)).toEqual({ eligible: true });
    expect(methodEligibility(inUsd, card)).toEqual({ eligible: true });
  });

  it('stays listed in the view, not eligible', () => {
    const session = { ...inUsd, methods: [eurOnly, card] };
    const ctx = { session, remaining: money(10_000, USD), now: T0 + 1, hostedFields: {} };
    expect(session.methods.map((offer) => [offer.id, methodView(offer, ctx).eligible])).toEqual([
      ['eur-only', false],
      ['card', true],
    ]);
  });

  it('a start is refused before any PSP is called (MethodNotEligible, naming the currency)', () => {
    const session = { ...inUsd, methods: [eurOnly, card] };
    expect(() => startAttempt(session, { methodId: 'eur-only', amount: 10_000 }, ctxAt(T0 + 1))).toThrow(
      expect.objectContaining({ code: 'MethodNotEligible', message: expect.stringContaining("does not take the session's currency") }),
    );
  });
});

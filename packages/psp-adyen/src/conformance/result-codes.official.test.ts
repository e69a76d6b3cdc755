import { money } from '@splitpay/domain';
import { paymentResult } from '../mapping/payment-result';
import { checkout } from '../testing/official-model';

/**
 * Every resultCode Adyen's PaymentResponse model knows, through our mapping: the codes it acts on
 * are spelt as Adyen spells them (a misspelt case would fall to "verdict by webhook").
 */

const asked = money(10_000, 'EUR');
const redirect = { type: 'redirect', method: 'GET', url: 'https://checkoutshopper-test.adyen.com/checkoutshopper/threeDS/redirect?MD=M2Rz' };

/** What each code becomes (payment-result.ts): a fact's kind, our redirect, a rejected ack, or nothing yet. */
const EXPECTED: Readonly<Record<string, string>> = {
  Authorised: 'authorized',
  PartiallyAuthorised: 'authorized',
  Refused: 'declined',
  Cancelled: 'cancelled-by-payer',
  Error: 'rejected',
  RedirectShopper: 'redirect',
  ChallengeShopper: 'redirect',
  IdentifyShopper: 'redirect',
  PresentToShopper: 'redirect',
  Pending: 'by webhook',
  Received: 'by webhook',
  AuthenticationFinished: 'by webhook',
  AuthenticationNotRequired: 'by webhook',
  Success: 'by webhook',
};

/** A partial grant states what it granted (without it the answer is no verdict: never the amount asked, D106-d). */
const granted = { additionalData: { authorisedAmountValue: '6000', authorisedAmountCurrency: 'EUR' } };

function outcomeOf(resultCode: string): string {
  const body = { resultCode, pspReference: 'PSP1', action: redirect, ...(resultCode === 'PartiallyAuthorised' ? granted : {}) };
  const out = paymentResult({ kind: 'answer', status: 200, body }, 'tx-1', asked);
  if (out.ack.outcome === 'rejected') return 'rejected';
  if (out.redirect) return 'redirect';
  return out.facts[0]?.kind ?? 'by webhook';
}

describe("Adyen's PaymentResponse.ResultCodeEnum through our mapping", () => {
  const official = Object.values(checkout.PaymentResponse.ResultCodeEnum) as string[];

  it('the table covers exactly the official codes', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual([...official].sort());
  });

  it.each(official)('%s', (resultCode) => {
    expect(outcomeOf(resultCode)).toBe(EXPECTED[resultCode]);
  });
});

import { money } from '@splitpay/domain';
import { paymentResult } from '../mapping/payment-result';
import {
  applePaySession,
  authorised,
  authorisedStoring,
  cancelReceived,
  captureReceived,
  detailsAuthorised,
  partiallyAuthorised,
  redirectShopper,
  redirectShopperByPost,
  refundReceived,
  refused,
  serviceError,
} from '../testing/adyen-answers';
import { readAs, type CheckoutModelName } from '../testing/official-model';

/**
 * Our fixtures of Adyen's answers, read by the official library's models: it keeps every field of
 * them (a field its model lacks would be dropped), and our mapping makes the same of what it kept.
 */

const asked = money(10_000, 'EUR');
const modified = { merchantAccount: 'SplitpayShopECOM', paymentPspReference: 'PSPPAY1', pspReference: 'PSPMOD1', reference: 'tx-2' };

const payments: readonly [string, object][] = [
  ['Authorised', authorised('PSP1', 'tx-1', 'mc')],
  ['Authorised, the card stored', authorisedStoring('PSP2', 'tx-1', 'STORED-1')],
  ['PartiallyAuthorised', partiallyAuthorised('PSP3', 'tx-1', money(6_000, 'EUR'))],
  ['Refused', refused('PSP4', 'tx-1', '12', 'Not enough balance')],
  ['RedirectShopper (GET)', redirectShopper('PSP5', 'https://checkoutshopper-test.adyen.com/checkoutshopper/threeDS/redirect?MD=M2Rz')],
  ['RedirectShopper (POST)', redirectShopperByPost('PSP6', 'https://acs.example/challenge', { MD: 'md-1', PaReq: 'pareq-1', TermUrl: 'https://pay.example/back' })],
];

describe("Adyen's PaymentResponse model reads our /payments answers", () => {
  it.each(payments)('%s: kept whole, and mapped alike', (_name, answer) => {
    const read = readAs(answer, 'PaymentResponse');
    expect(read).toEqual(answer);
    expect(paymentResult({ kind: 'answer', status: 200, body: read as Record<string, unknown> }, 'tx-1', asked)).toEqual(paymentResult({ kind: 'answer', status: 200, body: answer as Record<string, unknown> }, 'tx-1', asked));
  });

  // PaymentResponse passes its action through untyped (a union): the redirect is read by its own model.
  it.each(payments.filter(([name]) => name.startsWith('RedirectShopper')))('%s: its action is a CheckoutRedirectAction', (_name, answer) => {
    const { action } = answer as { action: object };
    expect(readAs(action, 'CheckoutRedirectAction')).toEqual(action);
  });

  it('a native 3-D Secure 2 action, relayed to the page with its documented fields only, is a CheckoutThreeDS2Action', () => {
    for (const subtype of ['fingerprint', 'challenge']) {
      const action = { type: 'threeDS2', subtype, paymentMethodType: 'scheme', token: 'eyJ0aHJlZURTU2VydmVyVHJhbnNJRCI6IjEifQ==', paymentData: 'Ab02b4c0!BQABAgA', authorisationToken: 'Ab02b4c0!BQABAgB' };
      const output = paymentResult({ kind: 'answer', status: 200, body: { resultCode: subtype === 'fingerprint' ? 'IdentifyShopper' : 'ChallengeShopper', action } }, 'tx-1', money(1_000, 'EUR'), { inPageActions: true });
      expect(output.pageAction?.action).toEqual(action);
      expect(readAs(output.pageAction?.action, 'CheckoutThreeDS2Action')).toEqual(action);
    }
  });

  it("/payments/details' answer is a PaymentDetailsResponse", () => {
    const answer = detailsAuthorised('PSP7', 'tx-1');
    expect(readAs(answer, 'PaymentDetailsResponse')).toEqual(answer);
  });
});

describe("Adyen's other answer models read ours", () => {
  it.each<[CheckoutModelName, object]>([
    ['PaymentCaptureResponse', captureReceived(modified, money(4_000, 'EUR'))],
    ['PaymentCancelResponse', cancelReceived(modified)],
    ['PaymentRefundResponse', refundReceived(modified, money(4_000, 'EUR'))],
    ['ApplePaySessionResponse', applePaySession({ merchantSessionIdentifier: 'SSH-1', nonce: 'n1' })],
    ['ServiceError', serviceError(422, '14_030', 'Return URL is missing.', 'validation', '8816118280275544')],
  ])('%s: kept whole', (model, answer) => {
    expect(readAs(answer, model)).toEqual(answer);
  });
});

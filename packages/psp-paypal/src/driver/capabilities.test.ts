import { PAYPAL_CAPABILITIES } from './capabilities';

describe('PAYPAL_CAPABILITIES', () => {
  it('a hold the payer approves at PayPal: no partial grant, void, refunds in slices, status lookup', () => {
    expect(PAYPAL_CAPABILITIES).toEqual({
      operation: 'authorization',
      partialAuthorization: false,
      payerChosenPartial: false,
      void: true,
      refund: true,
      partialRefund: true,
      statusLookup: true,
      aliasRegistration: false,
      threeDSecure: false,
      confirm: false,
      financing: false,
      redirect: true,
    });
  });
});

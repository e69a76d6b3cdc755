import { PAYPAL_CAPABILITIES } from './capabilities';

describe('PAYPAL_CAPABILITIES', () => {
  it('a hold the payer approves at PayPal: no partial grant, void, refunds in slices, status lookup of the opening and of a pending follow-up', () => {
    const { operation, ...flags } = PAYPAL_CAPABILITIES;
    expect(operation).toBe('authorization');
    const granted = Object.entries(flags).filter(([, on]) => on === true).map(([name]) => name);
    expect(granted.sort()).toEqual(['followUpLookup', 'partialRefund', 'redirect', 'refund', 'statusLookup', 'void']);
    expect(Object.keys(flags)).toHaveLength(12);
  });
});

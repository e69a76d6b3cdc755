import { PAYPAL_CAPABILITIES } from './capabilities';

describe('PAYPAL_CAPABILITIES', () => {
  it('a hold the payer approves at PayPal: no partial grant, void, refunds in slices, status lookup of the opening and of a pending follow-up', () => {
    const { operation, currencies, ...flags } = PAYPAL_CAPABILITIES;
    expect(operation).toBe('authorization');
    expect(currencies).toEqual(expect.arrayContaining(['EUR', 'USD', 'HUF', 'JPY', 'TWD']));
    expect(currencies).not.toContain('KWD');
    const granted = Object.entries(flags).filter(([, on]) => on === true).map(([name]) => name);
    expect(granted.sort()).toEqual(['followUpLookup', 'partialRefund', 'redirect', 'refund', 'statusLookup', 'void']);
    expect(Object.keys(flags)).toHaveLength(12);
  });
});

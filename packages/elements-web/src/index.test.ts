// Imported at the top, in Node without a DOM: the import itself is the server-side rendering check.
import * as sdk from './index';

describe('the package entry', () => {
  it('imports where there is no window (server-side rendering) and touches nothing', () => {
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined');
    expect(typeof sdk.mount).toBe('function');
    expect(sdk.version).toBe('1');
    expect(() => sdk.mount('#checkout', { elementsToken: 'pst_x', baseUrl: 'https://pay.example' })).toThrow('SplitPay.mount: no element matches #checkout');
  });
});

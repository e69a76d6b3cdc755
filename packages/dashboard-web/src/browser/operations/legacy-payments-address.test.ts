import { operationsAddressOfLegacyPayments } from './legacy-payments-address';

describe('an address of the payments view from before D65', () => {
  it('naming a provider or a type opens the Operations view with them, the order reference and the days', () => {
    expect(operationsAddressOfLegacyPayments(new URLSearchParams('orderId=o-1&status=PAID&provider=fake&type=refund&from=2026-01-01&to=2026-01-31'))).toBe(
      '#/operations?orderId=o-1&provider=fake&type=refund&from=2026-01-01&to=2026-01-31',
    );
    expect(operationsAddressOfLegacyPayments(new URLSearchParams('type=capture'))).toBe('#/operations?type=capture');
    expect(operationsAddressOfLegacyPayments(new URLSearchParams('provider=adyen&from=2026-02-01'))).toBe('#/operations?provider=adyen&from=2026-02-01');
  });

  it("drops the payment's status: a session's status is not an operation's verdict", () => {
    expect(operationsAddressOfLegacyPayments(new URLSearchParams('status=PENDING&type=void'))).toBe('#/operations?type=void');
  });

  it('is none for a payments address of today (no provider, no type, or neither readable)', () => {
    expect(operationsAddressOfLegacyPayments(new URLSearchParams('orderId=o-1&status=PAID'))).toBeUndefined();
    expect(operationsAddressOfLegacyPayments(new URLSearchParams('provider=&type=chargeback'))).toBeUndefined();
  });
});

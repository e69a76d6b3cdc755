import { operationsAddress, operationsQuery } from './operation-filters';

describe('operation filters', () => {
  it("ask GET /api/transactions for one keyset page with the search's own parameters", () => {
    const query = operationsQuery({ orderId: ' order-42 ', provider: 'fake', type: 'refund', status: 'succeeded', fromDate: '2026-03-01', toDate: '2026-03-31' }, 20, 'cursor-1');
    expect(Object.fromEntries(query)).toEqual({
      limit: '20',
      orderId: 'order-42',
      provider: 'fake',
      type: 'refund',
      status: 'succeeded',
      from: String(new Date(2026, 2, 1).getTime()),
      to: String(new Date(2026, 3, 1).getTime()),
      cursor: 'cursor-1',
    });
  });

  it('leave out what is empty or malformed', () => {
    expect(Object.fromEntries(operationsQuery({ orderId: '  ', fromDate: 'yesterday' }, 20))).toEqual({ limit: '20' });
  });

  it('travel through the view address and back, unknown values dropped', () => {
    const filters = { orderId: 'order 7', provider: 'adyen', type: 'capture' as const, status: 'failed' as const, fromDate: '2026-01-01', toDate: '2026-01-02' };
    const hash = operationsAddress.hash(filters);
    expect(hash.startsWith('#/operations?')).toBe(true);
    expect(operationsAddress.filters(new URLSearchParams(hash.split('?')[1]))).toEqual(filters);
    expect(operationsAddress.filters(new URLSearchParams('provider=&type=chargeback&status=PAID&from=3'))).toEqual({});
  });

  it('keep a provider the account holds no contract with: the door searches any name, so the address is searched as written (D66)', () => {
    expect(operationsAddress.filters(new URLSearchParams('provider=legacy-psp'))).toEqual({ provider: 'legacy-psp' });
    expect(operationsAddress.hash({})).toBe('#/operations');
  });
});

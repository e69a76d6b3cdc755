import { paymentsAddress, searchQuery } from './payment-filters';

describe('payment filters', () => {
  it('ask for one keyset page by order reference and status', () => {
    expect(Object.fromEntries(searchQuery({ orderId: ' order-42 ', status: 'PAID' }, 'cursor-1'))).toEqual({
      limit: '20',
      orderId: 'order-42',
      status: 'PAID',
      cursor: 'cursor-1',
    });
  });

  it('turn calendar days into a from-inclusive, to-exclusive window covering the last day whole', () => {
    const query = searchQuery({ fromDate: '2026-03-01', toDate: '2026-03-31' });
    expect(Number(query.get('from'))).toBe(new Date(2026, 2, 1).getTime());
    expect(Number(query.get('to'))).toBe(new Date(2026, 3, 1).getTime());
  });

  it('leave out what is empty or malformed', () => {
    expect(Object.fromEntries(searchQuery({ orderId: '  ', fromDate: 'yesterday' }))).toEqual({ limit: '20' });
  });

  it('travel through the view address and back', () => {
    const filters = { orderId: 'order 7', status: 'EXPIRED' as const, fromDate: '2026-01-01', toDate: '2026-01-02' };
    const hash = paymentsAddress.hash(filters);
    expect(paymentsAddress.filters(new URLSearchParams(hash.split('?')[1]))).toEqual(filters);
    expect(paymentsAddress.filters(new URLSearchParams('status=NOPE&from=3'))).toEqual({});
    expect(paymentsAddress.hash({})).toBe('#/payments');
  });

  it('leave provider and operation type to the Operations view (D65): an older address keeps the rest', () => {
    expect(paymentsAddress.filters(new URLSearchParams('orderId=o&provider=adyen&type=refund'))).toEqual({ orderId: 'o' });
  });
});

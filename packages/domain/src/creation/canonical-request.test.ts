import { canonicalRequestText } from './canonical-request';

describe('canonicalRequestText', () => {
  it('writes the same text whatever the order of the keys, at every depth', () => {
    const a = { total: 500, currency: 'EUR', methods: [{ method: 'card', id: 'c1' }], billing: { city: 'Lyon', country: 'FR' } };
    const b = { billing: { country: 'FR', city: 'Lyon' }, methods: [{ id: 'c1', method: 'card' }], currency: 'EUR', total: 500 };
    expect(canonicalRequestText(a)).toBe(canonicalRequestText(b));
    expect(canonicalRequestText(a)).toBe('{"billing":{"city":"Lyon","country":"FR"},"currency":"EUR","methods":[{"id":"c1","method":"card"}],"total":500}');
  });

  it('keeps the order of arrays and tells values apart', () => {
    const methods = [{ method: 'card' }, { method: 'ancv' }];
    expect(canonicalRequestText({ methods })).not.toBe(canonicalRequestText({ methods: [...methods].reverse() }));
    expect(canonicalRequestText({ total: 500 })).not.toBe(canonicalRequestText({ total: '500' }));
    expect(canonicalRequestText({ extraData: 'a' })).not.toBe(canonicalRequestText({ extraData: 'a', ttlMs: 1000 }));
  });
});

import { operationReference } from './operation-reference';

describe('operationReference', () => {
  it('appends a 9-character suffix from the random end of the transaction id, within 40 characters', () => {
    const orderId = 'o'.repeat(31);
    const a = operationReference(orderId, '0190c0de-1111-7000-8000-0000aaaabbbb');
    const b = operationReference(orderId, '0190c0de-1111-7000-8000-0000aaaacccc');
    expect(a).toBe(`${orderId}-aaaabbbb`);
    expect(a).toHaveLength(40);
    expect(a).not.toBe(b);
  });
});

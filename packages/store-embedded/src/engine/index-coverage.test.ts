import { coverageOf, type IndexCandidate } from './index-coverage';

const idx = (name: string, key: Record<string, 1 | -1>): IndexCandidate => ({ name, key });
const newest = idx('merchant_newest', { merchantId: 1, createdAt: -1, _id: -1 });
const byOrder = idx('merchant_order_newest', { merchantId: 1, orderId: 1, createdAt: -1, _id: -1 });
const due = idx('due_at', { dueAt: 1 });

describe('coverageOf (equality, sort, range)', () => {
  it('serves an equality prefix followed by the sort, in the index direction or all reversed', () => {
    expect(coverageOf({ merchantId: 'm' }, { createdAt: -1, _id: -1 }, [newest])).toEqual({ served: true, index: 'merchant_newest' });
    expect(coverageOf({ merchantId: 'm' }, { createdAt: 1, _id: 1 }, [newest])).toEqual({ served: true, index: 'merchant_newest' });
  });

  it('refuses a sort mixing directions against the index, or a sort on fields after a gap (an in-memory sort)', () => {
    expect(coverageOf({ merchantId: 'm' }, { createdAt: -1, _id: 1 }, [newest]).served).toBe(false);
    expect(coverageOf({ merchantId: 'm' }, { _id: -1 }, [newest]).served).toBe(false);
  });

  it('refuses a filter that bounds no index prefix (a collection scan)', () => {
    expect(coverageOf({ orderId: 'o' }, undefined, [newest, byOrder]).served).toBe(false);
    expect(coverageOf({}, { dueAt: 1 }, [due]).served).toBe(false);
    expect(coverageOf({ merchantId: { $ne: 'm' } }, undefined, [newest]).served).toBe(false);
  });

  it('takes a range on the field after the equality prefix as bounds, and $or as a residual filter', () => {
    expect(coverageOf({ dueAt: { $lte: 5 }, $or: [{ lease: { $exists: false } }] }, { dueAt: 1 }, [due])).toEqual({ served: true, index: 'due_at' });
    const keyset = { merchantId: 'm', createdAt: { $gte: 1, $lte: 9 }, $or: [{ createdAt: { $lt: 9 } }, { _id: { $lt: 'x' } }] };
    expect(coverageOf(keyset, { createdAt: -1, _id: -1 }, [newest]).served).toBe(true);
  });

  it('prefers the index with the longest equality prefix; other fields filter what it reached', () => {
    expect(coverageOf({ merchantId: 'm', orderId: 'o', status: 'PAID' }, { createdAt: -1, _id: -1 }, [newest, byOrder])).toEqual({
      served: true,
      index: 'merchant_order_newest',
    });
  });

  it('treats a sort on an equality-bound field as free, and $in and $eq as equalities', () => {
    expect(coverageOf({ merchantId: 'm', createdAt: 5 }, { merchantId: 1, createdAt: -1, _id: -1 }, [newest]).served).toBe(true);
    expect(coverageOf({ _id: { $in: ['a', 'b'] } }, undefined, [idx('_id_', { _id: 1 })]).served).toBe(true);
    expect(coverageOf({ $and: [{ merchantId: { $eq: 'm' } }] }, { createdAt: -1 }, [newest]).served).toBe(true);
  });

  it('uses a partial index only for a query that implies its filter (a non-null equality on the field)', () => {
    const present = { name: 'attempt_id', key: { 'attempts.id': 1 }, partialFilterExpression: { 'attempts.id': { $exists: true } } };
    expect(coverageOf({ 'attempts.id': 'a-1' }, undefined, [present])).toEqual({ served: true, index: 'attempt_id' });
    expect(coverageOf({ 'attempts.id': { $in: ['a-1', 'a-2'] } }, undefined, [present]).served).toBe(true);
    expect(coverageOf({ 'attempts.id': null }, undefined, [present]).served).toBe(false);
  });
});

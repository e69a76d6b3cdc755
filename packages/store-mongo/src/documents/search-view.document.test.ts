import { viewChanged, type TransactionViewDocument } from './search-view.document';

const entry: TransactionViewDocument = { _id: 't1', merchantId: 'm', sessionId: 's', attemptId: 'a', orderId: 'o', createdAt: 1, statusKind: 'pending', provider: 'fake', type: 'authorization', sessionVersion: 2 };

describe('viewChanged', () => {
  it('sees a new entry, a changed field, a field gained or lost, never the version alone', () => {
    expect(viewChanged(undefined, entry)).toBe(true);
    expect(viewChanged(entry, { ...entry, sessionVersion: 3 })).toBe(false);
    expect(viewChanged(entry, { ...entry, statusKind: 'succeeded', sessionVersion: 3 })).toBe(true);
    expect(viewChanged(entry, { ...entry, providerRef: 'r1', sessionVersion: 3 })).toBe(true);
    const { provider: _gone, ...older } = entry;
    expect(viewChanged(older, entry)).toBe(true);
    expect(viewChanged(entry, older)).toBe(true);
  });
});

import { rewriteFields } from './plain-document';

describe('rewriteFields', () => {
  it('sets every field present, unsets every known field absent, leaves _id and the untouched ones alone', () => {
    const known = ['status', 'dueAt', 'lease', 'version'];
    const doc = { _id: 's1', status: 'PAID', dueAt: undefined, lease: { owner: 'w1' }, version: 3, extra: 'kept' };
    for (let i = 0; i < 2; i++) {
      const { $set, $unset } = rewriteFields(doc, known, ['lease']);
      expect($set).toEqual({ status: 'PAID', version: 3, extra: 'kept' });
      expect(Object.keys($set)).toEqual(['status', 'version', 'extra']);
      expect($unset).toEqual({ dueAt: '' });
    }
    expect(rewriteFields({ _id: 's2' }, known, [])).toEqual({ $set: {}, $unset: { status: '', dueAt: '', lease: '', version: '' } });
  });
});

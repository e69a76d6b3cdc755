import type { Attempt } from '@splitpay/domain';
import { attemptFromDocument, attemptToDocument } from './session.document';

/** Only the fields the mapping reads: the rest of an attempt goes through as it is. */
const attempt = (pageAction: Attempt['pageAction']): Attempt => ({ id: 'a1', status: 'AUTHORIZING', ...(pageAction ? { pageAction } : {}) }) as unknown as Attempt;

describe("an attempt's in-page action as stored", () => {
  it('keeps its result fields beside the action text, and reads them back', () => {
    const stored = attemptToDocument(attempt({ kind: 'hosted-fields', action: { type: 'threeDS2', $dollar: 'x' }, resultFields: ['threeDSResult'] }));
    expect(stored.pageAction).toEqual({ kind: 'hosted-fields', actionJson: '{"type":"threeDS2","$dollar":"x"}', resultFields: ['threeDSResult'] });
    expect(attemptFromDocument(stored).pageAction).toEqual({ kind: 'hosted-fields', action: { type: 'threeDS2', $dollar: 'x' }, resultFields: ['threeDSResult'] });
  });

  it('reads one stored before result fields existed without them (any result taken, as then)', () => {
    const old = { ...attemptToDocument(attempt(undefined)), pageAction: { kind: 'hosted-fields' as const, actionJson: '{"type":"threeDS2"}' } };
    expect(attemptFromDocument(old).pageAction).toEqual({ kind: 'hosted-fields', action: { type: 'threeDS2' } });
  });
});

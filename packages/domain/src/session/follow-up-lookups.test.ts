import {
  applyFact,
  followUpLookupsDue,
  followUpLookupsStoppedSince,
  nextDueAt,
  operationsOwedSince,
  recordFollowUpLookup,
  settleGivenUpOperation,
  type Session,
} from '../index';
import { ANSWERED_AT as SENT_AT, captureAnswered, LOOKUP_POLICY as POLICY, lookedUp, MIN } from './follow-up-lookup.fixture';
import { card, captured, ctxAt } from './session.fixture';

/** A capture sent and accepted without its verdict (the PSP said PENDING). */
const pendingCapture = (offer = lookedUp) => captureAnswered({ outcome: 'accepted', code: 'PENDING', httpStatus: 201, providerRef: 'CAP-1' }, { offer });

describe('follow-ups the PSP took without their verdict', () => {
  it('are looked up on the calendar: the first lookup one delay after the answer, due in the stored dueAt', () => {
    const { session, captureId } = pendingCapture();
    const first = SENT_AT + 10 * MIN;
    expect(followUpLookupsDue(session, first - 1)).toEqual([]);
    expect(followUpLookupsDue(session, first)).toMatchObject([{ transactionId: captureId, type: 'capture', operation: { transactionId: captureId, providerRef: 'CAP-1' }, provider: 'fake' }]);
    expect(nextDueAt(session)).toBe(first);
  });

  it('are not looked up when their offer cannot (the verdict comes by notification only)', () => {
    const { session } = pendingCapture(card);
    expect(followUpLookupsDue(session, Number.MAX_SAFE_INTEGER)).toEqual([]);
    expect(nextDueAt(session)).toBeUndefined();
  });

  it('a verdict looked up is applied: the capture succeeds, the session is PAID, nothing more is looked up', () => {
    const { session, captureId } = pendingCapture();
    const at = SENT_AT + 10 * MIN;
    const next = recordFollowUpLookup(session, captureId, [captured(captureId)], ctxAt(at, POLICY));
    expect(next.status).toBe('PAID');
    expect(followUpLookupsDue(next, Number.MAX_SAFE_INTEGER)).toEqual([]);
  });

  it('still pending: looked up again after the next delay; past the last, stopped once, the capture still pending', () => {
    const { session, captureId } = pendingCapture();
    const first = SENT_AT + 10 * MIN;
    const again = recordFollowUpLookup(session, captureId, [], ctxAt(first, POLICY));
    expect(nextDueAt(again)).toBe(first + 60 * MIN);
    expect(followUpLookupsStoppedSince(session, again)).toEqual([]);

    const last = recordFollowUpLookup(again, captureId, [], ctxAt(first + 60 * MIN, POLICY));
    expect(followUpLookupsDue(last, Number.MAX_SAFE_INTEGER)).toEqual([]);
    expect(nextDueAt(last)).toBeUndefined();
    expect(last.status).toBe('CAPTURING');
    expect(last.attempts[0]!.transactions[1]!.status.kind).toBe('pending');
    expect(followUpLookupsStoppedSince(again, last)).toEqual([{ transactionId: captureId, type: 'capture', provider: 'fake', tries: 2 }]);
    // Told once: a later write of the stopped session reports nothing.
    expect(followUpLookupsStoppedSince(last, recordFollowUpLookup(last, captureId, [], ctxAt(first + 2 * 60 * MIN, POLICY)))).toEqual([]);
  });

  it('a verdict that arrives by notification meanwhile ends the lookups', () => {
    const { session, captureId } = pendingCapture();
    const notified = applyFact(session, captured(captureId, false), ctxAt(SENT_AT + MIN, POLICY));
    expect(followUpLookupsDue(notified, Number.MAX_SAFE_INTEGER)).toEqual([]);
  });
});

describe('a follow-up whose lookups ran out is the operator\'s to settle (settle-operation)', () => {
  /** The capture looked up on the whole calendar, every answer still pending: stopped, still pending. */
  function stoppedCapture(): { session: Session; captureId: string; at: number } {
    const { session, captureId } = pendingCapture();
    const first = SENT_AT + 10 * MIN;
    const again = recordFollowUpLookup(session, captureId, [], ctxAt(first, POLICY));
    const at = first + 60 * MIN;
    return { session: recordFollowUpLookup(again, captureId, [], ctxAt(at, POLICY)), captureId, at };
  }

  it('as succeeded: the capture takes the money, PAID', () => {
    const { session, captureId, at } = stoppedCapture();
    expect(session.attempts[0]!.transactions[1]!.dispatch).toMatchObject({ state: 'sent', lookup: { state: 'stopped' } });
    const settled = settleGivenUpOperation(session, captureId, 'succeeded', 'COMPLETED in the back office', ctxAt(at + MIN, POLICY));
    expect(settled).toMatchObject({ kind: 'settled', type: 'capture' });
    expect(settled.kind === 'settled' && settled.session.status).toBe('PAID');
  });

  it('as failed: the hold is handed back (a void owed), the session no longer CAPTURING', () => {
    const { session, captureId, at } = stoppedCapture();
    const settled = settleGivenUpOperation(session, captureId, 'failed', 'DECLINED in the back office', ctxAt(at + MIN, POLICY));
    expect(settled.kind).toBe('settled');
    const after = settled.kind === 'settled' ? settled.session : session;
    // Back to PENDING, whose time ran out during the lookups: it ends at once.
    expect(after.status).toBe('EXPIRING');
    expect(after.attempts[0]!.transactions[1]!.status).toEqual({ kind: 'failed', statusMessage: 'Settled as failed by an operator: DECLINED in the back office' });
    expect(operationsOwedSince(session, after).map((o) => o.type)).toEqual(['void']);
  });

  it('refused while its lookups still run, or when it was never looked up (the PSP is still to answer)', () => {
    const { session, captureId } = pendingCapture();
    expect(settleGivenUpOperation(session, captureId, 'failed', 'x', ctxAt(SENT_AT + MIN, POLICY))).toEqual({ kind: 'refused', reason: 'not-given-up' });
    const unlooked = pendingCapture(card);
    expect(settleGivenUpOperation(unlooked.session, unlooked.captureId, 'failed', 'x', ctxAt(SENT_AT + MIN, POLICY))).toEqual({ kind: 'refused', reason: 'not-given-up' });
  });
});

import { followUpLookupsDue, followUpLookupsStoppedSince, nextDueAt, recordFollowUpLookup, settleGivenUpOperation, type DomainPolicy } from '../index';
import { ANSWERED_AT as GIVEN_UP_AT, captureAnswered, LOOKUP_POLICY, lookedUp, MIN } from './follow-up-lookup.fixture';
import { card, captured, ctxAt } from './session.fixture';

// D93-e: a given-up operation is settled by its notification or a lookup, on offers that can look it up.
const POLICY: DomainPolicy = { ...LOOKUP_POLICY, dispatchRetryDelaysMs: [] };

/** A capture whose one send got a 503: given up, its verdict pending, the PSP's id never learnt. */
const givenUpCapture = (offer = lookedUp) => captureAnswered({ outcome: 'unknown', httpStatus: 503 }, { offer, policy: POLICY });

describe('a capture given up on unknown acks, on an offer that can look follow-ups up', () => {
  it('stays given up and CAPTURING, and is looked up on the calendar, without a PSP id', () => {
    const { session, captureId } = givenUpCapture();
    const tx = session.attempts[0]!.transactions.find((t) => t.id === captureId)!;
    expect(tx.dispatch?.state).toBe('given-up');
    expect(session.status).toBe('CAPTURING');
    const first = GIVEN_UP_AT + 10 * MIN;
    expect(nextDueAt(session)).toBe(first);
    expect(followUpLookupsDue(session, first - 1)).toEqual([]);
    expect(followUpLookupsDue(session, first)).toEqual([expect.objectContaining({ transactionId: captureId, type: 'capture', operation: { transactionId: captureId } })]);
  });

  it('a verdict looked up settles it as a notification would: PAID, nothing more looked up', () => {
    const { session, captureId } = givenUpCapture();
    const at = GIVEN_UP_AT + 10 * MIN;
    const after = recordFollowUpLookup(session, captureId, [captured(captureId)], ctxAt(at, POLICY));
    expect(after.status).toBe('PAID');
    expect(followUpLookupsDue(after, Number.MAX_SAFE_INTEGER)).toEqual([]);
  });

  it('past the calendar its lookups stop, reported once; the operator may settle it all along', () => {
    const { session, captureId } = givenUpCapture();
    expect(settleGivenUpOperation(session, captureId, 'succeeded', 'seen at the PSP', ctxAt(GIVEN_UP_AT + 1, POLICY)).kind).toBe('settled');
    const once = recordFollowUpLookup(session, captureId, [], ctxAt(GIVEN_UP_AT + 10 * MIN, POLICY));
    expect(followUpLookupsStoppedSince(session, once)).toEqual([]);
    const spent = recordFollowUpLookup(once, captureId, [], ctxAt(GIVEN_UP_AT + 70 * MIN, POLICY));
    expect(followUpLookupsStoppedSince(once, spent)).toEqual([{ transactionId: captureId, type: 'capture', provider: 'fake', tries: 2 }]);
    expect(followUpLookupsStoppedSince(spent, spent)).toEqual([]);
    expect(spent.status).toBe('CAPTURING');
    expect(nextDueAt(spent)).toBeUndefined();
    const settled = settleGivenUpOperation(spent, captureId, 'succeeded', 'seen at the PSP', ctxAt(GIVEN_UP_AT + 80 * MIN, POLICY));
    expect(settled.kind === 'settled' && settled.session.status).toBe('PAID');
  });

  it('is not looked up when its offer cannot', () => {
    const { session } = givenUpCapture(card);
    expect(followUpLookupsDue(session, Number.MAX_SAFE_INTEGER)).toEqual([]);
    expect(nextDueAt(session)).toBeUndefined();
  });
});

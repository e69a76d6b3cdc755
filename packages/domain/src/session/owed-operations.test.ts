import { money } from '../money/money';
import { capturedCard, ctxAt as refundCtxAt, endedSession } from '../refund/refund.fixture';
import { requestRefund } from '../refund/request-refund';
import { applyFact } from './apply-fact';
import { operationsOwedSince, owedOperations, recordDispatch } from './owed-operations';
import { aSession, authorized, captured, ctxAt, EUR, T0, TEST_POLICY } from './session.fixture';
import type { Session } from './session.model';
import { startAttempt } from './start-attempt';

const ctx = ctxAt(T0 + 1_000);

function capturing(): { session: Session; captureId: string; authId: string } {
  const a = startAttempt(aSession(), { methodId: 'card', amount: 10_000 }, ctx);
  const withRef = applyFact(a.session, authorized(a.transactionId, 10_000, { providerRef: 'auth-ref' }), ctx);
  const op = operationsOwedSince(a.session, withRef)[0]!;
  return { session: withRef, captureId: op.transactionId, authId: a.transactionId };
}

describe('owedOperations', () => {
  it('lists what a driver call needs, only once due: once the first send by the writer that owes it can have ended (one PSP call and the save of its ack, D90)', () => {
    const { session, captureId, authId } = capturing();
    const workerDue = ctx.now + TEST_POLICY.dispatchCallMs + TEST_POLICY.dispatchAckSaveMs;
    expect(owedOperations(session, workerDue)).toEqual([
      {
        attemptId: session.attempts[0]!.id,
        transactionId: captureId,
        type: 'capture',
        amount: money(10_000, EUR),
        target: { transactionId: authId, providerRef: 'auth-ref' },
        opening: { transactionId: authId, providerRef: 'auth-ref' },
        methodId: 'card',
        method: 'card',
        provider: 'fake',
        tries: 0,
        mayHaveActed: 0,
      },
    ]);
    expect(owedOperations(session, workerDue - 1)).toEqual([]);
  });
});

describe('owedOperations: what the driver of a PSP without idempotency key is told (D154)', () => {
  const refundCtx = refundCtxAt(T0 + 10_000);
  const dueLater = refundCtx.now + 1e9;

  it('a refund of all the attempt holds is the whole remainder; a slice is not; the rest after a refunded slice is', () => {
    const attempt = capturedCard(1_000);
    const session = endedSession([attempt]);
    const whole = requestRefund(session, attempt.id, {}, refundCtx);
    expect(owedOperations(whole.session, dueLater)[0]).toMatchObject({ transactionId: whole.transactionId, wholeRemainder: true });
    const slice = requestRefund(session, attempt.id, { amount: 300 }, refundCtx);
    expect(owedOperations(slice.session, dueLater)[0]!.wholeRemainder).toBeUndefined();
    const sliceBack = applyFact(slice.session, { kind: 'refunded', success: true, ref: { transactionId: slice.transactionId } }, refundCtx);
    const rest = requestRefund(sliceBack, attempt.id, { amount: 700 }, refundCtx);
    expect(owedOperations(rest.session, dueLater)).toEqual([expect.objectContaining({ transactionId: rest.transactionId, wholeRemainder: true })]);
  });

  it('a send answered notTaken spends a retry but is no send the PSP may have acted on; a send without an answer is', () => {
    const { session, captureId } = capturing();
    const first = recordDispatch(session, captureId, { ack: { outcome: 'unknown', httpStatus: 429, notTaken: true }, facts: [] }, ctx);
    expect(first.attempts[0]!.transactions[1]!.dispatch).toEqual({ state: 'owed', tries: 1, notTaken: 1, nextAt: ctx.now + TEST_POLICY.dispatchRetryDelaysMs[0]! });
    expect(owedOperations(first, ctx.now + 1e9)[0]).toMatchObject({ tries: 1, mayHaveActed: 0 });
    const second = recordDispatch(first, captureId, { ack: { outcome: 'unknown', httpStatus: 504 }, facts: [] }, ctx);
    expect(owedOperations(second, ctx.now + 1e9)[0]).toMatchObject({ tries: 2, mayHaveActed: 1 });
  });
});

describe('operationsOwedSince', () => {
  it('lists the operations a write created, whatever their due time, and none it found owed', () => {
    const a = startAttempt(aSession(), { methodId: 'card', amount: 10_000 }, ctx);
    const withRef = applyFact(a.session, authorized(a.transactionId, 10_000), ctx);
    expect(operationsOwedSince(a.session, withRef).map((o) => o.type)).toEqual(['capture']);
    expect(owedOperations(withRef, ctx.now)).toEqual([]);
    const unchanged = applyFact(withRef, authorized(a.transactionId, 10_000), ctx);
    expect(operationsOwedSince(withRef, unchanged)).toEqual([]);
  });
});

describe('recordDispatch', () => {
  it('accepted: sent, ack facet recorded, verdict still pending', () => {
    const { session, captureId } = capturing();
    const next = recordDispatch(session, captureId, { ack: { outcome: 'accepted', code: '201', httpStatus: 201, providerRef: 'cap-ref' }, facts: [] }, ctx);
    const tx = next.attempts[0]!.transactions[1]!;
    expect(tx).toMatchObject({ dispatch: { state: 'sent', at: ctx.now }, ack: { code: '201', httpStatus: 201 }, providerRef: 'cap-ref', status: { kind: 'pending' } });
    expect(owedOperations(next, ctx.now + 1e9)).toEqual([]);
    expect(next.status).toBe('CAPTURING');
  });

  it('accepted with a verdict: the facts are applied', () => {
    const { session, captureId } = capturing();
    const next = recordDispatch(session, captureId, { ack: { outcome: 'accepted' }, facts: [captured(captureId)] }, ctx);
    expect(next).toMatchObject({ status: 'PAID', captured: money(10_000, EUR) });
  });

  it('unknown: retried at the policy delays, then given up: sent no more, its verdict still pending (the PSP may have acted)', () => {
    const { session, captureId } = capturing();
    const unknown = { ack: { outcome: 'unknown' as const, message: 'timeout' }, facts: [] };
    const first = recordDispatch(session, captureId, unknown, ctx);
    expect(first.attempts[0]!.transactions[1]!.dispatch).toEqual({ state: 'owed', tries: 1, nextAt: ctx.now + TEST_POLICY.dispatchRetryDelaysMs[0]! });
    expect(owedOperations(first, ctx.now)).toEqual([]);
    const second = recordDispatch(first, captureId, unknown, ctx);
    expect(second.attempts[0]!.transactions[1]!.dispatch).toEqual({ state: 'owed', tries: 2, nextAt: ctx.now + TEST_POLICY.dispatchRetryDelaysMs[1]! });
    const third = recordDispatch(second, captureId, unknown, ctx);
    const tx = third.attempts[0]!.transactions[1]!;
    expect(tx.dispatch).toEqual({ state: 'given-up', tries: 3, at: ctx.now });
    expect(tx.status).toEqual({ kind: 'pending' });
    expect(tx.ack).toEqual({ message: 'timeout' });
    expect(owedOperations(third, Number.MAX_SAFE_INTEGER)).toEqual([]);
    // the capture may have taken the money: the hold is not handed back, the session waits for the verdict
    expect(third.status).toBe('CAPTURING');
    expect(operationsOwedSince(second, third)).toEqual([]);
  });

  it("given up, then the PSP's late verdict settles it: a success takes the money (PAID)", () => {
    const { session, captureId } = capturing();
    const unknown = { ack: { outcome: 'unknown' as const, message: 'timeout' }, facts: [] };
    let s = session;
    for (let i = 0; i <= TEST_POLICY.dispatchRetryDelaysMs.length; i++) s = recordDispatch(s, captureId, unknown, ctx);
    expect(s.attempts[0]!.transactions[1]!.dispatch).toMatchObject({ state: 'given-up' });
    expect(applyFact(s, captured(captureId), ctx)).toMatchObject({ status: 'PAID', captured: money(10_000, EUR) });
  });

  it("given up, then the PSP's late failure settles it: the hold is handed back and the order is no longer covered", () => {
    const { session, captureId } = capturing();
    const unknown = { ack: { outcome: 'unknown' as const, message: 'timeout' }, facts: [] };
    let s = session;
    for (let i = 0; i <= TEST_POLICY.dispatchRetryDelaysMs.length; i++) s = recordDispatch(s, captureId, unknown, ctx);
    const failed = applyFact(s, captured(captureId, false), ctx);
    expect(failed.status).toBe('PENDING');
    expect(operationsOwedSince(s, failed).map((o) => o.type)).toEqual(['void']);
  });

  it('unknown and unverifiable (an earlier send may have acted): given up at once, its verdict left pending, nothing handed back', () => {
    const { session, captureId } = capturing();
    const first = recordDispatch(session, captureId, { ack: { outcome: 'unknown', message: 'timeout' }, facts: [] }, ctx);
    const next = recordDispatch(first, captureId, { ack: { outcome: 'unknown', message: 'cannot tell', unverifiable: true }, facts: [] }, ctx);
    const tx = next.attempts[0]!.transactions[1]!;
    expect(tx.dispatch).toEqual({ state: 'given-up', tries: 2, at: ctx.now });
    expect(tx.status.kind).toBe('pending');
    expect(tx.ack).toEqual({ message: 'cannot tell' });
    expect(owedOperations(next, ctx.now + 1e9)).toEqual([]);
    expect(operationsOwedSince(first, next)).toEqual([]);
    expect(next.status).toBe('CAPTURING');
  });

  it('rejected: a failed verdict at once, the ack kept in its own facet', () => {
    const { session, captureId } = capturing();
    const next = recordDispatch(session, captureId, { ack: { outcome: 'rejected', code: 'AUTH_EXPIRED', message: 'Authorization expired', httpStatus: 422 }, facts: [] }, ctx);
    const tx = next.attempts[0]!.transactions[1]!;
    expect(tx.status).toEqual({ kind: 'failed', statusCode: 'AUTH_EXPIRED', statusMessage: 'Authorization expired' });
    expect(tx.ack).toEqual({ code: 'AUTH_EXPIRED', message: 'Authorization expired', httpStatus: 422 });
    expect(tx.dispatch).toEqual({ state: 'sent', at: ctx.now });
  });

  it("rejected without a sentence: the PSP's code alone, no statusMessage the service would put in its mouth", () => {
    const { session, captureId } = capturing();
    const next = recordDispatch(session, captureId, { ack: { outcome: 'rejected', code: 'AUTH_EXPIRED', httpStatus: 422 }, facts: [] }, ctx);
    expect(next.attempts[0]!.transactions[1]!.status).toEqual({ kind: 'failed', statusCode: 'AUTH_EXPIRED' });
  });

  it("an ack that comes after the verdict leaves the operation's updatedAt at its verdict instant", () => {
    const { session, captureId } = capturing();
    const verdictAt = ctxAt(T0 + 2_000);
    const paid = applyFact(session, captured(captureId), verdictAt);
    const next = recordDispatch(paid, captureId, { ack: { outcome: 'accepted', code: '201', httpStatus: 201 }, facts: [] }, ctxAt(T0 + 3_000));
    expect(next.attempts[0]!.transactions[1]).toMatchObject({ status: { kind: 'succeeded' }, updatedAt: T0 + 2_000, ack: { code: '201', httpStatus: 201 } });
  });

  it('an unknown transaction changes nothing', () => {
    const { session } = capturing();
    expect(recordDispatch(session, 'nope', { ack: { outcome: 'accepted' }, facts: [] }, ctx)).toBe(session);
  });
});

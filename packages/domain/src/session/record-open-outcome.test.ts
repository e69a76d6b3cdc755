import { money } from '../money/money';
import { applyFact } from './apply-fact';
import { recordOpenOutcome } from './record-open-outcome';
import { aSession, authorized, ctxAt, EUR, T0 } from './session.fixture';
import { startAttempt } from './start-attempt';

const ctx = ctxAt(T0 + 1_000);
const started = () => startAttempt(aSession(), { methodId: 'card', amount: 4_000 }, ctx);

describe('recordOpenOutcome', () => {
  it('records the ack facet and the redirect, leaving the verdict pending', () => {
    const s = started();
    const next = recordOpenOutcome(
      s.session,
      s.attemptId,
      { ack: { outcome: 'accepted', code: '202', message: 'Received', httpStatus: 202, providerRef: 'psp-1' }, redirect: { kind: 'navigate', url: 'https://psp.example/3ds' }, facts: [] },
      ctx,
    );
    const attempt = next.attempts[0]!;
    expect(attempt.status).toBe('AUTHORIZING');
    expect(attempt.redirect).toEqual({ kind: 'navigate', url: 'https://psp.example/3ds' });
    expect(attempt.transactions[0]).toMatchObject({
      providerRef: 'psp-1',
      ack: { code: '202', message: 'Received', httpStatus: 202 },
      status: { kind: 'pending' },
    });
  });

  it('an unknown ack (no HTTP response) is not a verdict: the lookup stays scheduled', () => {
    const s = started();
    const next = recordOpenOutcome(s.session, s.attemptId, { ack: { outcome: 'unknown', message: 'ECONNRESET' }, facts: [] }, ctx);
    const attempt = next.attempts[0]!;
    expect(attempt.transactions[0]?.ack).toEqual({ message: 'ECONNRESET' });
    expect(attempt.transactions[0]?.status.kind).toBe('pending');
    expect(attempt.verdictDueAt).toBe(s.session.attempts[0]?.verdictDueAt);
  });

  it('a rejected ack is the PSP refusing the request: the operation fails, the attempt is DECLINED', () => {
    const s = started();
    const next = recordOpenOutcome(
      s.session,
      s.attemptId,
      { ack: { outcome: 'rejected', code: 'E-14', message: 'Invalid card', httpStatus: 422, category: 'invalid-card-data' }, facts: [] },
      ctx,
    );
    expect(next.attempts[0]).toMatchObject({ status: 'DECLINED', declineCategory: 'invalid-card-data' });
    expect(next.attempts[0]?.transactions[0]?.status).toEqual({ kind: 'failed', statusCode: 'E-14', statusMessage: 'Invalid card', category: 'invalid-card-data' });
    expect(next.attempts[0]?.transactions[0]?.ack).toEqual({ code: 'E-14', message: 'Invalid card', httpStatus: 422 });
  });

  it('applies the facts the call carried', () => {
    const s = started();
    const next = recordOpenOutcome(s.session, s.attemptId, { ack: { outcome: 'accepted' }, facts: [authorized(s.transactionId, 4_000)] }, ctx);
    expect(next.attempts[0]).toMatchObject({ status: 'AUTHORIZED', granted: money(4_000, EUR) });
  });

  it('an ack recorded after the verdict came out-of-band changes only the ack facet', () => {
    const s = started();
    const authorizedFirst = applyFact(s.session, authorized(s.transactionId, 4_000), ctx);
    const next = recordOpenOutcome(authorizedFirst, s.attemptId, { ack: { outcome: 'rejected', code: 'late' }, facts: [] }, ctx);
    expect(next.attempts[0]?.status).toBe('AUTHORIZED');
    expect(next.attempts[0]?.transactions[0]).toMatchObject({ status: { kind: 'succeeded' }, ack: { code: 'late' } });
  });

  it("a late ack leaves a terminal operation's updatedAt at its verdict instant; the attempt records the event", () => {
    const s = started();
    const verdictAt = ctxAt(T0 + 2_000);
    const authorizedFirst = applyFact(s.session, authorized(s.transactionId, 4_000), verdictAt);
    const next = recordOpenOutcome(authorizedFirst, s.attemptId, { ack: { outcome: 'accepted', code: 'late', httpStatus: 202 }, facts: [] }, ctxAt(T0 + 3_000));
    expect(next.attempts[0]?.transactions[0]).toMatchObject({ updatedAt: T0 + 2_000, ack: { code: 'late', httpStatus: 202 } });
    expect(next.attempts[0]?.updatedAt).toBe(T0 + 3_000);
  });
});

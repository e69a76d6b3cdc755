import type { ApiResult, RefundAnswer } from '../api/api-types';
import type { RefundRequest } from '../api/dashboard-api';
import { RefundAction, refundOutcomeUnclear } from './refund-action';
import { RefundKeys } from './refund-keys';

const accepted: ApiResult<RefundAnswer> = { ok: true, body: { refunds: [] } };

function recordingSender(answers: ApiResult<RefundAnswer>[]) {
  const sent: RefundRequest[] = [];
  const releases: (() => void)[] = [];
  const send = (request: RefundRequest) => {
    sent.push(request);
    const answer = answers.shift() ?? accepted;
    return new Promise<ApiResult<RefundAnswer>>((resolve) => releases.push(() => resolve(answer)));
  };
  return { sent, send, release: () => releases.shift()?.() };
}

let minted = 0;
const pageKeys = () => new RefundKeys(() => `key-${++minted}`);

describe('RefundAction', () => {
  it('sends a double submit once, with the key of its tranche and amount', async () => {
    const sender = recordingSender([]);
    const keys = pageKeys();
    const action = new RefundAction({ kind: 'attempt', attemptId: 'a1' }, sender.send, { keys, attemptId: 'a1' });
    const key = keys.keyFor('a1', 500);
    const first = action.submit(500);
    const second = action.submit(500);
    expect(action.busy).toBe(true);
    sender.release();
    expect(await first).toEqual(accepted);
    expect(await second).toEqual(accepted);
    expect(await action.submit(500)).toEqual(accepted);
    expect(sender.sent).toEqual([{ target: { kind: 'attempt', attemptId: 'a1' }, amount: 500, idempotencyKey: key }]);
  });

  it('sends a refund whose answer was lost again with its key, from another form of the page too, and spends the key once accepted', async () => {
    const sender = recordingSender([{ ok: false, status: 0, code: 'network' }, accepted]);
    const keys = pageKeys();
    const lost = new RefundAction({ kind: 'attempt', attemptId: 'a1' }, sender.send, { keys, attemptId: 'a1' });
    const first = lost.submit(1_000);
    sender.release();
    expect(refundOutcomeUnclear(await first)).toBe(true);
    // The form closed and opened again, on the tranche's operation this time: the same refund.
    const again = new RefundAction({ kind: 'transaction', transactionId: 't1' }, sender.send, { keys, attemptId: 'a1' });
    const second = again.submit(1_000);
    sender.release();
    expect(await second).toEqual(accepted);
    expect(sender.sent[1]?.idempotencyKey).toBe(sender.sent[0]?.idempotencyKey);
    // Accepted, the key is spent: a later refund of the same amount is another refund.
    expect(keys.keyFor('a1', 1_000)).not.toBe(sender.sent[0]?.idempotencyKey);
  });

  it('keys another amount or another tranche apart', () => {
    const keys = pageKeys();
    const key = keys.keyFor('a1', 300);
    expect(keys.keyFor('a1', 300)).toBe(key);
    expect(keys.keyFor('a1', 400)).not.toBe(key);
    expect(keys.keyFor('a2', 300)).not.toBe(key);
    expect(keys.keyFor('a1', undefined)).not.toBe(key);
  });

  it('sends the whole payment refund without a key (its door reads none)', async () => {
    const sender = recordingSender([]);
    const action = new RefundAction({ kind: 'session', sessionId: 's1' }, sender.send);
    const sent = action.submit();
    sender.release();
    await sent;
    expect(sender.sent).toEqual([{ target: { kind: 'session', sessionId: 's1' } }]);
  });

  it('mints random keys by default', () => {
    const keys = new RefundKeys();
    expect(keys.keyFor('a1', 1)).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys.keyFor('a1', 2)).not.toBe(keys.keyFor('a1', 1));
  });
});

describe('refundOutcomeUnclear', () => {
  it('is a lost answer, a 5xx or an answer that is not the contract, never a refusal by code', () => {
    expect(refundOutcomeUnclear({ ok: false, status: 0, code: 'network' })).toBe(true);
    expect(refundOutcomeUnclear({ ok: false, status: 502, code: 'unexpected' })).toBe(true);
    expect(refundOutcomeUnclear({ ok: false, status: 500, code: 'InternalError' })).toBe(true);
    expect(refundOutcomeUnclear({ ok: false, status: 409, code: 'RefundInFlight' })).toBe(false);
    expect(refundOutcomeUnclear({ ok: false, status: 422, code: 'RefundExceedsRefundable' })).toBe(false);
    expect(refundOutcomeUnclear(accepted)).toBe(false);
  });
});

import type { ApiResult, RefundAnswer } from '../api/api-types';
import type { RefundRequest } from '../api/dashboard-api';
import { RefundAction } from './refund-action';

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

let keys = 0;
const newKey = () => `key-${++keys}`;

describe('RefundAction', () => {
  it('sends a double submit once, with the key of the gesture', async () => {
    const sender = recordingSender([]);
    const action = new RefundAction({ kind: 'attempt', attemptId: 'a1' }, sender.send, newKey);
    const first = action.submit(500);
    const second = action.submit(500);
    expect(action.busy).toBe(true);
    sender.release();
    expect(await first).toEqual(accepted);
    expect(await second).toEqual(accepted);
    expect(await action.submit(500)).toEqual(accepted);
    expect(sender.sent).toEqual([{ target: { kind: 'attempt', attemptId: 'a1' }, amount: 500, idempotencyKey: action.idempotencyKey }]);
  });

  it('sends again with the same key after a refusal or a network failure', async () => {
    const sender = recordingSender([{ ok: false, status: 422, code: 'RefundExceedsRefundable' }, { ok: false, status: 0, code: 'network' }, accepted]);
    const action = new RefundAction({ kind: 'transaction', transactionId: 't1' }, sender.send, newKey);
    const refused = action.submit(99_999);
    sender.release();
    expect(await refused).toEqual({ ok: false, status: 422, code: 'RefundExceedsRefundable' });
    const lost = action.submit(300);
    sender.release();
    expect((await lost).ok).toBe(false);
    const retried = action.submit(300);
    sender.release();
    expect(await retried).toEqual(accepted);
    expect(sender.sent.map((r) => [r.amount, r.idempotencyKey])).toEqual([
      [99_999, action.idempotencyKey],
      [300, action.idempotencyKey],
      [300, action.idempotencyKey],
    ]);
  });

  it('gives each gesture its own key', () => {
    const sender = recordingSender([]);
    const a = new RefundAction({ kind: 'attempt', attemptId: 'a1' }, sender.send);
    const b = new RefundAction({ kind: 'attempt', attemptId: 'a1' }, sender.send);
    expect(a.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.idempotencyKey).not.toBe(b.idempotencyKey);
  });
});

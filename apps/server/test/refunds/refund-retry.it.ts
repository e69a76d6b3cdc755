import type { SessionId } from '@splitpay/domain';
import { noRefundPending, paidByCard, refundDoors, refundsOf, useRefundService, waitForSession } from './refund-support';

const REFUND_CALL = (method: string, path: string) => method === 'POST' && /^\/fake-psp\/api\/payments\/[^/]+\/refunds$/.test(path);

describe('refunds: the door sends once, the worker retries only what the door could not send', () => {
  const service = useRefundService();
  const { psp } = service;

  const refundTx = async (sessionId: string) => {
    const stored = await service.h.stores.sessions.findById(sessionId as SessionId);
    return stored!.attempts[0]!.transactions.find((t) => t.type === 'refund')!;
  };

  it('a refund sent by its door is never sent again by the worker', async () => {
    const paid = await paidByCard(service.h, [800]);
    const before = psp.calls.length;
    const res = await refundDoors(service.h).attempt(paid.attempts[0]!.attemptId, { token: service.client });
    expect(res.status).toBe(202);
    const id = (res.body.refunds as { transaction: { transactionId: string } }[])[0]!.transaction.transactionId;
    await waitForSession(service.h, paid.sessionId, noRefundPending);
    service.h.clock.advance(15 * 60_000);
    await service.h.runWorkers();
    expect(psp.calls.slice(before)).toEqual([expect.objectContaining({ idempotencyKey: id })]);
  });

  it('a refund whose immediate send got no usable answer stays pending and owed; the worker sends it after the retry delay, with the same key', async () => {
    const paid = await paidByCard(service.h, [800]);
    const clear = service.h.injectFault(REFUND_CALL, 503);
    const before = psp.calls.length;

    const res = await refundDoors(service.h).attempt(paid.attempts[0]!.attemptId, { token: service.client, body: { amount: 500 } });

    expect(res.status).toBe(202);
    const refund = (res.body.refunds as { transaction: { transactionId: string; status: { kind: string }; ackHttpStatus?: number } }[])[0]!.transaction;
    expect([refund.status.kind, refund.ackHttpStatus]).toEqual(['pending', 503]);
    expect((await refundTx(paid.sessionId)).dispatch).toEqual({ state: 'owed', tries: 1, nextAt: service.h.clock.now() + 5_000 });

    service.h.clock.advance(4_999);
    await service.h.runWorkers();
    expect(psp.calls.length - before).toBe(1);

    clear();
    service.h.clock.advance(1);
    await service.h.runWorkers();
    expect((await refundTx(paid.sessionId)).dispatch?.state).toBe('sent');
    const settled = await waitForSession(service.h, paid.sessionId, noRefundPending);
    expect(refundsOf(settled.attempts[0]!).map((t) => [t.transactionId, t.status.kind])).toEqual([[refund.transactionId, 'succeeded']]);
    expect([settled.attempts[0]!.refunded.amount, settled.attempts[0]!.refundable.amount]).toEqual([500, 300]);
    expect(psp.calls.slice(before).map((c) => c.idempotencyKey)).toEqual([refund.transactionId, refund.transactionId]);
  });
});

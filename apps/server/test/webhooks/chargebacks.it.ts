import { Webhook } from 'standardwebhooks';
import { useChargebackReceiverService } from '../support/chargeback-receiver-service';
import { ElementsClient } from '../support/elements-client';
import { eventually, logged, SHOP, SIGNING_SECRET, WEBHOOK_AUTHORIZATION } from './webhooks.support';

interface SessionRead {
  readonly status: string;
  readonly captured: { amount: number };
  readonly attempts: { attemptId: string; refundable: { amount: number }; transactions: { transactionId: string; type: string; providerRef?: string }[] }[];
}

describe('chargeback webhooks from PSP notifications', () => {
  const service = useChargebackReceiverService();
  const { receiver } = service;

  async function read(sessionId: string): Promise<SessionRead> {
    const res = await fetch(`${service.h.url}/api/sessions/${sessionId}`, { headers: { Authorization: `Bearer ${await service.h.clientToken(SHOP)}` } });
    return (await res.json()) as SessionRead;
  }

  async function paidByCard(orderId: string, total: number): Promise<{ sessionId: string; captureRef: string; session: SessionRead }> {
    const created = await service.h.createSession({ currency: 'EUR', total, orderId, methods: [{ method: 'card' }] }, SHOP);
    const page = new ElementsClient(service.h.url, created.elementsToken);
    await page.payByCard('card', total);
    await page.waitFor((v) => v.status === 'PAID');
    await service.h.runWorkers();
    const session = await read(created.sessionId);
    const captureRef = session.attempts[0]!.transactions.find((t) => t.type === 'capture')!.providerRef!;
    return { sessionId: created.sessionId, captureRef, session };
  }

  const received = () => logged(service.h, 'chargeback.recorded').length + logged(service.h, 'chargeback.duplicate').length;

  async function raise(body: Record<string, unknown>): Promise<number> {
    const res = await fetch(`${service.h.url}/fake-psp/chargebacks`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    return res.status;
  }

  it('50 concurrent duplicate notifications of one chargeback give one message; the session is untouched', async () => {
    const { sessionId, captureRef, session: before } = await paidByCard('cb-dup', 3_000);
    const seen = received();

    const statuses = await Promise.all(Array.from({ length: 50 }, () => raise({ providerRef: captureRef, amount: 1_200, date: '2026-02-10', reasonCode: '4837' })));
    expect(statuses.every((s) => s === 202)).toBe(true);
    await eventually(() => received() - seen >= 50);
    await Promise.all([service.h.runWorkers(), service.h.runWorkers()]);
    await service.h.runWorkers();

    const calls = receiver.callsTo('/chargebacks');
    expect(calls).toHaveLength(1);
    const call = calls[0]!;
    const notificationId = `${captureRef}:chargeback:2026-02-10:1200`;
    expect(call.headers.authorization).toBe(WEBHOOK_AUTHORIZATION);
    expect(call.headers['webhook-id']).toBe(notificationId);
    const headers = Object.fromEntries(['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((k) => [k, String(call.headers[k])]));
    const payload = new Webhook(SIGNING_SECRET).verify(call.body, headers);
    const attempt = before.attempts[0]!;
    expect(payload).toEqual({
      event: 'chargeback',
      notificationId,
      orderId: 'cb-dup',
      sessionId,
      attemptId: attempt.attemptId,
      transactionId: attempt.transactions.find((t) => t.type === 'capture')!.transactionId,
      type: 'chargeback',
      amount: { amount: 1_200, currency: 'EUR' },
      provider: 'fake',
      providerRef: captureRef,
      reasonCode: '4837',
      status: 'opened',
      date: '2026-02-10',
      validUntil: '2026-03-12',
    });
    expect(logged(service.h, 'chargeback.recorded').filter((l) => l.notificationId === notificationId)).toHaveLength(1);

    const after = await read(sessionId);
    expect(after.status).toBe('PAID');
    expect(after.captured).toEqual(before.captured);
    expect(after.attempts[0]!.refundable).toEqual(attempt.refundable);
  });

  it('a representment of the same amount and day as its chargeback is a second message, and the session lists both', async () => {
    const { sessionId, captureRef } = await paidByCard('cb-won', 2_500);
    const seen = received();
    const before = receiver.callsTo('/chargebacks').length;
    // A dispute the buyer cancels the day it was opened: PayPal keeps its amount and dates it by that day.
    expect(await raise({ providerRef: captureRef, amount: 2_500, date: '2026-02-13', type: 'chargeback' })).toBe(202);
    expect(await raise({ providerRef: captureRef, amount: 2_500, date: '2026-02-13', type: 'representment' })).toBe(202);
    await eventually(() => received() - seen >= 2);
    await service.h.runWorkers();

    const sent = receiver.callsTo('/chargebacks').slice(before).map((c) => ({ id: c.headers['webhook-id'], type: (JSON.parse(c.body) as { type: string }).type }));
    expect(sent.sort((a, b) => a.type.localeCompare(b.type))).toEqual([
      { id: `${captureRef}:chargeback:2026-02-13:2500`, type: 'chargeback' },
      { id: `${captureRef}:representment:2026-02-13:2500`, type: 'representment' },
    ]);
    const listed = await fetch(`${service.h.url}/api/sessions/${sessionId}/chargebacks`, { headers: { Authorization: `Bearer ${await service.h.clientToken(SHOP)}` } });
    const { chargebacks } = (await listed.json()) as { chargebacks: { notificationId: string; type: string }[] };
    expect(chargebacks.map((c) => [c.type, c.notificationId]).sort()).toEqual([
      ['chargeback', `${captureRef}:chargeback:2026-02-13:2500`],
      ['representment', `${captureRef}:representment:2026-02-13:2500`],
    ]);
    expect(logged(service.h, 'chargeback.duplicate').filter((l) => String(l.notificationId).startsWith(`${captureRef}:`))).toEqual([]);
  });

  it('two chargebacks differing by amount or by date are two messages', async () => {
    const { captureRef } = await paidByCard('cb-two', 2_000);
    const seen = received();
    const before = receiver.callsTo('/chargebacks').length;
    await raise({ providerRef: captureRef, amount: 500, date: '2026-02-11' });
    await raise({ providerRef: captureRef, amount: 600, date: '2026-02-11' });
    await raise({ providerRef: captureRef, amount: 500, date: '2026-02-12' });
    await eventually(() => received() - seen >= 3);
    await service.h.runWorkers();
    const ids = receiver.callsTo('/chargebacks').slice(before).map((c) => c.headers['webhook-id']).sort();
    expect(ids).toEqual([`${captureRef}:chargeback:2026-02-11:500`, `${captureRef}:chargeback:2026-02-11:600`, `${captureRef}:chargeback:2026-02-12:500`]);
  });
});

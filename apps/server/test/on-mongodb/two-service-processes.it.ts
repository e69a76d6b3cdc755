import type { SessionDocument } from '@splitpay/store-mongo';
import { acknowledge } from '@splitpay/webhooks/src/testing/webhook-receiver';
import { ElementsClient, pressFakePspButton } from '../support/elements-client';
import type { ServiceProcess } from '../support/killable-service';
import { describeOnMongoDb, MongoDeployment } from './mongo-deployment';

const CALENDAR_MS = [1_000, 2_000, 300_000];

const transactionsOf = (doc: SessionDocument, type: string) => doc.attempts.flatMap((a) => a.transactions.filter((t) => t.type === type));

/**
 * Two service processes on one MongoDB database, sharing the PSP and the merchant endpoint: one
 * split payment paid through both, refunds asked of both at once, and a session-ended message whose
 * retry calendar both workers race on. No capture, refund or webhook is done twice, and concurrent
 * creations under one idempotency-key store one session.
 */
describeOnMongoDb('two service processes on one MongoDB database', () => {
  jest.setTimeout(5 * 60_000);
  const deployment = new MongoDeployment({ webhookRetryDelaysMs: CALENDAR_MS, pspDelayMs: 50 });
  const path = '/hooks/two-processes';
  const received: number[] = [];
  let a: ServiceProcess;
  let b: ServiceProcess;

  beforeAll(async () => {
    await deployment.open();
    [a, b] = await Promise.all([deployment.start(), deployment.start()]);
    // The merchant's endpoint is down for the first two tries, then takes the message.
    deployment.receiver.script = (_i, call) => {
      if (call.path !== path) return acknowledge;
      received.push(Date.now());
      return received.length <= 2 ? { kind: 'respond', status: 503, body: 'down' } : acknowledge;
    };
  }, 180_000);
  afterAll(() => deployment.close());

  it('pays one split payment through both, refunds it through both, and announces it once per calendar step', async () => {
    const created = await deployment.createSession(a, { currency: 'EUR', total: 10_000, orderId: 'two-processes', methods: [{ method: 'card' }, { method: 'ancv' }], returnUrl: 'https://shop.example/back', notificationUrl: deployment.receiver.url(path) });
    const id = created.sessionId;

    // 60.00 EUR by card on A, then 40.00 EUR of holiday vouchers on B, approved on the PSP's page.
    expect((await new ElementsClient(a.url, created.elementsToken).payByCard('card', 6_000)).status).toBe(201);
    await deployment.waitForStored(id, (doc) => doc.attempts[0]?.status === 'AUTHORIZED', 'the card authorization');
    const vouchers = await new ElementsClient(b.url, created.elementsToken).start({ methodId: 'ancv', amount: 4_000 });
    expect(vouchers.status).toBe(201);
    expect((await pressFakePspButton(vouchers.body.view.attempts[1]!.redirect!.url, 'approve')).status).toBe(303);

    const announced = await deployment.waitForStored(id, (doc) => doc.status === 'PAID' && doc.notification?.delivery?.deliveredAt !== undefined, 'PAID, announced');
    const cardRef = announced.attempts[0]!.transactions.find((t) => t.type === 'authorization')!.providerRef!;
    expect(deployment.psp.performed('capture', cardRef)).toBe(1);
    expect(transactionsOf(announced, 'capture').map((t) => t.status.kind)).toEqual(['succeeded']);
    expect(announced.notification?.delivery).toMatchObject({ failures: 2, abandoned: false });

    // Refunds: one key presented to both processes at once, then one more refund through B.
    const tokens = new Map([a, b].map((service) => [service, deployment.merchantToken(service)]));
    const refund = async (service: ServiceProcess, amount: number, key?: string) =>
      fetch(`${service.url}/api/attempts/${announced.attempts[0]!.id}/refund`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${await tokens.get(service)}`, 'Content-Type': 'application/json', ...(key ? { 'Idempotency-Key': key } : {}) },
        body: JSON.stringify({ amount }),
      }).then((res) => res.status);
    const statuses = await Promise.all(Array.from({ length: 20 }, (_, i) => refund(i % 2 === 0 ? a : b, 1_000, 'one-refund')));
    expect(new Set(statuses)).toEqual(new Set([202]));
    // A second refund of the attempt waits for the first one's verdict (RefundInFlight until then).
    await deployment.waitForStored(id, (doc) => transactionsOf(doc, 'refund').some((t) => t.status.kind === 'succeeded'), 'the first refund to succeed');
    expect(await refund(b, 500)).toBe(202);

    const refunded = await deployment.waitForStored(
      id,
      (doc) => transactionsOf(doc, 'refund').length === 2 && transactionsOf(doc, 'refund').every((t) => t.status.kind === 'succeeded'),
      'both refunds to succeed',
    );
    expect(transactionsOf(refunded, 'refund').map((t) => t.amount.amount).sort()).toEqual([1_000, 500].sort());
    expect(refunded.attempts[0]!.refunded.amount).toBe(1_500);
    // A refund is asked of the capture it gives back (the fake PSP's refs: fkp_ payment, fkc_ capture).
    const captureRef = transactionsOf(refunded, 'capture')[0]!.providerRef!;
    expect(deployment.psp.performed('refund', cardRef) + deployment.psp.performed('refund', captureRef)).toBe(2);

    // Still one capture, and the message went out once per step of its calendar: two refusals, one acceptance.
    expect(deployment.psp.performed('capture', cardRef)).toBe(1);
    const calls = deployment.receiver.callsTo(path);
    expect(calls).toHaveLength(3);
    expect(new Set(calls.map((c) => c.headers['webhook-id']))).toEqual(new Set([`${id}:PAID`]));
    // Retry n is due at t + delay n, t being the first failure (which the service records after the call came).
    expect(received[1]! - received[0]!).toBeGreaterThanOrEqual(CALENDAR_MS[0]!);
    expect(received[2]! - received[0]!).toBeGreaterThanOrEqual(CALENDAR_MS[1]!);
  });

  it('creates one session for ten requests with one idempotency-key sent to both at once, all answered the same (D63)', async () => {
    const body = JSON.stringify({ currency: 'EUR', total: 5_000, orderId: 'two-processes-keyed', methods: [{ method: 'card' }] });
    const tokens = new Map([a, b].map((service) => [service, deployment.merchantToken(service)]));
    const create = async (service: ServiceProcess) => {
      const res = await fetch(`${service.url}/api/sessions`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${await tokens.get(service)}`, 'Content-Type': 'application/json', 'Idempotency-Key': 'one-session' },
        body,
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => create(i % 2 === 0 ? a : b)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
    expect(await deployment.storedIdsOfOrder('two-processes-keyed')).toEqual([answers[0]!.body.sessionId]);
  });
});

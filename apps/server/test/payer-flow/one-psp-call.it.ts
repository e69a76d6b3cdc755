import type { SessionId, SessionView } from '@splitpay/domain';
import { PspOperationTap } from '../support/psp-operation-tap';
import { useService } from '../support/use-service';

async function until(probe: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 500 && !(await probe()); i++) await new Promise((r) => setTimeout(r, 10));
}

jest.setTimeout(30_000);

/**
 * One PSP call per owed operation: the write that owes a capture (or a void) sends it, and the session
 * worker, running while that send is still in flight, does not send it again.
 */
describe('payer flow: exactly one PSP call per owed operation', () => {
  const tap = new PspOperationTap();
  const h = useService(async () => ({ env: { FAKE_PSP_URL: `${await tap.start()}/fake-psp`, FAKE_PSP_DELAY_MS: '0' } }));
  beforeAll(() => tap.forwardTo(h.url));
  afterAll(() => tap.close());

  const captureCalls = () => [...tap.operationCalls()].filter(([name]) => name.startsWith('captures:'));

  it('the captures owed once an order is covered are sent once each, though the worker runs while those sends are in flight', async () => {
    const { page, sessionId } = await h.openPage({ currency: 'EUR', total: 10_000, orderId: 'one-capture', methods: [{ method: 'card' }] });
    expect((await page.payByCard('card', 6_000)).status).toBe(201);
    await page.waitFor((v: SessionView) => v.attempts[0]?.status === 'AUTHORIZED');
    tap.hold();
    // The second hold covers the order: its verdict owes a capture on both holds.
    expect((await page.payByCard('card', 4_000)).status).toBe(201);
    // They are sent one after the other: the first is held at the PSP.
    await until(() => captureCalls().length === 1);
    expect(captureCalls()).toHaveLength(1);
    // Both fall due for the worker once their writer can have sent both and saved their acks (D90).
    const { dispatchCallMs, dispatchAckSaveMs } = h.instance.core.policy;
    const owed = (await h.stores.sessions.findById(sessionId as SessionId))!.attempts.flatMap((a) => a.transactions.filter((t) => t.type === 'capture'));
    expect(owed.map((t) => t.dispatch)).toEqual([0, 1].map(() => ({ state: 'owed', tries: 0, nextAt: h.clock.now() + 2 * dispatchCallMs + dispatchAckSaveMs })));

    // The worker runs while that send is in flight, as on a busy instance.
    await h.runWorkers();
    await h.runWorkers();
    tap.release();
    await page.waitFor((v: SessionView) => v.status === 'PAID');
    // No retry follows once both were acked.
    h.clock.advance(h.instance.core.policy.dispatchRetryDelaysMs[0]! + 1);
    await h.runWorkers();

    const session = (await h.stores.sessions.findById(sessionId as SessionId))!;
    const captures = session.attempts.flatMap((a) => a.transactions.filter((t) => t.type === 'capture'));
    expect(captures).toHaveLength(2);
    expect(captureCalls().sort()).toEqual(captures.map((t) => [`captures:${t.id}`, 1] as [string, number]).sort());
  });

  it('a first send slower than the first retry delay is not sent again by the worker while it is in flight', async () => {
    const { page, sessionId } = await h.openPage({ currency: 'EUR', total: 10_000, orderId: 'slow-capture', methods: [{ method: 'card' }] });
    expect((await page.payByCard('card', 6_000)).status).toBe(201);
    await page.waitFor((v: SessionView) => v.attempts[0]?.status === 'AUTHORIZED');
    const before = new Set(captureCalls().map(([name]) => name));
    tap.hold();
    expect((await page.payByCard('card', 4_000)).status).toBe(201);
    const mine = () => captureCalls().filter(([name]) => !before.has(name));
    await until(() => mine().length === 1);

    // The PSP has not answered when the first retry falls due: the worker runs then.
    h.clock.advance(h.instance.core.policy.dispatchRetryDelaysMs[0]! + 1);
    const running = h.runWorkers();
    // Without a claim on the send in flight, the worker's own send would reach the PSP (and wait there too).
    await Promise.race([running, until(() => mine().some(([, count]) => count > 1))]);
    tap.release();
    await running;
    await page.waitFor((v: SessionView) => v.status === 'PAID');
    h.clock.advance(h.instance.core.policy.dispatchRetryDelaysMs[1]! + 1);
    await h.runWorkers();

    const session = (await h.stores.sessions.findById(sessionId as SessionId))!;
    const captures = session.attempts.flatMap((a) => a.transactions.filter((t) => t.type === 'capture'));
    expect(captures).toHaveLength(2);
    expect(mine().sort()).toEqual(captures.map((t) => [`captures:${t.id}`, 1] as [string, number]).sort());
  });

  it('a void owed by the payer cancelling a hold is sent once, though the worker runs while that send is in flight', async () => {
    const { page, sessionId } = await h.openPage({ currency: 'EUR', total: 10_000, orderId: 'one-void', methods: [{ method: 'card' }, { method: 'paypal' }], returnUrl: 'https://shop.example/back' });
    // A hold on the card (no capture before the order is covered), then the payer cancels it.
    const started = await page.payByCard('card', 6_000);
    const attemptId = started.body.attemptId!;
    await page.waitFor((v: SessionView) => v.attempts[0]?.status === 'AUTHORIZED');
    tap.hold();
    const cancelled = page.cancel(attemptId);
    const voidCalls = () => [...tap.operationCalls()].filter(([name]) => name.startsWith('voids:'));
    await until(() => voidCalls().length === 1);
    await h.runWorkers();
    tap.release();
    expect((await cancelled).status).toBe(200);
    h.clock.advance(h.instance.core.policy.dispatchRetryDelaysMs[0]! + 1);
    await h.runWorkers();

    const session = (await h.stores.sessions.findById(sessionId as SessionId))!;
    const voids = session.attempts.flatMap((a) => a.transactions.filter((t) => t.type === 'void'));
    expect(voids).toHaveLength(1);
    expect(voidCalls()).toEqual([[`voids:${voids[0]!.id}`, 1]]);
  });

  it('a capture whose answer was lost is sent again by the worker with the same key, counted as sent again after no answer, not as a repeat', async () => {
    const { page, sessionId } = await h.openPage({ currency: 'EUR', total: 10_000, orderId: 'lost-capture-answer', methods: [{ method: 'card' }] });
    const before = tap.operations();
    // The PSP receives the capture, but the connection is reset before its answer: an unknown ack.
    tap.loseNextAnswer();
    // Its confirmation is held back until the worker has run: applied first, it would settle the capture
    // and leave the worker nothing to send again (on a loaded machine it used to win that race).
    h.tap.dropNext((json) => json.event === 'capture');
    expect((await page.payByCard('card', 10_000)).status).toBe(201);
    const capture = async () => (await h.stores.sessions.findById(sessionId as SessionId))?.attempts[0]?.transactions.find((t) => t.type === 'capture');
    await until(async () => {
      const dispatch = (await capture())?.dispatch;
      return dispatch?.state === 'owed' && dispatch.tries === 1;
    });
    expect(tap.operations().calls - before.calls).toBe(1);

    h.clock.advance(h.instance.core.policy.dispatchRetryDelaysMs[0]! + 1);
    await h.runWorkers();
    const confirmation = () => h.tap.deliveries.find((n) => !n.forwarded && n.json?.event === 'capture');
    await until(() => confirmation() !== undefined);
    expect((await h.tap.replay(confirmation()!)).status).toBe(200);
    await page.waitFor((v: SessionView) => v.status === 'PAID');

    const captureId = (await capture())!.id;
    expect(tap.operationCalls().get(`captures:${captureId}`)).toBe(2);
    const after = tap.operations();
    expect({ calls: after.calls - before.calls, repeated: after.repeated - before.repeated, resentAfterNoAnswer: after.resentAfterNoAnswer - before.resentAfterNoAnswer }).toEqual({ calls: 2, repeated: 0, resentAfterNoAnswer: 1 });
  });
});

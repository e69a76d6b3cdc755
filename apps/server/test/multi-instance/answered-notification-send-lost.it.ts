import type { SessionId, SessionView } from '@splitpay/domain';
import { until } from '../support/until';
import { useTwoInstancesOnTap } from '../support/two-instances-on-tap';

jest.setTimeout(30_000);

/**
 * A PSP notification is answered once its verdict is saved, the capture it owes sent in the
 * background (D107). Should that send never end (its process stopped mid-call: the tap holds the call
 * and never lets it answer in time), the capture is still owed in the store: another instance's worker
 * sends it once its first send falls due, PSP_TIMEOUT_MS + 5 s after the verdict's write (D90), and
 * not before.
 */
describe('two instances: the capture owed by an answered notification, its background send never ended', () => {
  const { tap, captureCalls, stores, clock, a, b } = useTwoInstancesOnTap();

  it("B's worker sends it once PSP_TIMEOUT_MS + 5 s have passed since the verdict, not a millisecond before", async () => {
    const { page, sessionId } = await a.openPage({ currency: 'EUR', total: 5_000, orderId: 'answered-send-lost', methods: [{ method: 'card' }] });
    const seen = a.tap.deliveries.length;
    a.tap.dropNext((n) => n.event === 'authorization');
    expect((await page.payByCard('card', 5_000)).status).toBe(201);
    const verdict = await until(() => a.tap.deliveries.slice(seen).find((d) => !d.forwarded), 'the authorization notification');

    tap.hold();
    const verdictAt = clock.now();
    expect((await a.tap.replay(verdict)).status).toBe(200);
    await until(() => (captureCalls().length === 1 ? true : undefined), "A's background capture to reach the PSP");
    const stored = (await stores.sessions.findById(sessionId as SessionId))!;
    const capture = stored.attempts[0]!.transactions.find((t) => t.type === 'capture')!;
    expect(capture.dispatch).toMatchObject({ state: 'owed', tries: 0 });

    const { dispatchCallMs, dispatchAckSaveMs } = b.instance.core.policy;
    expect(dispatchCallMs).toBe(b.config.pspTimeoutMs);
    // Just before the first send falls due: B's worker leaves the capture to A, whose call may still end.
    clock.set(verdictAt + dispatchCallMs + dispatchAckSaveMs - 1);
    const early = tap.nextOperationCall();
    const running = b.runWorkers();
    // Had B's worker sent the capture, its call would reach the tap (held there too) before its run ended.
    await Promise.race([running, early]);
    expect(captureCalls()).toEqual([[`captures:${capture.id}`, 1]]);

    // Due: A's send is taken as lost, and B's worker sends the capture (same idempotency key).
    clock.set(verdictAt + dispatchCallMs + dispatchAckSaveMs);
    const due = tap.nextOperationCall();
    const sending = b.runWorkers();
    expect(await due).toBe(`captures:${capture.id}`);
    tap.release();
    await Promise.all([running, sending, a.instance.idle()]);
    await page.waitFor((v: SessionView) => v.status === 'PAID');
    expect(captureCalls()).toEqual([[`captures:${capture.id}`, 2]]);
  });
});

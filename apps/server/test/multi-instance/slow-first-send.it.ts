import type { SessionId, SessionView } from '@splitpay/domain';
import { useTwoInstancesOnTap } from '../support/two-instances-on-tap';

jest.setTimeout(30_000);

/**
 * Two instances on one store share one PSP (through the tap, which holds operation calls: a slow PSP)
 * and one manual clock. Instance A's inline send of a capture is still in flight when instance B's
 * worker runs more than 5 s later (the first retry delay, when a first send used to fall due): B does
 * not see A's in-process claim, so only the capture's later first due keeps B from sending it too.
 */
describe('two instances: a first send slower than the first retry delay', () => {
  const { tap, captureCalls, stores, clock, a, b } = useTwoInstancesOnTap();

  it("B's worker does not send a capture whose first send by A is still waiting for the PSP's answer: the PSP receives one call", async () => {
    const { page, sessionId } = await a.openPage({ currency: 'EUR', total: 5_000, orderId: 'slow-first-send', methods: [{ method: 'card' }] });
    tap.hold();
    const firstSend = tap.nextOperationCall();
    expect((await page.payByCard('card', 5_000)).status).toBe(201);
    // The verdict covers the order: A owes the capture and sends it at once; the PSP holds it.
    await firstSend;
    expect(captureCalls()).toEqual([[expect.any(String), 1]]);

    // The PSP has not answered 5 s later (the first retry delay): B's worker runs then.
    clock.advance(a.instance.core.policy.dispatchRetryDelaysMs[0]! + 1);
    const secondSend = tap.nextOperationCall();
    const running = b.runWorkers();
    // Had B's worker sent the capture, its call would reach the tap (and be held there too): B's run
    // would not end before the release.
    await Promise.race([running, secondSend]);
    tap.release();
    await running;
    await page.waitFor((v: SessionView) => v.status === 'PAID');
    await b.runWorkers();

    const session = (await stores.sessions.findById(sessionId as SessionId))!;
    const captures = session.attempts.flatMap((attempt) => attempt.transactions.filter((t) => t.type === 'capture'));
    expect(captures).toHaveLength(1);
    expect(captureCalls()).toEqual([[`captures:${captures[0]!.id}`, 1]]);
    expect(tap.operations()).toMatchObject({ repeated: 0, resentAfterNoAnswer: 0 });
  });
});

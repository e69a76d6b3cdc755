import type { Session, SessionId, SessionView, Transaction } from '@splitpay/domain';
import { PspOperationTap } from '../support/psp-operation-tap';
import { useService } from '../support/use-service';

jest.setTimeout(30_000);

async function until(probe: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 500 && !(await probe()); i++) await new Promise((r) => setTimeout(r, 10));
}

const captureOf = (session: Session): Transaction => session.attempts[0]!.transactions.find((t) => t.type === 'capture')!;

/**
 * The instance's graceful stop (`AppInstance.stop`, what SIGTERM and SIGINT run) while the session
 * worker's turn waits on the PSP for a capture retry, its workers on their own schedule as in
 * production, one turn at a time: a second session's retry is due too when the stop comes.
 */
describe('a graceful stop while a session worker turn waits on the PSP', () => {
  const psp = new PspOperationTap();
  const h = useService(async () => ({ env: { FAKE_PSP_URL: `${await psp.start()}/fake-psp`, FAKE_PSP_DELAY_MS: '0', WORKER_CONCURRENCY: '1' } }));
  beforeAll(() => psp.forwardTo(h.url));
  afterAll(() => psp.close());

  const stored = async (sessionId: string): Promise<Session> => (await h.stores.sessions.findById(sessionId as SessionId))!;

  /** A paid card hold whose capture's first send the PSP answered 503: its retry is owed to the session worker. */
  async function captureRetryOwed(orderId: string): Promise<string> {
    const { page, sessionId } = await h.openPage({ currency: 'EUR', total: 5_000, orderId, methods: [{ method: 'card' }] });
    expect((await page.payByCard('card', 5_000)).status).toBe(201);
    await page.waitFor((v: SessionView) => v.attempts[0]?.status === 'AUTHORIZED');
    await until(async () => (captureOf(await stored(sessionId)).dispatch as { tries?: number } | undefined)?.tries === 1);
    expect(captureOf(await stored(sessionId)).dispatch).toMatchObject({ state: 'owed', tries: 1 });
    return sessionId;
  }

  it('finishes and saves the turn in flight, claims nothing after stop() was called, and resolves', async () => {
    const clear = h.injectFault((method, path) => method === 'POST' && /\/captures$/.test(path));
    const sessions = [await captureRetryOwed('stop-a'), await captureRetryOwed('stop-b')];
    clear();
    psp.reset();
    h.clock.advance(h.instance.core.policy.dispatchRetryDelaysMs[0]! + 1);

    psp.hold();
    const heldCall = psp.nextOperationCall();
    h.instance.startWorkers(20);
    const held = await heldCall;
    const stopped = h.instance.stop();
    psp.release();
    await stopped;

    // One PSP call in all: the retry in flight when stop() was called; the other session was not claimed.
    expect([...psp.operationCalls()]).toEqual([[held, 1]]);
    const after = await Promise.all(sessions.map(stored));
    const [sent, left] = held === `captures:${captureOf(after[0]!).id}` ? [after[0]!, after[1]!] : [after[1]!, after[0]!];
    // The turn in flight saved its outcome (the capture acked) and released its lease.
    expect(captureOf(sent).dispatch).toMatchObject({ state: 'sent' });
    expect(sent.lease).toBeUndefined();
    // The other stays due, unleased, for any instance.
    expect(captureOf(left).dispatch).toMatchObject({ state: 'owed', tries: 1 });
    expect((captureOf(left).dispatch as { nextAt: number }).nextAt).toBeLessThanOrEqual(h.clock.now());
    expect(left.lease).toBeUndefined();
  });
});

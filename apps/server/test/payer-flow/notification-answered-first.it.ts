import type { SessionId, SessionView } from '@splitpay/domain';
import { PspOperationTap } from '../support/psp-operation-tap';
import { until } from '../support/until';
import { useService } from '../support/use-service';

jest.setTimeout(30_000);

/**
 * A PSP waits about 10 s for its notification's reply, and counts a slower one as a failed delivery
 * (sent again); a capture may take PSP_TIMEOUT_MS (15 s). The verdict's write is answered at once,
 * the capture it owes sent in the background.
 */
describe('payer flow: a PSP notification is answered before the capture its verdict owes has ended', () => {
  const tap = new PspOperationTap();
  const h = useService(async () => ({ env: { FAKE_PSP_URL: `${await tap.start()}/fake-psp`, FAKE_PSP_DELAY_MS: '0' } }));
  beforeAll(() => tap.forwardTo(h.url));
  afterAll(() => tap.close());

  const captureCalls = () => [...tap.operationCalls()].filter(([name]) => name.startsWith('captures:'));

  it('answers the authorization while the capture is held at the PSP, then records that capture: one call', async () => {
    const { page, sessionId } = await h.openPage({ currency: 'EUR', total: 5_000, orderId: 'answered-first', methods: [{ method: 'card' }] });
    // The fake PSP's own delivery is kept aside: the test delivers it and reads the service's reply.
    const seen = h.tap.deliveries.length;
    h.tap.dropNext((n) => n.event === 'authorization');
    expect((await page.payByCard('card', 5_000)).status).toBe(201);
    const verdict = await until(() => h.tap.deliveries.slice(seen).find((d) => !d.forwarded), 'the authorization notification');

    tap.hold();
    const reply = await h.tap.replay(verdict);

    expect(reply.status).toBe(200);
    await until(() => (captureCalls().length === 1 ? true : undefined), 'the capture to reach the PSP');
    const stored = (await h.stores.sessions.findById(sessionId as SessionId))!;
    const capture = stored.attempts[0]!.transactions.find((t) => t.type === 'capture')!;
    expect(stored.attempts[0]!.status).toBe('AUTHORIZED');
    expect(capture.dispatch).toMatchObject({ state: 'owed', tries: 0 });

    tap.release();
    await page.waitFor((v: SessionView) => v.status === 'PAID');
    expect(captureCalls()).toEqual([[`captures:${capture.id}`, 1]]);
  });
});

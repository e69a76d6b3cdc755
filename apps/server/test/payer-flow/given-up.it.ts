import type { SessionId, SessionView } from '@splitpay/domain';
import { pressFakePspButton } from '../support/elements-client';
import { readSession } from '../support/service-harness';
import { useService } from '../support/use-service';

/** dispatchRetryDelaysMs of the default policy: the tries after the first, then given up. */
const RETRY_DELAYS = [5_000, 30_000, 120_000, 600_000];
const noneInFlight = (v: SessionView) => v.attempts.length > 0 && v.attempts.every((a) => a.status !== 'AUTHORIZING');

async function until(probe: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 300 && !(await probe()); i++) await new Promise((r) => setTimeout(r, 10));
}

jest.setTimeout(30_000);

describe('payer flow: PSP operations that keep failing', () => {
  const h = useService();

  it('retries a capture on the schedule, then gives it up loudly (an error line and a metric); it stays pending, since the PSP may have taken the money', async () => {
    const clear = h.injectFault((method, path) => method === 'POST' && /^\/fake-psp\/api\/payments\/[^/]+\/captures/.test(path));
    const { page, sessionId } = await h.openPage({ currency: 'EUR', total: 10_000, orderId: 'capture-down', methods: [{ method: 'card' }] });
    await page.payByCard('card', 10_000);
    await page.waitFor((v) => v.status === 'CAPTURING');
    const capture = async () => (await h.stores.sessions.findById(sessionId as SessionId))!.attempts[0]!.transactions.find((t) => t.type === 'capture')!;
    // The capture was sent right after the grant (and failed): its first try is recorded.
    for (let i = 0; i < 200 && ((await capture()).dispatch as { tries?: number }).tries !== 1; i++) await new Promise((r) => setTimeout(r, 10));
    expect((await capture()).dispatch).toMatchObject({ state: 'owed', tries: 1 });

    for (const [delay, tries] of [
      [5_000, 2],
      [30_000, 3],
      [120_000, 4],
    ] as const) {
      h.clock.advance(delay - 1);
      await h.runWorkers();
      expect((await capture()).dispatch).toMatchObject({ state: 'owed', tries: tries - 1 });
      h.clock.advance(1);
      await h.runWorkers();
      expect((await capture()).dispatch).toMatchObject({ state: 'owed', tries });
    }
    expect(h.logLines.filter((l) => l.includes('psp.operation_given_up'))).toEqual([]);
    h.clock.advance(600_000);
    await h.runWorkers();

    expect((await capture()).dispatch).toMatchObject({ state: 'given-up', tries: 5 });
    expect((await capture()).status).toEqual({ kind: 'pending' });
    const alerts = h.logLines.filter((l) => l.includes('psp.operation_given_up')).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(alerts).toEqual([expect.objectContaining({ level: 'error', sessionId, type: 'capture', provider: 'fake' })]);
    const metrics = await (await fetch(`${h.url}/metrics`)).text();
    expect(metrics).toContain('psp_operation_given_up_total{provider="fake",type="capture"} 1');

    clear();
    // Not handed back as failed (a second payment could then take the money twice): the session
    // waits for the PSP's verdict, or for an operator who checked the payment at the PSP.
    expect((await page.view()).body.view.status).toBe('CAPTURING');
    h.clock.advance(600_000);
    await h.runWorkers();
    expect((await h.stores.sessions.findById(sessionId as SessionId))!.status).toBe('CAPTURING');
    expect(h.logLines.filter((l) => l.includes('psp.operation_given_up'))).toHaveLength(1);
  });

  /** The owed operation of `type` on the session's attempt `index`. */
  const operation = async (sessionId: string, index: number, type: string) =>
    (await h.stores.sessions.findById(sessionId as SessionId))!.attempts[index]!.transactions.find((t) => t.type === type);

  async function spendRetries(sessionId: string, index: number, type: string): Promise<void> {
    await until(async () => {
      const dispatch = (await operation(sessionId, index, type))?.dispatch;
      return dispatch?.state === 'owed' && dispatch.tries === 1;
    });
    for (const delay of RETRY_DELAYS) {
      h.clock.advance(delay);
      await h.runWorkers();
    }
  }

  it('gives a void up loudly after its retries, its verdict still pending; the hold no longer counts and the payer may pay again', async () => {
    const clear = h.injectFault((method, path) => method === 'POST' && /^\/fake-psp\/api\/payments\/[^/]+\/voids/.test(path));
    try {
      const { page, sessionId } = await h.openPage({ currency: 'EUR', total: 10_000, orderId: 'void-down', methods: [{ method: 'card' }] });
      const held = await page.payByCard('card', 4_000);
      await page.waitFor(noneInFlight);
      expect((await page.cancel(held.body.attemptId!)).body.view.remaining.amount).toBe(10_000);
      await spendRetries(sessionId, 0, 'void');

      const voided = (await operation(sessionId, 0, 'void'))!;
      expect(voided.dispatch).toMatchObject({ state: 'given-up', tries: 5 });
      expect(voided.status).toEqual({ kind: 'pending' });
      const alerts = h.logLines.filter((l) => l.includes('psp.operation_given_up') && l.includes(sessionId)).map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(alerts).toEqual([expect.objectContaining({ level: 'error', sessionId, type: 'void', provider: 'fake', transactionId: voided.id })]);
      expect(await (await fetch(`${h.url}/metrics`)).text()).toContain('psp_operation_given_up_total{provider="fake",type="void"} 1');
      expect((await page.view()).body.view).toMatchObject({ status: 'PENDING', remaining: { amount: 10_000 } });
      expect((await page.payByCard('card', 10_000)).status).toBe(201);
    } finally {
      clear();
    }
  });

  it('a refund of vouchers at expiry that keeps failing is given up, still pending (no owedToPayer while the PSP may have refunded); the session still ends', async () => {
    const clear = h.injectFault((method, path) => method === 'POST' && /^\/fake-psp\/api\/payments\/[^/]+\/refunds/.test(path));
    try {
      const { page, sessionId } = await h.openPage({
        currency: 'EUR',
        total: 10_000,
        orderId: 'refund-down',
        ttlMs: 60_000,
        methods: [{ method: 'ancv' }, { method: 'card' }],
        returnUrl: 'https://shop.example/back',
      });
      const vouchers = await page.start({ methodId: 'ancv', amount: 3_000 });
      await pressFakePspButton(vouchers.body.view.attempts[0]!.redirect!.url, 'approve');
      await page.waitFor(noneInFlight);
      h.clock.advance(60_000);
      await h.runWorkers();
      expect((await page.view()).body.view.status).toBe('EXPIRING');
      await spendRetries(sessionId, 0, 'refund');

      const refund = (await operation(sessionId, 0, 'refund'))!;
      expect(refund).toMatchObject({ dispatch: { state: 'given-up' }, status: { kind: 'pending' } });
      const session = await readSession(h, sessionId);
      expect(session.body).toMatchObject({ status: 'EXPIRED', captured: { amount: 0 } });
      const [ancv] = session.body.attempts as { owedToPayer?: string; refunded: { amount: number } }[];
      expect(ancv?.owedToPayer).toBeUndefined();
      expect(ancv?.refunded.amount).toBe(0);
      const alerts = h.logLines.filter((l) => l.includes('psp.operation_given_up') && l.includes(sessionId)).map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(alerts).toEqual([expect.objectContaining({ level: 'error', type: 'refund', provider: 'fake' })]);
      expect(await (await fetch(`${h.url}/metrics`)).text()).toContain('psp_operation_given_up_total{provider="fake",type="refund"} 1');
    } finally {
      clear();
    }
  });
});

import type { SessionId } from '@splitpay/domain';
import { startService, type ServiceHarness } from '../support/service-harness';

jest.setTimeout(30_000);

describe('payer flow: PSP operations that keep failing', () => {
  let h: ServiceHarness;
  beforeAll(async () => {
    h = await startService();
  });
  afterAll(() => h.close());

  it('retries a capture on the schedule, then gives it up loudly: an error line and a metric, never a stuck session', async () => {
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
    expect((await capture()).status.kind).toBe('failed');
    const alerts = h.logLines.filter((l) => l.includes('psp.operation_given_up')).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(alerts).toEqual([expect.objectContaining({ level: 'error', sessionId, type: 'capture', provider: 'fake' })]);
    const metrics = await (await fetch(`${h.url}/metrics`)).text();
    expect(metrics).toContain('psp_operation_given_up_total{provider="fake",type="capture"} 1');

    clear();
    const view = (await page.view()).body.view;
    expect(view.status).not.toBe('CAPTURING');
    const stored = (await h.stores.sessions.findById(sessionId as SessionId))!;
    expect(stored.status).toBe(view.status);
  });
});

import { startService, type ServiceHarness } from '../support/service-harness';
import { useService } from '../support/use-service';
import { seriesValue } from '../support/exposition';

jest.setTimeout(30_000);

async function until(condition: () => Promise<boolean> | boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const scrape = async (h: ServiceHarness, token?: string): Promise<string> =>
  (await fetch(`${h.url}/metrics`, token ? { headers: { Authorization: `Bearer ${token}` } } : {})).text();


/** GET /metrics as an operator's Prometheus reads it. */
describe('/metrics', () => {
  const h = useService();

  it('has every counter, with HELP and TYPE, at zero for each label set before the first event', async () => {
    const text = await scrape(h);
    for (const counter of ['notification_abandoned_total', 'notification_delivered_total', 'notification_delivery_failures_total', 'psp_operation_given_up_total', 'psp_verdict_unmatched_total', 'psp_calls_total', 'http_requests_aborted_total']) {
      expect(text).toContain(`# HELP ${counter} `);
      expect(text).toContain(`# TYPE ${counter} counter`);
    }
    expect(seriesValue(text, 'notification_abandoned_total{event="session-ended"}')).toBe(0);
    expect(seriesValue(text, 'notification_abandoned_total{event="chargeback"}')).toBe(0);
    for (const type of ['capture', 'void', 'refund']) expect(seriesValue(text, `psp_operation_given_up_total{provider="fake",type="${type}"}`)).toBe(0);
    for (const kind of ['authorized', 'declined', 'captured', 'refunded']) expect(seriesValue(text, `psp_verdict_unmatched_total{kind="${kind}",provider="fake"}`)).toBe(0);
    expect(seriesValue(text, 'psp_calls_total{operation="capture",outcome="unknown",provider="fake"}')).toBe(0);
    for (const route of ['/api/sessions', '/api/attempts/:attemptId/refund', '/elements/session/attempts', '/elements/session/attempts/:attemptId/confirm', '/oauth/token', '/oauth/authorize']) {
      expect(seriesValue(text, `http_requests_aborted_total{method="POST",route="${route}"}`)).toBe(0);
    }
    expect(text).not.toContain('http_requests_aborted_total{method="GET"');
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(text).toContain('# TYPE worker_turn_duration_seconds histogram');
  });

  it('measures requests by route template and status, PSP calls by provider and outcome, and worker turns', async () => {
    const { page, sessionId } = await h.openPage({ currency: 'EUR', total: 2_000, orderId: 'metrics-1', methods: [{ method: 'card' }] });
    expect((await page.payByCard('card', 2_000)).status).toBe(201);
    await page.waitFor((view) => view.status === 'PAID');
    const token = await h.clientToken();
    expect((await fetch(`${h.url}/api/sessions/${sessionId}`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(200);
    expect((await fetch(`${h.url}/api/sessions/0190c0de-0000-7000-8000-000000000009`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(404);
    await h.runWorkers();

    const text = await scrape(h);
    expect(seriesValue(text, 'http_request_duration_seconds_count{method="GET",route="/api/sessions/:sessionId",status="200"}')).toBe(1);
    expect(seriesValue(text, 'http_request_duration_seconds_count{method="GET",route="/api/sessions/:sessionId",status="404"}')).toBe(1);
    expect(seriesValue(text, 'http_request_duration_seconds_count{method="POST",route="/elements/session/attempts",status="201"}')).toBe(1);
    expect(text).not.toContain(sessionId);
    expect(seriesValue(text, 'psp_calls_total{operation="open",outcome="accepted",provider="fake"}')).toBe(1);
    // The fake PSP's verdict, posted to the service over HTTP, read by its provider (D160).
    expect(seriesValue(text, 'psp_calls_total{operation="parseNotification",outcome="accepted",provider="fake"}')).toBeGreaterThanOrEqual(1);
    expect(seriesValue(text, 'worker_turn_duration_seconds_count{worker="session-worker"}')).toBeGreaterThanOrEqual(1);
  });

  it('is refused without the bearer token when METRICS_TOKEN is set', async () => {
    const guarded = await startService({ env: { METRICS_TOKEN: 'scraper-token-0123456789' } });
    try {
      for (const authorization of [undefined, 'Bearer wrong-token', 'Basic c2NyYXBlcjp4']) {
        const res = await fetch(`${guarded.url}/metrics`, authorization ? { headers: { Authorization: authorization } } : {});
        expect(res.status).toBe(401);
        expect(await res.json()).toEqual({ code: 'Unauthorized', message: expect.any(String) });
        expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
      }
      const text = await scrape(guarded, 'scraper-token-0123456789');
      expect(seriesValue(text, 'notification_abandoned_total{event="session-ended"}')).toBe(0);
    } finally {
      await guarded.close();
    }
  });

  it('counts a verdict for an authorization this process never knew, and says so in an error line', async () => {
    const secrets = { FAKE_PSP_API_KEY: 'shared-fake-key', FAKE_PSP_SIGNING_SECRET: 'shared-fake-signing-secret' };
    const before = await startService({ env: secrets });
    const after = await startService({ env: secrets });
    try {
      const { page } = await before.openPage({ currency: 'EUR', total: 3_000, orderId: 'lost-hold', methods: [{ method: 'card' }] });
      before.tap.dropNext((json) => json.event === 'authorization');
      expect((await page.payByCard('card', 3_000)).status).toBe(201);
      await until(() => before.tap.deliveries.some((d) => !d.forwarded), 'the verdict to be held back');
      const verdict = before.tap.deliveries.find((d) => !d.forwarded)!;

      // The verdict reaches a process whose store never held the authorization (a store lost in a crash).
      const res = await fetch(`${after.url}${verdict.path}`, { method: 'POST', headers: { ...verdict.headers, 'x-test-notification-tap': '1' }, body: verdict.body });
      expect(res.status).toBe(200);
      expect(seriesValue(await scrape(after), 'psp_verdict_unmatched_total{kind="authorized",provider="fake"}')).toBe(1);
      const unmatched = after.logLines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.event === 'psp.fact_unmatched');
      expect(unmatched).toEqual([expect.objectContaining({ level: 'error', provider: 'fake', fact: 'authorized' })]);
    } finally {
      await before.close();
      await after.close();
    }
  });
});

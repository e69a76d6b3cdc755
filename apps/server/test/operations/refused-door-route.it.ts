import { SHOP } from '../support/merchants.fixture';
import { useService } from '../support/use-service';
import { seriesValue } from '../support/exposition';


/** A refusal thrown inside a mounted router is counted and logged under its whole route template. */
describe('the route of a refused elements start', () => {
  const h = useService();

  it('is /elements/session/attempts in /metrics and in the access line, not the mount-less /session/attempts', async () => {
    const { elementsToken } = await h.createSession({ currency: 'EUR', total: 1_000, orderId: 'refused-start', methods: [{ method: 'card' }] }, SHOP);
    const res = await fetch(`${h.url}/elements/session/attempts`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${elementsToken}`, 'Content-Type': 'application/json', 'X-Request-Id': 'refused-start-1' },
      body: JSON.stringify({ amount: 'not a number' }),
    });
    expect(res.status).toBe(400);
    await res.text();

    const metrics = await (await fetch(`${h.url}/metrics`)).text();
    expect(seriesValue(metrics, 'http_request_duration_seconds_count{method="POST",route="/elements/session/attempts",status="400"}')).toBe(1);
    expect(metrics).not.toContain('route="/session/attempts"');

    const access = h.logLines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.event === 'http.request' && line.requestId === 'refused-start-1');
    expect(access.map((line) => [line.method, line.route, line.status])).toEqual([['POST', '/elements/session/attempts', 400]]);
  });
});

import { SHOP } from '../support/merchants.fixture';
import { useService } from '../support/use-service';
import { accessLinesOf, seriesValue } from '../support/exposition';


/** A body the elements area's parser refuses, before any route matched, is counted and logged under the door it was sent to (D118-f). */
describe('the route of a request whose body is not JSON', () => {
  const h = useService();

  async function send(path: string, requestId: string, token: string): Promise<number> {
    const res = await fetch(`${h.url}${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'X-Request-Id': requestId },
      body: '{bad',
    });
    await res.text();
    return res.status;
  }

  const accessLine = (requestId: string): unknown[][] => accessLinesOf(h.logLines, requestId);

  it('is the door in /metrics and in the access line, not unmatched; a path no door serves stays unmatched', async () => {
    const { elementsToken } = await h.createSession({ currency: 'EUR', total: 1_000, orderId: 'malformed-start', methods: [{ method: 'card' }] }, SHOP);
    expect(await send('/elements/session/attempts', 'malformed-start-1', elementsToken)).toBe(400);
    expect(await send('/elements/session/attempts/a-1/confirm', 'malformed-confirm-1', elementsToken)).toBe(400);
    expect(await send('/elements/session/nowhere', 'malformed-nowhere-1', elementsToken)).toBe(400);

    const metrics = await (await fetch(`${h.url}/metrics`)).text();
    expect(seriesValue(metrics, 'http_request_duration_seconds_count{method="POST",route="/elements/session/attempts",status="400"}')).toBe(1);
    expect(seriesValue(metrics, 'http_request_duration_seconds_count{method="POST",route="/elements/session/attempts/:attemptId/confirm",status="400"}')).toBe(1);
    expect(seriesValue(metrics, 'http_request_duration_seconds_count{method="POST",route="unmatched",status="400"}')).toBe(1);

    expect(accessLine('malformed-start-1')).toEqual([['POST', '/elements/session/attempts', 400]]);
    expect(accessLine('malformed-confirm-1')).toEqual([['POST', '/elements/session/attempts/:attemptId/confirm', 400]]);
    expect(accessLine('malformed-nowhere-1')).toEqual([['POST', 'unmatched', 400]]);
  });
});

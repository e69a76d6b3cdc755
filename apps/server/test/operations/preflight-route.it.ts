import { useService } from '../support/use-service';
import { accessLinesOf, seriesValue } from '../support/exposition';


/** A CORS preflight is counted and logged under the door it asks about, not among the unmatched paths (D123-d). */
describe('the route of a CORS preflight', () => {
  const h = useService();

  async function preflight(path: string, requestId: string, requestedMethod?: string): Promise<number> {
    const res = await fetch(`${h.url}${path}`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://shop.example',
        'X-Request-Id': requestId,
        ...(requestedMethod ? { 'Access-Control-Request-Method': requestedMethod, 'Access-Control-Request-Headers': 'authorization,content-type' } : {}),
      },
    });
    await res.text();
    return res.status;
  }

  const accessLine = (requestId: string): unknown[][] => accessLinesOf(h.logLines, requestId);

  it("is the requested method's door in /metrics and in the access line; a path no door serves for that method stays unmatched", async () => {
    expect(await preflight('/elements/session/attempts', 'preflight-start-1', 'POST')).toBe(204);
    expect(await preflight('/elements/session/attempts/a-1/confirm', 'preflight-confirm-1', 'POST')).toBe(204);
    expect(await preflight('/elements/session', 'preflight-read-1', 'GET')).toBe(204);
    expect(await preflight('/elements/session/nowhere', 'preflight-nowhere-1', 'POST')).toBe(204);
    expect(await preflight('/elements/session/attempts', 'preflight-wrong-method-1', 'GET')).toBe(204);

    const metrics = await (await fetch(`${h.url}/metrics`)).text();
    expect(seriesValue(metrics, 'http_request_duration_seconds_count{method="OPTIONS",route="/elements/session/attempts",status="204"}')).toBe(1);
    expect(seriesValue(metrics, 'http_request_duration_seconds_count{method="OPTIONS",route="/elements/session/attempts/:attemptId/confirm",status="204"}')).toBe(1);
    expect(seriesValue(metrics, 'http_request_duration_seconds_count{method="OPTIONS",route="/elements/session",status="204"}')).toBe(1);
    expect(seriesValue(metrics, 'http_request_duration_seconds_count{method="OPTIONS",route="unmatched",status="204"}')).toBe(2);

    expect(accessLine('preflight-start-1')).toEqual([['OPTIONS', '/elements/session/attempts', 204]]);
    expect(accessLine('preflight-confirm-1')).toEqual([['OPTIONS', '/elements/session/attempts/:attemptId/confirm', 204]]);
    expect(accessLine('preflight-read-1')).toEqual([['OPTIONS', '/elements/session', 204]]);
    expect(accessLine('preflight-nowhere-1')).toEqual([['OPTIONS', 'unmatched', 204]]);
    expect(accessLine('preflight-wrong-method-1')).toEqual([['OPTIONS', 'unmatched', 204]]);
  });

  it('labels a preflight to an area without CORS with the door it asks about, answered as before', async () => {
    const status = await preflight('/api/sessions', 'preflight-api-1', 'POST');
    expect(status).toBe(200);
    expect(accessLine('preflight-api-1')).toEqual([['OPTIONS', '/api/sessions', 200]]);
  });

  it('leaves an OPTIONS request that is no preflight (no requested method) unmatched', async () => {
    expect(await preflight('/elements/session/attempts', 'plain-options-1')).toBe(204);
    expect(accessLine('plain-options-1')).toEqual([['OPTIONS', 'unmatched', 204]]);
  });
});

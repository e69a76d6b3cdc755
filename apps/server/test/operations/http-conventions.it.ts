import type { ServiceHarness } from '../support/service-harness';
import { useService } from '../support/use-service';

jest.setTimeout(30_000);

const lines = (h: ServiceHarness): Record<string, unknown>[] => h.logLines.map((line) => JSON.parse(line) as Record<string, unknown>);

/** HTTP's own rules over real HTTP: 405 with Allow, request ids and the access line of each request. */
describe('HTTP conventions', () => {
  const h = useService();

  it('answers a known path called with another method 405, with Allow and the error envelope', async () => {
    const sessions = await fetch(`${h.url}/api/sessions`, { method: 'DELETE' });
    expect(sessions.status).toBe(405);
    expect(sessions.headers.get('allow')).toBe('GET, HEAD, POST');
    expect(await sessions.json()).toEqual({ code: 'MethodNotAllowed', message: expect.stringContaining('DELETE') });

    const token = await fetch(`${h.url}/oauth/token`, { method: 'GET' });
    expect([token.status, token.headers.get('allow')]).toEqual([405, 'POST']);
    // Every answer of the token endpoint is never cached, this refusal included.
    expect(token.headers.get('cache-control')).toBe('no-store');

    const session = await fetch(`${h.url}/api/sessions/0190c0de-0000-7000-8000-000000000001`, { method: 'PUT' });
    expect([session.status, session.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
    expect(((await session.json()) as { code: string }).code).toBe('MethodNotAllowed');

    const unknown = await fetch(`${h.url}/api/nothing-here`, { method: 'DELETE' });
    expect([unknown.status, await unknown.json()]).toEqual([404, { code: 'NotFound', message: 'Not found' }]);
  });

  it('keeps a well-formed X-Request-Id, mints one otherwise, and answers it on every response', async () => {
    const kept = await fetch(`${h.url}/health`, { headers: { 'X-Request-Id': 'trace-0123.abc:9' } });
    expect(kept.headers.get('x-request-id')).toBe('trace-0123.abc:9');
    const replaced = await fetch(`${h.url}/api/nothing-here`, { headers: { 'X-Request-Id': 'bad id with spaces <script>' } });
    expect(replaced.status).toBe(404);
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const minted = await fetch(`${h.url}/health`);
    expect(minted.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(minted.headers.get('x-request-id')).not.toBe(replaced.headers.get('x-request-id'));
  });

  it('stamps every log line of a request with its id, the use case\u2019s line after the body was read included', async () => {
    const res = await fetch(`${h.url}/psp/fake/notifications`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Request-Id': 'psp-call-1' },
      body: '{"not":"signed"}',
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    const ofRequest = lines(h).filter((line) => line.requestId === 'psp-call-1');
    expect(ofRequest.map((line) => line.event)).toEqual(['psp.notification_rejected', 'http.request']);
  });

  it('answers the API without an ETag: never revalidated, so If-None-Match is no 304', async () => {
    const token = await h.clientToken();
    const created = await fetch(`${h.url}/api/sessions`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ currency: 'EUR', total: 1_000, orderId: 'no-etag', methods: [{ method: 'card' }] }),
    });
    expect([created.status, created.headers.get('etag')]).toEqual([201, null]);
    const { sessionId } = (await created.json()) as { sessionId: string };
    const read = await fetch(`${h.url}/api/sessions/${sessionId}`, { headers: { Authorization: `Bearer ${token}` } });
    expect([read.status, read.headers.get('etag')]).toEqual([200, null]);
    const again = await fetch(`${h.url}/api/sessions/${sessionId}`, { headers: { Authorization: `Bearer ${token}`, 'If-None-Match': '*' } });
    expect(again.status).toBe(200);
    expect(((await again.json()) as { sessionId: string }).sessionId).toBe(sessionId);
  });

  it('writes one access line per request: method, route template, status, duration, merchant; never a token', async () => {
    const token = await h.clientToken();
    const { sessionId } = await h.createSession({ currency: 'EUR', total: 1_000, orderId: 'access-line', methods: [{ method: 'card' }] });
    const read = await fetch(`${h.url}/api/sessions/${sessionId}`, { headers: { Authorization: `Bearer ${token}`, 'X-Request-Id': 'read-1' } });
    expect(read.status).toBe(200);
    const access = lines(h).filter((line) => line.requestId === 'read-1');
    expect(access).toEqual([
      expect.objectContaining({ level: 'info', event: 'http.request', method: 'GET', route: '/api/sessions/:sessionId', status: 200, durationMs: expect.any(Number), merchantId: 'shop' }),
    ]);
    expect(JSON.stringify(access)).not.toContain(sessionId);
    expect(h.logLines.join('\n')).not.toContain(token);
    const tokenLines = lines(h).filter((line) => line.event === 'http.request' && line.route === '/oauth/token');
    expect(tokenLines.length).toBeGreaterThan(0);
    expect(tokenLines[0]).toMatchObject({ method: 'POST', status: 200 });
  });
});

import { connect, type Socket } from 'node:net';
import type { ServiceHarness } from '../support/service-harness';
import { useService } from '../support/use-service';
import { until } from '../support/until';
import { seriesValue } from '../support/exposition';

jest.setTimeout(30_000);

const lines = (h: ServiceHarness): Record<string, unknown>[] => h.logLines.map((line) => JSON.parse(line) as Record<string, unknown>);
const PAN = '4111111111111111';

const JSON_BODY = { type: 'application/json', text: JSON.stringify({ methodId: 'card', amount: 1_000, input: { method: 'card', cardNumber: PAN, expiry: '12/30', cvc: '123' } }) };
const FORM_BODY = { type: 'application/x-www-form-urlencoded', text: `grant_type=client_credentials&client_id=demo&client_secret=demo-secret&card=${PAN}` };

/**
 * Sends a request's headers (announcing a whole body, and asking `100-continue` so that the service
 * has taken the request once it answers), then half the body, then closes the connection.
 */
async function abortMidBody(h: ServiceHarness, path: string, requestId: string, headers: Record<string, string> = {}, body = JSON_BODY): Promise<void> {
  const { hostname, port } = new URL(h.url);
  const socket: Socket = connect({ host: hostname, port: Number(port) });
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const head = [`POST ${path} HTTP/1.1`, `Host: ${hostname}:${port}`, `Content-Type: ${body.type}`, `Content-Length: ${body.text.length}`, 'Expect: 100-continue', `X-Request-Id: ${requestId}`];
  for (const [name, value] of Object.entries(headers)) head.push(`${name}: ${value}`);
  socket.write(`${head.join('\r\n')}\r\n\r\n`);
  await new Promise<void>((resolve) => socket.once('data', () => resolve()));
  socket.write(body.text.slice(0, body.text.length / 2));
  socket.destroy();
}

/** The series' value in a Prometheus text exposition (undefined when absent). */
async function series(h: ServiceHarness, name: string): Promise<number | undefined> {
  return seriesValue(await (await fetch(`${h.url}/metrics`)).text(), name);
}

/** A body the client stops sending halfway (the connection closed) is no client error: one quiet line, no answer, no 400 counted. */
describe('a request body aborted by the client', () => {
  const h = useService();

  const attemptId = '01937a4e-8c2b-7d3e-9f10-2a3b4c5d6e7f';
  it.each([
    ['an elements door, its body read before its route is matched', '/elements/session/attempts', '/elements/session/attempts', 'elements', JSON_BODY],
    ['an elements door written in another case, with a trailing slash', '/elements/Session/Attempts/', '/elements/session/attempts', 'elements', JSON_BODY],
    ['a path no door serves, under the elements doors (which read the body first)', '/elements/session/nowhere', 'unmatched', 'elements', JSON_BODY],
    ['an elements door with a parameter', `/elements/session/attempts/${attemptId}/confirm`, '/elements/session/attempts/:attemptId/confirm', 'elements', JSON_BODY],
    ['a merchant door, its body read after the token is checked', '/api/sessions', '/api/sessions', 'client', JSON_BODY],
    ['a merchant door with a parameter', `/api/attempts/${attemptId}/refund`, '/api/attempts/:attemptId/refund', 'client', JSON_BODY],
    ['the token endpoint, whose form errors are its own', '/oauth/token', '/oauth/token', 'none', FORM_BODY],
    ['the sign-in form, whose form errors are its own', '/oauth/authorize', '/oauth/authorize', 'none', FORM_BODY],
  ] as const)('%s: one info line http.request_aborted naming the door, counted apart, no access line', async (_name, path, route, credential, body) => {
    const requestId = `aborted-${path.replace(/\W/g, '-')}`;
    const counted = `http_requests_aborted_total{method="POST",route="${route}"}`;
    const before = (await series(h, counted)) ?? 0;
    const headers: Record<string, string> =
      credential === 'client' ? { Authorization: `Bearer ${await h.clientToken()}` } : credential === 'elements' ? { Authorization: 'Bearer pst_not-checked-before-the-body' } : {};
    await abortMidBody(h, path, requestId, headers, body);
    const aborted = await until(() => lines(h).find((line) => line.requestId === requestId && line.event === 'http.request_aborted'), 'the aborted line');
    expect(aborted).toMatchObject({ level: 'info', method: 'POST', path, route });
    // Another request answered after it: the aborted one would have written its access line by now.
    expect((await fetch(`${h.url}/health`, { headers: { 'X-Request-Id': `${requestId}-next` } })).status).toBe(200);
    await until(() => lines(h).find((line) => line.requestId === `${requestId}-next` && line.event === 'http.request'), 'the next access line');
    expect(lines(h).filter((line) => line.requestId === requestId).map((line) => line.event)).toEqual(['http.request_aborted']);
    expect(h.logLines.join('\n')).not.toContain(PAN);
    expect(h.logLines.join('\n')).not.toContain('cardNumber');
    expect(h.logLines.join('\n')).not.toContain('demo-secret');
    expect(await series(h, counted)).toBe(before + 1);
    for (const status of ['400', '500']) expect(await series(h, `http_request_duration_seconds_count{method="POST",route="${route}",status="${status}"}`)).toBeUndefined();
  });
});

import { connect, type Socket } from 'node:net';
import { startService, type ServiceHarness } from '../support/service-harness';
import { until } from '../support/until';

jest.setTimeout(30_000);

const lines = (h: ServiceHarness): Record<string, unknown>[] => h.logLines.map((line) => JSON.parse(line) as Record<string, unknown>);
const PAN = '4111111111111111';

/**
 * Sends a request's headers (announcing a whole body, and asking `100-continue` so that the service
 * has taken the request once it answers), then half the body, then closes the connection.
 */
async function abortMidBody(h: ServiceHarness, path: string, requestId: string, headers: Record<string, string> = {}): Promise<void> {
  const { hostname, port } = new URL(h.url);
  const body = JSON.stringify({ methodId: 'card', amount: 1_000, input: { method: 'card', cardNumber: PAN, expiry: '12/30', cvc: '123' } });
  const socket: Socket = connect({ host: hostname, port: Number(port) });
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const head = [`POST ${path} HTTP/1.1`, `Host: ${hostname}:${port}`, 'Content-Type: application/json', `Content-Length: ${body.length}`, 'Expect: 100-continue', `X-Request-Id: ${requestId}`];
  for (const [name, value] of Object.entries(headers)) head.push(`${name}: ${value}`);
  socket.write(`${head.join('\r\n')}\r\n\r\n`);
  await new Promise<void>((resolve) => socket.once('data', () => resolve()));
  socket.write(body.slice(0, body.length / 2));
  socket.destroy();
}

/** The series' value in a Prometheus text exposition (undefined when absent). */
async function series(h: ServiceHarness, name: string): Promise<number | undefined> {
  const text = await (await fetch(`${h.url}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
}

/** A body the client stops sending halfway (the connection closed) is no client error: one quiet line, no answer, no 400 counted. */
describe('a request body aborted by the client', () => {
  let h: ServiceHarness;
  beforeAll(async () => {
    h = await startService();
  });
  afterAll(() => h.close());

  it.each([
    ['an elements door, its body read before the token is', '/elements/session/attempts', '/elements/session/attempts', 'unmatched', false],
    ['a merchant door, its body read after the token is checked', '/api/sessions', '/api/sessions', '/api/sessions', true],
  ])('%s: one info line http.request_aborted naming the door, no access line, nothing counted', async (_name, path, route, loggedRoute, withToken) => {
    const requestId = `aborted-${route.replace(/\W/g, '-')}`;
    await abortMidBody(h, path, requestId, withToken ? { Authorization: `Bearer ${await h.clientToken()}` } : { Authorization: 'Bearer pst_not-checked-before-the-body' });
    const aborted = await until(() => lines(h).find((line) => line.requestId === requestId && line.event === 'http.request_aborted'), 'the aborted line');
    // The elements doors read their body before their route is matched, so their line says `unmatched`.
    expect(aborted).toMatchObject({ level: 'info', method: 'POST', path, route: loggedRoute });
    // Another request answered after it: the aborted one would have written its access line by now.
    expect((await fetch(`${h.url}/health`, { headers: { 'X-Request-Id': `${requestId}-next` } })).status).toBe(200);
    await until(() => lines(h).find((line) => line.requestId === `${requestId}-next` && line.event === 'http.request'), 'the next access line');
    expect(lines(h).filter((line) => line.requestId === requestId).map((line) => line.event)).toEqual(['http.request_aborted']);
    expect(h.logLines.join('\n')).not.toContain(PAN);
    expect(h.logLines.join('\n')).not.toContain('cardNumber');
    for (const status of ['400', '500']) expect(await series(h, `http_request_duration_seconds_count{method="POST",route="${route}",status="${status}"}`)).toBeUndefined();
  });
});

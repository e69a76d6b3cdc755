import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import type { SessionId, SessionView } from '@splitpay/domain';
import { signBody } from '@splitpay/psp-fake';
import { HostedFakePsp } from '../support/hosted-fake-psp';
import type { ServiceHarness } from '../support/service-harness';
import { useService } from '../support/use-service';
import { eventuallyFound } from '../support/eventually-found';
import type { TappedNotification } from '../support/notification-tap';

jest.setTimeout(30_000);

/** Generous: the service is made to read late on purpose. */
const found = <T>(find: () => T | undefined): Promise<T> => eventuallyFound(find, 10_000);

type LogLine = Record<string, unknown>;

const linesOf = (h: ServiceHarness): LogLine[] => h.logLines.map((line) => JSON.parse(line) as LogLine);

/** The log lines of one request (by its X-Request-Id), once the notification door has judged it. */
async function judged(h: ServiceHarness, requestId: string): Promise<LogLine[]> {
  await found(() => linesOf(h).find((l) => l.requestId === requestId && String(l.event).startsWith('psp.notification_')));
  return linesOf(h).filter((l) => l.requestId === requestId);
}

/** The HTTP/1.1 request a PSP sends: a recorded delivery's headers and bytes, verbatim. */
function wireRequest(n: Pick<TappedNotification, 'path' | 'headers' | 'body'>, requestId: string): string {
  const headers = { ...n.headers, 'x-test-notification-tap': '1', 'x-request-id': requestId, 'content-length': String(Buffer.byteLength(n.body)) };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return `POST ${n.path} HTTP/1.1\r\nhost: 127.0.0.1\r\n${lines.join('\r\n')}\r\n\r\n${n.body}`;
}

/**
 * Sends a whole request over a raw socket, then `end`s or `destroy`s it at once: the sender gave up
 * (its timeout) while the request waited. `keep`: the connection stays open and the status line read.
 */
async function sendRaw(url: string, request: string, close: 'end' | 'destroy' | 'keep'): Promise<string> {
  const socket = net.connect(Number(new URL(url).port), '127.0.0.1');
  socket.on('error', () => undefined);
  await new Promise((resolve) => socket.once('connect', resolve));
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
  socket.write(request);
  if (close === 'end') socket.end();
  if (close === 'destroy') socket.destroy();
  if (close !== 'keep') return '';
  await found(() => (answer.includes('\r\n\r\n') ? true : undefined));
  socket.destroy();
  return answer.split('\r\n')[0]!;
}

/**
 * A front door to a service instance's app, as a saturated service behaves: a request it is told to
 * take late reaches the app only once its sender has closed the connection (the request was queued,
 * and the sender gave up first). Others go straight through.
 */
async function lateFrontDoor(app: () => Express | undefined, late: (req: http.IncomingMessage) => boolean): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const target = app();
    if (!target) return void res.writeHead(503).end();
    req.headers['x-test-notification-tap'] = '1';
    if (!late(req) || !req.socket.readable) return void target(req, res);
    req.socket.once('close', () => target(req, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A genuine notification is never refused as forged. One whose sender closed the connection right
 * after sending it (the fake PSP's 10 s timeout while a saturated service queued its request): body-
 * parser skips the body of a request whose connection has ended, and the door used to judge the
 * signature over an empty body, refusing it 401 and logging it as an attack (in the bench, Express's
 * turns of the event loop between mounted routers let the sender's close be seen first; here a front
 * door makes that certain). One whose content type names another charset: the door used to decode
 * the bytes with it, and the signature over the bytes sent no longer matched.
 */
describe('payer flow: a genuine PSP notification is never refused, a forged one is', () => {
  const SIGNING_SECRET = 'torn-down-signing-secret';
  const h = useService({ env: { FAKE_PSP_SIGNING_SECRET: SIGNING_SECRET } });
  let front: Awaited<ReturnType<typeof lateFrontDoor>>;
  beforeAll(async () => {
    front = await lateFrontDoor(() => h.instance.app, (req) => req.headers['x-test-late'] === '1');
  });
  afterAll(() => front.close());

  const stored = async (sessionId: string) => (await h.stores.sessions.findById(sessionId as SessionId))!;

  it('a genuine notification whose connection closed before its body was read is not judged: no 401, no rejection line, nothing applied; sent again it applies', async () => {
    const { page, sessionId } = await h.openPage({ currency: 'EUR', total: 2_000, orderId: 'torn-down', methods: [{ method: 'card' }] });
    const seen = h.tap.deliveries.length;
    h.tap.dropNext((n) => n.event === 'authorization');
    await page.payByCard('card', 2_000);
    const genuine = await found(() => h.tap.deliveries.slice(seen).find((d) => !d.forwarded));
    const before = await stored(sessionId);

    for (const close of ['end', 'destroy'] as const) {
      const requestId = `torn-down-${close}`;
      await sendRaw(front.url, wireRequest({ ...genuine, headers: { ...genuine.headers, 'x-test-late': '1' } }, requestId), close);
      const lines = await judged(h, requestId);
      expect(lines.map((l) => l.event)).toContain('psp.notification_unread');
      expect(lines.filter((l) => l.event === 'psp.notification_rejected' || l.status === 401)).toEqual([]);
    }
    expect(await stored(sessionId)).toEqual(before);

    // The PSP's redelivery of the same bytes, on a connection that stays open, is accepted and applied.
    expect(await sendRaw(h.url, wireRequest(genuine, 'torn-down-again'), 'keep')).toBe('HTTP/1.1 200 OK');
    await page.waitFor((v: SessionView) => v.status === 'PAID');
  });

  it('a notification is judged on the bytes sent, whatever charset its content type names', async () => {
    const { page } = await h.openPage({ currency: 'EUR', total: 2_000, orderId: 'charset', methods: [{ method: 'card' }] });
    const seen = h.tap.deliveries.length;
    h.tap.dropNext((n) => n.event === 'authorization');
    await page.payByCard('card', 2_000);
    const genuine = await found(() => h.tap.deliveries.slice(seen).find((d) => !d.forwarded));
    // As a PSP signs it: the UTF-8 bytes of a body that says more than ASCII.
    const body = JSON.stringify({ ...genuine.json, id: `${String(genuine.json?.id)}-utf8`, message: 'Autorisé par l’émetteur' });
    const signed = (contentType: string) => ({ path: genuine.path, body, headers: { ...genuine.headers, 'content-type': contentType, 'x-fake-psp-signature': signBody(body, SIGNING_SECRET) } });

    expect(await sendRaw(h.url, wireRequest(signed('application/json; charset=iso-8859-1'), 'labelled-latin1'), 'keep')).toBe('HTTP/1.1 200 OK');
    await page.waitFor((v: SessionView) => v.status === 'PAID');
    expect(await sendRaw(h.url, wireRequest(signed('application/json; charset=x-unheard-of'), 'labelled-unknown'), 'keep')).toBe('HTTP/1.1 200 OK');
  });

  it('a forged notification is still refused 401 and logged as rejected', async () => {
    const { page } = await h.openPage({ currency: 'EUR', total: 2_000, orderId: 'torn-down-forged', methods: [{ method: 'card' }] });
    const seen = h.tap.deliveries.length;
    h.tap.dropNext((n) => n.event === 'authorization');
    await page.payByCard('card', 2_000);
    const genuine = await found(() => h.tap.deliveries.slice(seen).find((d) => !d.forwarded));
    const forged = { ...genuine, body: genuine.body.replace('"authorized"', '"declined"') };
    expect(forged.body).not.toBe(genuine.body);

    expect(await sendRaw(h.url, wireRequest(forged, 'forged-kept'), 'keep')).toBe('HTTP/1.1 401 Unauthorized');
    const lines = await judged(h, 'forged-kept');
    expect(lines).toContainEqual(expect.objectContaining({ event: 'psp.notification_rejected', status: 401, reason: 'signature missing or wrong' }));
    expect((await page.view()).body.view.attempts[0]?.status).toBe('AUTHORIZING');
  });
});

/**
 * The fake PSP's own sender (axios, its timeout) and a service that reaches the first delivery only
 * after the sender gave up on it and closed its socket. The verdict still comes through the
 * redelivery, and no delivery is refused.
 */
describe('payer flow: the fake PSP gives up on a busy service', () => {
  let psp: HostedFakePsp;
  let front: Awaited<ReturnType<typeof lateFrontDoor>>;
  let hold = false;

  beforeAll(async () => {
    psp = new HostedFakePsp();
    await psp.start({ delayMs: 0, retryDelaysMs: [50, 50, 50, 50, 50, 50], notificationTimeoutMs: 1_000 });
    // The notification URL the driver gives the PSP is this front door's; only the service knows it.
    front = await lateFrontDoor(
      () => h.instance.app,
      (req) => {
        if (!hold || !req.url?.startsWith('/psp/fake/notifications')) return false;
        hold = false;
        req.headers['x-request-id'] = 'held-delivery';
        return true;
      },
    );
  });
  const h = useService(() => ({ env: { ...psp.env, FAKE_PSP_DELAY_MS: '0', PUBLIC_BASE_URL: front.url } }));
  afterAll(async () => {
    await psp.stop();
    await front.close();
  });

  it('the delivery reached after its sender timed out is not refused, and the redelivery applies the verdict', async () => {
    const { page } = await h.openPage({ currency: 'EUR', total: 2_000, orderId: 'busy-service', methods: [{ method: 'card' }] });
    hold = true;
    await page.payByCard('card', 2_000);
    const lines = await judged(h, 'held-delivery');
    expect(lines.map((l) => l.event)).toContain('psp.notification_unread');
    // No worker runs here: PAID comes from the redelivered verdict, not a status lookup.
    await page.waitFor((v: SessionView) => v.status === 'PAID');
    expect(linesOf(h).filter((l) => l.event === 'psp.notification_rejected' || (l.event === 'http.request' && l.status === 401))).toEqual([]);
  });
});

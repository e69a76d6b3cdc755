import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import type { WebhookMessage } from '@splitpay/domain';
import { CapturingLogger } from '@splitpay/domain/src/testing';
import { AxiosWebhookSender } from './axios-webhook.sender';
import { acknowledge, refusedUrl, WebhookReceiver, type ReceiverAnswer } from './testing/webhook-receiver';

const SECRET = `whsec_${randomBytes(32).toString('base64')}`;
const AUTHORIZATION = 'Bearer  merchant-pre-agreed Value==';

describe('AxiosWebhookSender against a real receiver', () => {
  const receiver = new WebhookReceiver();
  // Room for a loaded machine; only the test of a receiver that never answers uses a short deadline.
  const sender = new AxiosWebhookSender({ timeoutMs: 10_000 });
  let message: WebhookMessage;

  beforeAll(() => receiver.start());
  afterAll(() => receiver.stop());
  beforeEach(() => {
    receiver.calls.length = 0;
    receiver.script = () => acknowledge;
    message = {
      url: receiver.url('/hooks?shop=1'),
      authorization: AUTHORIZATION,
      signingSecret: SECRET,
      notificationId: '0190f0a0-0000-7000-8000-000000000001:PAID',
      payload: { event: 'session-ended', orderId: 'order-42', total: { amount: 100, currency: 'EUR' } },
    };
  });

  it('POSTs the JSON body with the authorization value verbatim and counts 200 text/plain OK as received', async () => {
    await expect(sender.send(message)).resolves.toEqual({ received: true, httpStatus: 200 });
    expect(receiver.calls).toHaveLength(1);
    const call = receiver.calls[0]!;
    expect(call.method).toBe('POST');
    expect(call.path).toBe('/hooks?shop=1');
    expect(call.headers['content-type']).toMatch(/^application\/json/);
    expect(call.headers.authorization).toBe(AUTHORIZATION);
    expect(JSON.parse(call.body)).toEqual(message.payload);
  });

  it("names itself splitpay-webhooks/1, never the HTTP client's default (axios/<version>)", async () => {
    await expect(sender.send(message)).resolves.toEqual({ received: true, httpStatus: 200 });
    expect(receiver.calls.map((call) => call.headers['user-agent'])).toEqual(['splitpay-webhooks/1']);
  });

  it('signs with Standard Webhooks headers a receiver verifies with the library', async () => {
    await sender.send(message);
    const call = receiver.calls[0]!;
    expect(call.headers['webhook-id']).toBe(message.notificationId);
    const headers = {
      'webhook-id': String(call.headers['webhook-id']),
      'webhook-timestamp': String(call.headers['webhook-timestamp']),
      'webhook-signature': String(call.headers['webhook-signature']),
    };
    expect(new Webhook(SECRET).verify(call.body, headers)).toEqual(message.payload);
    expect(() => new Webhook(SECRET).verify(call.body.replace('order-42', 'order-43'), headers)).toThrow();
    expect(() => new Webhook(`whsec_${randomBytes(32).toString('base64')}`).verify(call.body, headers)).toThrow();
  });

  it('a signing secret not in whsec_ form signs as raw bytes', async () => {
    await sender.send({ ...message, signingSecret: 'plain configured secret' });
    const call = receiver.calls[0]!;
    const headers = Object.fromEntries(['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((h) => [h, String(call.headers[h])]));
    expect(new Webhook('plain configured secret', { format: 'raw' }).verify(call.body, headers)).toEqual(message.payload);
  });

  it('sends no authorization header when the account agreed none', async () => {
    const { authorization: _a, ...bare } = message;
    await expect(sender.send(bare)).resolves.toMatchObject({ received: true });
    expect(receiver.calls[0]!.headers).not.toHaveProperty('authorization');
  });

  it('ignores white space around OK and a charset parameter', async () => {
    receiver.script = () => ({ kind: 'respond', status: 200, contentType: 'text/plain; charset=utf-8', body: '  OK\r\n' });
    await expect(sender.send(message)).resolves.toEqual({ received: true, httpStatus: 200 });
  });

  const failures: [string, ReceiverAnswer, RegExp, number | undefined][] = [
    ['status 500', { kind: 'respond', status: 500, contentType: 'text/plain', body: 'OK' }, /status 500/, 500],
    ['status 201', { kind: 'respond', status: 201, contentType: 'text/plain', body: 'OK' }, /status 201/, 201],
    ['body ok', { kind: 'respond', status: 200, contentType: 'text/plain', body: 'ok' }, /body/, 200],
    ['body OK!', { kind: 'respond', status: 200, contentType: 'text/plain', body: 'OK!' }, /body/, 200],
    ['JSON content type', { kind: 'respond', status: 200, contentType: 'application/json', body: 'OK' }, /content type application\/json/, 200],
    ['no content type', { kind: 'respond', status: 200, body: 'OK' }, /content type/, 200],
    ['a redirect, not followed', { kind: 'respond', status: 302, location: '/elsewhere', contentType: 'text/plain', body: 'OK' }, /status 302/, 302],
  ];

  it.each(failures)('%s is a failure with a reason', async (_name, answer, reason, httpStatus) => {
    receiver.script = (i) => (i === 0 ? answer : acknowledge);
    const outcome = await sender.send(message);
    expect(outcome).toEqual({ received: false, reason: expect.stringMatching(reason), ...(httpStatus ? { httpStatus } : {}) });
    expect(receiver.calls).toHaveLength(1);
  });

  it.each([500, 503])('a %i with a page over the answer bound is judged by its status, never as too large', async (status) => {
    receiver.script = () => ({ kind: 'respond', status, contentType: 'text/html', body: `<html>${'x'.repeat(100_000)}</html>` });
    await expect(sender.send(message)).resolves.toEqual({ received: false, reason: `status ${status}`, httpStatus: status });
  });

  it('a 200 text/plain answer over the bound is too large, with its status', async () => {
    receiver.script = () => ({ kind: 'respond', status: 200, contentType: 'text/plain', body: `OK${' '.repeat(70_000)}` });
    await expect(sender.send(message)).resolves.toEqual({ received: false, reason: 'answer too large', httpStatus: 200 });
  });

  // Delivery rule 3: the HTTP client would drop what is above U+00FF and trim edge white space and CR/LF,
  // so the receiver would get another value than the agreed one; such a value is not sent at all.
  it.each(['Bearer s3cret-\u20ac', 'Bearer other-secret\n', ' Bearer padded ', 'Token a\u00a0b', 'Bearer a\r\nX-Injected: 1'])(
    'never sends the authorization value %j, which would not arrive verbatim: a failed try, told as an error without the value',
    async (authorization) => {
      const logger = new CapturingLogger();
      const outcome = await new AxiosWebhookSender({ timeoutMs: 10_000, logger }).send({ ...message, authorization });
      expect(outcome).toEqual({ received: false, reason: 'authorization value would not be sent verbatim (outside visible ASCII, or white space at an end), not sent' });
      expect(receiver.calls).toHaveLength(0);
      expect(logger.named('notification.authorization_unsendable')).toEqual([
        { level: 'error', event: 'notification.authorization_unsendable', fields: { notificationId: message.notificationId } },
      ]);
      expect(logger.lines.join('\n')).not.toContain('secret');
    },
  );

  it('sends an authorization value with inner spaces and tabs unchanged', async () => {
    const authorization = 'Custom  a\tb ~!#$%&*+-.^_`|';
    await expect(sender.send({ ...message, authorization })).resolves.toEqual({ received: true, httpStatus: 200 });
    expect(receiver.calls[0]!.headers.authorization).toBe(authorization);
  });

  it('never sends to an address carrying credentials, which would replace the agreed authorization with Basic auth', async () => {
    const withCredentials = new URL(message.url);
    withCredentials.username = 'hook-user';
    withCredentials.password = 'hook-pass';
    const outcome = await sender.send({ ...message, url: withCredentials.toString() });
    expect(outcome).toEqual({ received: false, reason: 'address carries credentials (user:password@), refused' });
    expect(JSON.stringify(outcome)).not.toContain('hook-pass');
    expect(receiver.calls).toHaveLength(0);
  });

  it('a receiver that never answers is a timeout failure', async () => {
    receiver.script = () => ({ kind: 'hang' });
    await expect(new AxiosWebhookSender({ timeoutMs: 300 }).send(message)).resolves.toEqual({ received: false, reason: 'timeout after 300 ms' });
  });

  it('a receiver that answers 200 text/plain at once, then trickles its body forever, is a timeout failure at the deadline', async () => {
    // One byte a second keeps the socket busy: only the whole-delivery deadline ends the try.
    const trickled = new Promise<void>((resolve) => (receiver.script = () => (resolve(), { kind: 'trickle', status: 200, contentType: 'text/plain', everyMs: 1_000 })));
    const outcome = new AxiosWebhookSender({ timeoutMs: 2_500 }).send(message);
    await trickled;
    await expect(outcome).resolves.toEqual({ received: false, reason: 'timeout after 2500 ms' });
  });

  it('a 200 whose content type already fails is judged at once, its trickling body never read', async () => {
    receiver.script = () => ({ kind: 'trickle', status: 200, contentType: 'application/json', everyMs: 1_000 });
    await expect(sender.send(message)).resolves.toEqual({ received: false, reason: 'content type application/json, text/plain expected', httpStatus: 200 });
  });

  it('a refused connection is a failure', async () => {
    await expect(sender.send({ ...message, url: await refusedUrl() })).resolves.toEqual({ received: false, reason: 'connection refused' });
  });

  it('an address that is no http URL is a failure, never a throw', async () => {
    await expect(sender.send({ ...message, url: 'ftp://m.example/x' })).resolves.toMatchObject({ received: false });
    await expect(sender.send({ ...message, url: 'not a url' })).resolves.toMatchObject({ received: false });
  });

  describe('send-time target check (SSRF)', () => {
    const REFUSED = { received: false, reason: expect.stringMatching(/^address refused/) };
    /** Names resolved by a test resolver: a metadata name, a rebound name with one good address, loopback. */
    const names: Record<string, { address: string; family: number }[]> = {
      'metadata.test': [{ address: '169.254.169.254', family: 4 }],
      'mixed.test': [
        { address: 'fe80::1', family: 6 },
        { address: '127.0.0.1', family: 4 },
      ],
      'receiver.test': [{ address: '127.0.0.1', family: 4 }],
    };
    const guarded = new AxiosWebhookSender({ timeoutMs: 10_000, resolve: async (host) => names[host] ?? [] });

    it.each(['http://169.254.169.254/latest/meta-data/', 'http://[fe80::1]/hooks', 'http://[::ffff:169.254.169.254]/hooks', 'http://0.0.0.0/hooks', 'https://[fd00:ec2::254]/'])(
      '%s is refused without a connection',
      async (url) => {
        await expect(sender.send({ ...message, url })).resolves.toEqual(REFUSED);
      },
    );

    it('a name that resolves to a metadata address is refused at send time', async () => {
      const port = new URL(receiver.url()).port;
      await expect(guarded.send({ ...message, url: `http://metadata.test:${port}/hooks` })).resolves.toEqual(REFUSED);
      expect(receiver.calls).toHaveLength(0);
    });

    it('a name is connected only through its allowed addresses, loopback included', async () => {
      const port = new URL(receiver.url()).port;
      await expect(guarded.send({ ...message, url: `http://mixed.test:${port}/hooks` })).resolves.toEqual({ received: true, httpStatus: 200 });
      await expect(guarded.send({ ...message, url: `http://receiver.test:${port}/hooks` })).resolves.toEqual({ received: true, httpStatus: 200 });
      expect(receiver.calls).toHaveLength(2);
      expect(receiver.calls[0]!.headers.host).toBe(`mixed.test:${port}`);
    });

    it('ignores proxy settings of the environment, which would take the connection out of the check', async () => {
      const saved = process.env.HTTP_PROXY;
      process.env.HTTP_PROXY = await refusedUrl();
      try {
        await expect(sender.send(message)).resolves.toEqual({ received: true, httpStatus: 200 });
      } finally {
        if (saved === undefined) delete process.env.HTTP_PROXY;
        else process.env.HTTP_PROXY = saved;
      }
    });
  });

  it('reasons never carry the authorization value or the address', async () => {
    receiver.script = () => ({ kind: 'respond', status: 500, contentType: 'text/plain', body: AUTHORIZATION });
    const outcome = await sender.send(message);
    expect(JSON.stringify(outcome)).not.toContain('merchant-pre-agreed');
    expect(JSON.stringify(outcome)).not.toContain('127.0.0.1');
  });
});

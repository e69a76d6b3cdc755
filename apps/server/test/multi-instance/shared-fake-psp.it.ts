import { randomBytes } from 'node:crypto';
import type { SessionView } from '@splitpay/domain';
import { ManualClock } from '@splitpay/infra';
import { createEmbeddedStores } from '@splitpay/store-embedded';
import { navigate, pressFakePspButton } from '../support/elements-client';
import { ForwardingProxy } from '../support/forwarding-proxy';
import { useService } from '../support/use-service';

jest.setTimeout(30_000);

/**
 * Two instances behind one PUBLIC_BASE_URL share one fake PSP: instance A serves it, published at its
 * own address (FAKE_PSP_PUBLIC_URL); B reaches it through FAKE_PSP_URL and serves none. The balancer
 * here sends everything to B, the instance that does not hold the fake PSP's payments.
 */
describe('a fake PSP shared by the instances behind one public address', () => {
  const stores = createEmbeddedStores();
  const clock = new ManualClock(Date.UTC(2026, 0, 1));
  const balancer = new ForwardingProxy();
  const fakePspFront = new ForwardingProxy();
  const secrets = { FAKE_PSP_API_KEY: randomBytes(16).toString('hex'), FAKE_PSP_SIGNING_SECRET: randomBytes(32).toString('hex') };
  let shared: Record<string, string>;
  let fakePspUrl: string;

  beforeAll(async () => {
    const [publicBaseUrl, front] = await Promise.all([balancer.start(), fakePspFront.start()]);
    fakePspUrl = `${front}/fake-psp`;
    shared = {
      ...secrets,
      PUBLIC_BASE_URL: publicBaseUrl,
      ACCESS_TOKEN_SIGNING_KEY: randomBytes(32).toString('hex'),
      DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      FAKE_PSP_DELAY_MS: '0',
    };
  });
  const a = useService(() => ({ stores, clock, env: { ...shared, FAKE_PSP_PUBLIC_URL: fakePspUrl } }));
  // The harness serves a fake PSP by default: B is given the service's own default (none with FAKE_PSP_URL).
  const b = useService(() => ({ stores, clock, env: { ...shared, FAKE_PSP_URL: fakePspUrl, FAKE_PSP_MOUNT: '' } }));
  beforeAll(() => {
    fakePspFront.target = a.url;
    balancer.target = b.url;
  });
  afterAll(async () => {
    await balancer.stop();
    await fakePspFront.stop();
  });

  it("sends the payer to the shared fake PSP's public address, where the page and its approval work", async () => {
    const { page } = await b.openPage({ currency: 'EUR', total: 3_000, orderId: 'shared-fake-psp', returnUrl: 'https://shop.example/back', methods: [{ method: 'ancv' }] });
    const started = await page.start({ methodId: 'ancv', amount: 3_000 });
    expect(started.status).toBe(201);
    const redirect = started.body.view.attempts[0]!.redirect!.url;

    expect(redirect.startsWith(`${fakePspUrl}/pay/`)).toBe(true);
    expect((await navigate(redirect)).status).toBe(200);
    expect((await pressFakePspButton(redirect, 'approve')).status).toBe(303);
    await page.waitFor((v: SessionView) => v.status === 'PAID');
  });

  it('an instance pointed at a shared fake PSP serves none of its own', async () => {
    const create = (base: string) =>
      fetch(`${base}/fake-psp/api/payments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': secrets.FAKE_PSP_API_KEY, 'idempotency-key': randomBytes(8).toString('hex') },
        body: JSON.stringify({ method: 'ancv', amount: { value: 100, currency: 'EUR' }, reference: 'probe', notificationUrl: `${b.url}/psp/fake/notifications`, returnUrl: 'https://shop.example/back' }),
      });
    expect((await create(b.url)).status).toBe(404);
    expect((await create(a.url)).status).toBe(201);
  });
});

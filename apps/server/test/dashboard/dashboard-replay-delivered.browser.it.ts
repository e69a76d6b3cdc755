import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO_MERCHANTS_FILE } from '../../src/config';
import { launchChromium, newWatchedPage, settle, submitSignIn, visible } from '../support/dashboard-browser';
import { DEMO } from '../support/merchants.fixture';
import { readSession } from '../support/service-harness';
import { useService } from '../support/use-service';
import type { Browser } from 'playwright-core';

jest.setTimeout(120_000);

interface StoredSession {
  notification?: { deliveredAt?: number; failures: number };
}

/**
 * A notification sent again from the page is read again on its own, as a pending refund is, until it
 * is delivered (D129-e): the page never keeps saying "Not delivered yet." once the service delivered it.
 */
describe('dashboard in Chromium: a notification sent again, its delivery drawn', () => {
  let browser: Browser;
  let receiver: http.Server;
  let receiverUrl = '';
  const orderId = `replayed-${Date.now().toString(36)}`;
  let sessionId = '';

  beforeAll(async () => {
    receiver = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('OK'));
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  });
  const h = useService(() => {
    const file = JSON.parse(readFileSync(DEMO_MERCHANTS_FILE, 'utf8')) as { merchants: Record<string, unknown>[] };
    return { merchants: { merchants: file.merchants.map((m) => ({ ...m, notificationUrl: `${receiverUrl}/hooks` })) } };
  });
  const stored = async (): Promise<StoredSession> => (await readSession(h, sessionId, DEMO)).body as unknown as StoredSession;
  const deliver = async (): Promise<void> => {
    for (let turn = 0; turn < 10 && (await stored()).notification?.deliveredAt === undefined; turn += 1) {
      await h.runWorkers();
      h.clock.advance(1_500);
    }
    expect((await stored()).notification).toMatchObject({ deliveredAt: expect.any(Number) });
  };

  beforeAll(async () => {
    browser = await launchChromium();
    const { page, sessionId: id } = await h.openPage({ currency: 'EUR', total: 1_000, orderId, methods: [{ method: 'card' }] }, DEMO);
    sessionId = id;
    await page.payByCard('card', 1_000);
    expect((await page.waitFor((v) => v.status === 'PAID', 15_000)).status).toBe('PAID');
    await deliver();
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  it('draws the delivery of the notification it sent again, without being asked', async () => {
    const { page, problems } = await newWatchedPage(browser);
    await page.clock.install();
    await page.goto(`${h.url}/dashboard#/sessions/${sessionId}`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await submitSignIn(page, 'admin@demo.test', 'demo-admin-password');
    await visible(page.getByRole('heading', { level: 1, name: `Payment ${orderId}` }));
    const notification = page.getByRole('region', { name: 'Notification to the merchant' });

    await notification.getByRole('button', { name: 'Send the notification again' }).click();
    await visible(notification.getByText('Not delivered yet.'));
    // The service's worker delivers it.
    await deliver();

    await page.clock.runFor(10_000);
    await visible(notification.getByText(/^Delivered on /));
    expect(await settle(() => notification.getByText('Not delivered yet.').count(), (n) => n === 0)).toBe(0);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

import { acknowledge, WebhookReceiver, type ReceiverAnswer } from '@splitpay/webhooks/src/testing/webhook-receiver';
import type { Browser, Page } from 'playwright-core';
import { ElementsClient } from '../support/elements-client';
import { launchChromium, newWatchedPage, settle, submitSignIn, visible } from '../support/dashboard-browser';
import { useService } from '../support/use-service';
import { eventually, logged, notificationOf, SHOP, SHOP_ADMIN, webhookMerchants } from '../webhooks/webhooks.support';

jest.setTimeout(120_000);
const down: ReceiverAnswer = { kind: 'respond', status: 500, contentType: 'text/plain', body: 'down' };

/**
 * The page reads the payment again after a replay only while what that replay sent again is owed
 * (D148-d): a chargeback message still being tried that the replay never sent keeps nothing reading.
 */
describe('dashboard in Chromium: the re-read after a replay follows only what it sent again', () => {
  const receiver = new WebhookReceiver();
  let endingsDown = true;
  let browser: Browser;
  beforeAll(async () => {
    await receiver.start();
    receiver.script = (_i, call) => (call.path === '/chargebacks' || (call.path.startsWith('/endings') && endingsDown) ? down : acknowledge);
    browser = await launchChromium();
  });
  const h = useService(() => ({ merchants: webhookMerchants({ chargebackUrl: receiver.url('/chargebacks') }), env: { WEBHOOK_RETRY_DELAYS_MS: '50,100,150', WEBHOOK_TIMEOUT_MS: '2000' } }));
  afterAll(async () => {
    await browser?.close();
    await receiver.stop();
  });

  /** What the page asked for, in the order it asked (path and query). */
  const doorReads = (page: Page): string[] => {
    const asked: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      asked.push(url.pathname + url.search);
    });
    return asked;
  };
  /**
   * Every request the page's timers made so far is seen: a request the page makes after them is seen
   * after them (no waiting on time).
   */
  let marks = 0;
  const seenSoFar = async (page: Page, asked: string[]): Promise<void> => {
    const mark = `/health?seen=${++marks}`;
    await page.evaluate((path) => fetch(path).then(() => undefined), mark);
    expect(asked).toContain(mark);
  };

  it('the replayed ending delivered, an unrelated chargeback still tried: the page stops reading', async () => {
    const orderId = 'replay-scope';
    const created = await h.createSession({ currency: 'EUR', total: 2_000, orderId, methods: [{ method: 'card' }], notificationUrl: receiver.url(`/endings/${orderId}`) }, SHOP);
    const pay = new ElementsClient(h.url, created.elementsToken);
    await pay.payByCard('card', 2_000);
    await pay.waitFor((v) => v.status === 'PAID');
    for (let i = 0; i < 5; i++) {
      await h.runWorkers();
      h.clock.advance(200);
    }
    expect(await notificationOf(h, created.sessionId)).toMatchObject({ abandoned: true });
    const session = (await (await fetch(`${h.url}/api/sessions/${created.sessionId}`, { headers: { Authorization: `Bearer ${await h.clientToken(SHOP)}` } })).json()) as { attempts: { transactions: { type: string; providerRef?: string }[] }[] };
    const captureRef = session.attempts[0]!.transactions.find((t) => t.type === 'capture')!.providerRef!;
    const raised = await fetch(`${h.url}/fake-psp/chargebacks`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ providerRef: captureRef, amount: 300, date: '2026-02-10' }) });
    expect(raised.status).toBe(202);
    await eventually(() => logged(h, 'chargeback.recorded').length > 0);

    const { page, problems } = await newWatchedPage(browser);
    await page.clock.install();
    const asked = doorReads(page);
    await page.goto(`${h.url}/dashboard#/sessions/${created.sessionId}`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await submitSignIn(page, SHOP_ADMIN.email, SHOP_ADMIN.password);
    await visible(page.getByRole('heading', { level: 1, name: `Payment ${orderId}` }));
    const deliveryCell = (): Promise<string | null> => page.locator('table.chargebacks tbody tr').first().locator('td').last().textContent();
    // The chargeback's message is being tried, not abandoned: the replay sends the ending alone.
    expect(await settle(deliveryCell, (text) => text === 'being tried')).toBe('being tried');

    endingsDown = false;
    const notification = page.getByRole('region', { name: 'Notification to the merchant' });
    await notification.getByRole('button', { name: 'Send the notification again' }).click();
    await h.runWorkers();
    await eventually(async () => (await notificationOf(h, created.sessionId))?.deliveredAt !== undefined);
    // Owed, the replayed ending is read again and drawn delivered.
    await page.clock.runFor(10_000);
    await visible(notification.getByText(/^Delivered on /));
    expect(await deliveryCell()).toBe('being tried');

    await seenSoFar(page, asked);
    const before = asked.length;
    for (let i = 0; i < 6; i++) await page.clock.runFor(10_000);
    await seenSoFar(page, asked);
    expect(asked.slice(before).filter((path) => path.startsWith('/api/dashboard/sessions/'))).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

import { acknowledge, WebhookReceiver, type ReceiverAnswer } from '@splitpay/webhooks/src/testing/webhook-receiver';
import type { Browser, Page } from 'playwright-core';
import { ElementsClient } from '../support/elements-client';
import { launchChromium, newWatchedPage, settle, submitSignIn, visible } from '../support/dashboard-browser';
import { useService } from '../support/use-service';
import { eventually, logged, notificationOf, SHOP, SHOP_ADMIN, webhookMerchants } from '../webhooks/webhooks.support';

jest.setTimeout(120_000);

const DELAYS = [50, 100, 150];
const down: ReceiverAnswer = { kind: 'respond', status: 500, contentType: 'text/plain', body: 'down' };

/**
 * The payment's page says where each chargeback message stands, and its replay button says what the
 * session's replay door will send again: the ending, its abandoned chargebacks, or both (D145-b, D148).
 */
describe('dashboard in Chromium: chargeback messages, their delivery and what the replay sends again', () => {
  const receiver = new WebhookReceiver();
  let chargebacksDown = true;
  let endingsDown = false;
  let browser: Browser;

  beforeAll(async () => {
    await receiver.start();
    receiver.script = (_i, call) => ((call.path === '/chargebacks' && chargebacksDown) || (call.path.startsWith('/endings') && endingsDown) ? down : acknowledge);
    browser = await launchChromium();
  });
  const h = useService(() => ({
    merchants: webhookMerchants({ chargebackUrl: receiver.url('/chargebacks') }),
    env: { WEBHOOK_RETRY_DELAYS_MS: DELAYS.join(','), WEBHOOK_TIMEOUT_MS: '2000' },
  }));
  afterAll(async () => {
    await browser?.close();
    await receiver.stop();
  });

  /** A paid session whose ending went out (delivered or abandoned as the receiver answers), then one chargeback whose calendar is spent. */
  async function paidWithAbandonedChargeback(orderId: string, amount: number): Promise<string> {
    const created = await h.createSession({ currency: 'EUR', total: 2_000, orderId, methods: [{ method: 'card' }], notificationUrl: receiver.url(`/endings/${orderId}`) }, SHOP);
    const page = new ElementsClient(h.url, created.elementsToken);
    await page.payByCard('card', 2_000);
    await page.waitFor((v) => v.status === 'PAID');
    for (let i = 0; i < 5; i++) {
      await h.runWorkers();
      h.clock.advance(200);
    }
    const session = (await (await fetch(`${h.url}/api/sessions/${created.sessionId}`, { headers: { Authorization: `Bearer ${await h.clientToken(SHOP)}` } })).json()) as {
      attempts: { transactions: { type: string; providerRef?: string }[] }[];
    };
    const captureRef = session.attempts[0]!.transactions.find((t) => t.type === 'capture')!.providerRef!;
    const raised = await fetch(`${h.url}/fake-psp/chargebacks`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ providerRef: captureRef, amount, date: '2026-02-10' }) });
    expect(raised.status).toBe(202);
    const notificationId = `${captureRef}:chargeback:2026-02-10:${amount}`;
    await eventually(() => logged(h, 'chargeback.recorded').some((l) => l.notificationId === notificationId));
    for (let i = 0; i < 5; i++) {
      await h.runWorkers();
      h.clock.advance(200);
    }
    await eventually(() => logged(h, 'notification.abandoned').some((l) => l.notificationId === notificationId));
    return created.sessionId;
  }

  async function openPayment(sessionId: string, orderId: string): Promise<{ page: Page; problems: unknown[] }> {
    const watched = await newWatchedPage(browser);
    await watched.page.clock.install();
    await watched.page.goto(`${h.url}/dashboard#/sessions/${sessionId}`);
    await watched.page.getByRole('button', { name: 'Sign in' }).click();
    await submitSignIn(watched.page, SHOP_ADMIN.email, SHOP_ADMIN.password);
    await visible(watched.page.getByRole('heading', { level: 1, name: `Payment ${orderId}` }));
    return watched;
  }

  const deliveryCell = (page: Page): Promise<string | null> => page.locator('table.chargebacks tbody tr').first().locator('td').last().textContent();

  it('ending delivered, chargeback abandoned: the row says abandoned, the button sends the chargeback again, and the row then says delivered', async () => {
    chargebacksDown = true;
    endingsDown = false;
    const sessionId = await paidWithAbandonedChargeback('cb-page-one', 700);
    expect(await notificationOf(h, sessionId)).toMatchObject({ deliveredAt: expect.any(Number) });
    const { page, problems } = await openPayment(sessionId, 'cb-page-one');
    const disputes = page.getByRole('region', { name: 'Chargebacks' });
    await visible(disputes.getByRole('columnheader', { name: 'Notification' }));
    expect(await deliveryCell(page)).toBe('abandoned');

    const notification = page.getByRole('region', { name: 'Notification to the merchant' });
    expect(await notification.getByRole('button', { name: 'Send the notification again' }).count()).toBe(0);
    chargebacksDown = false;
    await notification.getByRole('button', { name: 'Send the chargeback notification again' }).click();
    await visible(page.getByRole('status').filter({ hasText: 'The chargeback notification is being sent again.' }));
    expect(await settle(() => deliveryCell(page), (text) => text === 'being tried')).toBe('being tried');

    await h.runWorkers();
    await page.clock.runFor(10_000);
    expect(await settle(() => deliveryCell(page), (text) => text === 'delivered')).toBe('delivered');
    // Nothing left abandoned: the button sends the acknowledged ending again, as the contract says.
    await visible(notification.getByRole('button', { name: 'Send the notification again' }));
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('ending and chargeback both abandoned: the button says both, in English and in French', async () => {
    chargebacksDown = true;
    endingsDown = true;
    const sessionId = await paidWithAbandonedChargeback('cb-page-both', 800);
    expect(await notificationOf(h, sessionId)).toMatchObject({ abandoned: true });

    const { page, problems } = await openPayment(sessionId, 'cb-page-both');
    expect(await deliveryCell(page)).toBe('abandoned');
    await visible(page.getByRole('button', { name: 'Send the notification and the chargeback notification again' }));

    await page.getByLabel('Language').selectOption('fr');
    await visible(page.getByRole('heading', { level: 1, name: 'Paiement cb-page-both' }));
    expect(await settle(() => deliveryCell(page), (text) => text === 'abandonnée')).toBe('abandonnée');
    await visible(page.getByRole('button', { name: 'Renvoyer la notification et la notification de rétrofacturation' }));
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

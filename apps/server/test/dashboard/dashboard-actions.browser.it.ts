import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { DEMO_MERCHANTS_FILE } from '../../src/config';
import { launchChromium, newWatchedPage, settle, submitSignIn, visible } from '../support/dashboard-browser';
import { DEMO } from '../support/merchants.fixture';
import { readSession } from '../support/service-harness';
import { useService } from '../support/use-service';

jest.setTimeout(120_000);

const ADMIN = { email: 'admin@demo.test', password: 'demo-admin-password' };

interface StoredSession {
  notification?: { deliveredAt?: number; failures: number };
  attempts: { transactions: { type: string; amount: { amount: number } }[] }[];
}

/** The element that has the keyboard focus: its tag, its id and its text, or `BODY` when none does. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    type Focusable = { tagName: string; id: string; textContent: string | null };
    const { activeElement: active, body } = (globalThis as unknown as { document: { activeElement: Focusable | null; body: Focusable } }).document;
    if (!active || active === body) return 'BODY';
    return `${active.tagName}${active.id ? `#${active.id}` : ''} ${active.textContent ?? ''}`.trim();
  });
}

/**
 * What a staff member's actions on a payment leave behind, keyboard first: a refund is confirmed with
 * its amount before it is sent, and focus never falls to the page's body after an action.
 */
describe('dashboard actions in Chromium: confirmation and focus', () => {
  let browser: Browser;
  let receiver: http.Server;
  let receiverUrl = '';
  const orderId = `act-${Date.now().toString(36)}`;
  let sessionId = '';

  const stored = async (): Promise<StoredSession> => (await readSession(h, sessionId, DEMO)).body as unknown as StoredSession;
  const refunds = async (): Promise<number[]> => (await stored()).attempts.flatMap((a) => a.transactions.filter((t) => t.type === 'refund').map((t) => t.amount.amount));

  const openPayment = async (): Promise<Page> => {
    const { page } = await newWatchedPage(browser);
    await page.goto(`${h.url}/dashboard#/sessions/${sessionId}`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await submitSignIn(page, ADMIN.email, ADMIN.password);
    await visible(page.getByRole('heading', { level: 1, name: `Payment ${orderId}` }));
    return page;
  };

  beforeAll(async () => {
    receiver = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('OK'));
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  });
  const h = useService(() => {
    const file = JSON.parse(readFileSync(DEMO_MERCHANTS_FILE, 'utf8')) as { merchants: Record<string, unknown>[] };
    return { merchants: { merchants: file.merchants.map((m) => ({ ...m, notificationUrl: `${receiverUrl}/hooks` })) } };
  });

  beforeAll(async () => {
    browser = await launchChromium();

    // A 100.00 EUR order paid by one card, its session-ended notification delivered.
    const { page, sessionId: id } = await h.openPage({ currency: 'EUR', total: 10_000, orderId, methods: [{ method: 'card' }] }, DEMO);
    sessionId = id;
    await page.payByCard('card', 10_000);
    expect((await page.waitFor((v) => v.status === 'PAID', 15_000)).status).toBe('PAID');
    for (let turn = 0; turn < 10 && (await stored()).notification?.deliveredAt === undefined; turn += 1) {
      await h.runWorkers();
      h.clock.advance(1_500);
    }
    expect((await stored()).notification).toMatchObject({ deliveredAt: expect.any(Number) });
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  it("opens the whole payment's refund on Cancel, saying the amount: Enter pressed twice refunds nothing", async () => {
    const page = await openPayment();
    const opener = page.getByRole('button', { name: 'Refund the whole payment' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const confirmation = page.getByRole('group', { name: 'Refund the whole payment' });
    await visible(confirmation);
    expect(await confirmation.textContent()).toContain('€100.00');
    expect(await focused(page)).toBe('BUTTON Cancel');
    await page.keyboard.press('Enter');
    await visible(opener);
    expect(await focused(page)).toBe('BUTTON Refund the whole payment');
    expect(await refunds()).toEqual([]);
    await page.context().close();
  });

  it('asks to confirm the amount typed before refunding a tranche, and sends one refund on a double click of the confirmation', async () => {
    const page = await openPayment();
    const tranche = page.getByRole('article', { name: 'Tranche 1: Card (Visa)' });
    await tranche.getByRole('button', { name: 'Refund this tranche' }).click();
    await tranche.getByLabel('Amount to refund (EUR)').fill('50');
    await page.keyboard.press('Enter');
    // A forgotten separator ("50" for 0.50) reads back in full before anything is sent, and focus is on
    // the way back (one above the tranche's €100.00 is refused before, D81).
    await visible(tranche.getByText('Refund €50.00? A refund cannot be undone.'));
    expect(await focused(page)).toMatch(/^BUTTON#refund-change-\d+ Change the amount$/);
    await page.keyboard.press('Enter');
    expect(await focused(page)).toMatch(/^INPUT#refund-amount/);
    expect(await refunds()).toEqual([]);

    await tranche.getByLabel('Amount to refund (EUR)').fill('12.50');
    await tranche.getByRole('button', { name: 'Continue' }).click();
    await tranche.getByRole('button', { name: 'Yes, refund €12.50' }).dblclick();
    await visible(page.getByRole('status').filter({ hasText: 'Refund of €12.50 requested' }));
    expect(await refunds()).toEqual([1_250]);

    // The status is said before the payment is read again: until it is drawn anew, with the refund,
    // focus is still on the confirmation pressed. Drawn, the form is gone with its button, and focus
    // is on the tranche refunded (moved in the same task as the drawing), not on the page's body.
    await visible(tranche.getByRole('rowheader', { name: 'refund', exact: true }));
    expect(await focused(page)).toMatch(/^H3#tranche-[^ ]+ Tranche 1: Card \(Visa\)$/);
    await page.context().close();
  });

  it('brings focus back to the replay button when the replay fails, and to the notification once it is replayed', async () => {
    const page = await openPayment();
    const notification = page.getByRole('region', { name: 'Notification to the merchant' });
    const replay = notification.getByRole('button', { name: 'Send the notification again' });
    await page.route('**/notification', (route) => route.abort());
    await replay.focus();
    await page.keyboard.press('Enter');
    await visible(notification.getByRole('alert').filter({ hasText: 'The service could not be reached' }));
    expect(await settle(() => focused(page), (text) => text !== 'BODY')).toBe('BUTTON Send the notification again');

    await page.unroute('**/notification');
    await page.keyboard.press('Enter');
    await visible(page.getByRole('status').filter({ hasText: 'The notification is being sent again.' }));
    // Said before the payment is read again: focus leaves the replay button once the notification is
    // drawn anew, owed again, and goes to its heading in the same task.
    await visible(notification.getByText('Not delivered yet.'));
    expect(await focused(page)).toBe('H2#notification-title Notification to the merchant');
    await page.context().close();
  });

  it("draws the payment as the last action left it: the refund's read, answered after the replay's, draws nothing (D72)", async () => {
    // The replay before left the notification owed: delivered again, so that it can be replayed.
    for (let turn = 0; turn < 10 && (await stored()).notification?.deliveredAt === undefined; turn += 1) {
      await h.runWorkers();
      h.clock.advance(1_500);
    }
    expect((await stored()).notification).toMatchObject({ deliveredAt: expect.any(Number) });
    const { page } = await newWatchedPage(browser);
    // Which reads of the chargebacks the page has taken in (their body parsed), in order.
    await page.addInitScript(() => {
      const inPage = globalThis as unknown as { chargebackReads: number; Response: { prototype: { json(): Promise<unknown>; url: string } } };
      inPage.chargebackReads = 0;
      const json = inPage.Response.prototype.json;
      inPage.Response.prototype.json = function (this: { url: string }) {
        return json.call(this).then((body) => {
          if (this.url.endsWith('/chargebacks')) inPage.chargebackReads += 1;
          return body;
        });
      };
    });
    const chargebackReads = (): Promise<number> => page.evaluate(() => (globalThis as unknown as { chargebackReads: number }).chargebackReads);
    await page.goto(`${h.url}/dashboard#/sessions/${sessionId}`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await submitSignIn(page, ADMIN.email, ADMIN.password);
    await visible(page.getByRole('heading', { level: 1, name: `Payment ${orderId}` }));

    // The read that follows the refund is held until the replay's own read has been drawn.
    let release = (): void => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    let holds = (): void => undefined;
    const holding = new Promise<void>((resolve) => (holds = resolve));
    let held = false;
    await page.route(`**/api/dashboard/sessions/${sessionId}/chargebacks`, async (route) => {
      if (!held) {
        held = true;
        holds();
        await released;
      }
      await route.continue();
    });
    const tranche = page.getByRole('article', { name: 'Tranche 1: Card (Visa)' });
    await tranche.getByRole('button', { name: 'Refund this tranche' }).click();
    await tranche.getByLabel('Amount to refund (EUR)').fill('1.00');
    await tranche.getByRole('button', { name: 'Continue' }).click();
    await tranche.getByRole('button', { name: 'Yes, refund €1.00' }).click();
    await visible(page.getByRole('status').filter({ hasText: 'Refund of €1.00 requested' }));
    await holding;

    const notification = page.getByRole('region', { name: 'Notification to the merchant' });
    await notification.getByRole('button', { name: 'Send the notification again' }).click();
    await visible(page.getByRole('status').filter({ hasText: 'The notification is being sent again.' }));
    await visible(notification.getByText('Not delivered yet.'));
    const takenIn = await chargebackReads();

    // The refund's read, which found the notification delivered, is answered last.
    release();
    expect(await settle(chargebackReads, (n) => n > takenIn)).toBe(takenIn + 1);
    // Taken in: had it drawn, it would have drawn in the microtasks that followed, before this read.
    expect(await notification.textContent()).toContain('Not delivered yet.');
    expect(await focused(page)).toBe('H2#notification-title Notification to the merchant');
    expect(await refunds()).toContain(100);
    await page.context().close();
  });

  it('moves focus to the new page of payments after Next and Previous, not to the body, and announces its count', async () => {
    for (let i = 0; i < 20; i += 1) {
      h.clock.advance(1);
      await h.createSession({ currency: 'EUR', total: 1_000, orderId: `act-list-${i}`, methods: [{ method: 'card' }] }, DEMO);
    }
    const { page } = await newWatchedPage(browser);
    await page.goto(`${h.url}/dashboard`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await submitSignIn(page, ADMIN.email, ADMIN.password);
    await visible(page.locator('table.payments'));
    // A page of payments is announced by its count, not read out row by row from a live region.
    const summary = page.getByRole('status').filter({ hasText: 'on page' });
    expect(await settle(async () => (await summary.textContent()) ?? '', (text) => text !== '')).toBe('20 payments on page 1.');
    expect(await page.locator('table.payments').evaluate((table) => table.closest('[aria-live], [role=status], [role=alert], [role=log]') === null)).toBe(true);
    await page.getByRole('button', { name: 'Next page' }).focus();
    await page.keyboard.press('Enter');
    expect(await settle(() => focused(page), (text) => text.startsWith('TABLE'))).toMatch(/^TABLE Payments, newest first.*page 2/);
    expect(await settle(async () => (await summary.textContent()) ?? '', (text) => text.includes('page 2'))).toBe('1 payment on page 2.');
    await page.getByRole('button', { name: 'Previous page' }).focus();
    await page.keyboard.press('Enter');
    expect(await settle(() => focused(page), (text) => text.startsWith('TABLE') && text.includes('page 1'))).toMatch(/^TABLE Payments, newest first.*page 1/);
    await page.context().close();
  });
});

import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SessionView } from '@splitpay/domain';
import type { Browser } from 'playwright-core';
import { DEMO_MERCHANTS_FILE } from '../../src/config';
import { accessibilityViolations, countOf, launchChromium, newWatchedPage, settle, submitSignIn, visible } from '../support/dashboard-browser';
import { DEMO } from '../support/merchants.fixture';
import { refresh as refreshAt } from '../support/dashboard-login';
import { readSession } from '../support/service-harness';
import { useService } from '../support/use-service';

jest.setTimeout(120_000);

const ADMIN = { email: 'admin@demo.test', password: 'demo-admin-password' };

interface StoredSession {
  status: string;
  notification?: { failures: number; abandoned: boolean; deliveredAt?: number };
  attempts: { attemptId: string; refunded: { amount: number }; transactions: { type: string; amount: { amount: number }; providerRef?: string }[] }[];
}

/** The demo merchants file, its webhook addresses pointed at a receiver that always fails. */
function demoMerchantsWith(receiverUrl: string): object {
  const file = JSON.parse(readFileSync(DEMO_MERCHANTS_FILE, 'utf8')) as { merchants: Record<string, unknown>[] };
  return { merchants: file.merchants.map((m) => ({ ...m, notificationUrl: `${receiverUrl}/hooks`, chargebackUrl: `${receiverUrl}/chargebacks` })) };
}

describe('merchant dashboard in Chromium', () => {
  let browser: Browser;
  let receiver: http.Server;
  let receiverUrl = '';
  const orderId = `dash-${Date.now().toString(36)}`;
  let sessionId = '';

  const stored = async (): Promise<StoredSession> => (await readSession(h, sessionId, DEMO)).body as unknown as StoredSession;

  beforeAll(async () => {
    receiver = http.createServer((_req, res) => res.writeHead(500, { 'content-type': 'text/plain' }).end('down'));
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  });
  const h = useService(() => ({ merchants: demoMerchantsWith(receiverUrl), env: { WEBHOOK_RETRY_DELAYS_MS: '1000,1000,1000', WEBHOOK_TIMEOUT_MS: '3000' } }));

  beforeAll(async () => {
    browser = await launchChromium();

    // A paid order in two card tranches (and a declined try between them), whose session-ended notification the receiver refused until abandoned.
    const { page, sessionId: id } = await h.openPage({ currency: 'EUR', total: 10_000, orderId, methods: [{ method: 'card' }] }, DEMO);
    sessionId = id;
    const settled = (v: SessionView) => v.attempts.length > 0 && v.attempts.every((a) => a.status !== 'AUTHORIZING');
    await page.payByCard('card', 6_000);
    await page.waitFor(settled, 15_000);
    await page.payByCard('card', 4_000, '4000000000000002');
    await page.waitFor(settled, 15_000);
    await page.payByCard('card', 4_000, '5555555555554444');
    expect((await page.waitFor((v) => v.status === 'PAID', 15_000)).status).toBe('PAID');
    for (let turn = 0; turn < 10 && !(await stored()).notification?.abandoned; turn += 1) {
      await h.runWorkers();
      h.clock.advance(1_500);
    }
    expect((await stored()).notification).toMatchObject({ abandoned: true, failures: 4 });

    // A dispute on the last tranche's capture.
    const capture = (await stored()).attempts[2]?.transactions.find((t) => t.type === 'capture');
    const raised = await fetch(`${h.url}/fake-psp/chargebacks`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ providerRef: capture?.providerRef, amount: 2_000, date: '2026-02-10', reasonCode: '4837' }),
    });
    expect(raised.status).toBe(202);
    const listed = await settle(
      async () => (await (await fetch(`${h.url}/api/sessions/${sessionId}/chargebacks`, { headers: { Authorization: `Bearer ${await h.clientToken(DEMO)}` } })).json()) as { chargebacks: unknown[] },
      (body) => body.chargebacks.length === 1,
    );
    expect(listed.chargebacks).toHaveLength(1);
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  it('keeps a wrong password on the sign-in page with one message that does not say which part was wrong', async () => {
    const { page, problems } = await newWatchedPage(browser);
    await page.goto(`${h.url}/dashboard`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/oauth/authorize');

    await submitSignIn(page, ADMIN.email, 'not-the-password');
    await page.waitForLoadState();
    expect(new URL(page.url()).pathname).toBe('/oauth/authorize');
    const alerts = page.getByRole('alert');
    expect(await countOf(alerts, 1)).toBe(1);
    const wrongPassword = (await alerts.textContent())?.trim();
    expect(wrongPassword).toBe('The email or password is incorrect.');

    // An unknown email reads exactly the same: nothing says which part was wrong.
    await submitSignIn(page, 'nobody@demo.test', ADMIN.password);
    await page.waitForLoadState();
    expect(new URL(page.url()).pathname).toBe('/oauth/authorize');
    expect(await countOf(page.getByRole('alert'), 1)).toBe(1);
    expect((await page.getByRole('alert').textContent())?.trim()).toBe(wrongPassword);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('signs the demo admin in, finds the paid order, refunds part of one tranche once despite a double click, replays the abandoned notification, and signs out', async () => {
    const { page, problems } = await newWatchedPage(browser);
    const refreshTokens: string[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname !== '/oauth/token') return;
      void response.json().then((body: { refresh_token?: string }) => body.refresh_token && refreshTokens.push(body.refresh_token), () => undefined);
    });
    await page.goto(`${h.url}/dashboard`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await submitSignIn(page, ADMIN.email, ADMIN.password);

    // Back from the callback: the code and state are gone from the address, the contact is shown (GET /api/me).
    await visible(page.getByText('admin@demo.test, administrator of merchant demo'));
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect(page.url()).not.toMatch(/code=|state=/);
    await visible(page.getByRole('heading', { level: 1, name: 'Payments' }));

    // French, then back to English.
    await page.getByLabel('Language').selectOption('fr');
    await visible(page.getByRole('heading', { level: 1, name: 'Paiements' }));
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    await page.getByLabel('Langue').selectOption('en');
    await visible(page.getByRole('heading', { level: 1, name: 'Payments' }));

    // Find the order by its reference.
    await page.getByLabel('Order reference').fill(orderId);
    await page.getByRole('button', { name: 'Search' }).click();
    const rows = page.locator('table.payments tbody tr');
    expect(await countOf(rows, 1)).toBe(1);
    expect(await rows.first().textContent()).toContain('paid');
    await rows.first().getByRole('link', { name: orderId }).click();
    await visible(page.getByRole('heading', { level: 1, name: `Payment ${orderId}` }));

    // What the page shows of the order: its tranches with their PSP references and verdicts, and the dispute.
    const declined = page.getByRole('article', { name: 'Tranche 2: Card', exact: true });
    await visible(declined);
    expect(await declined.textContent()).toMatch(/declined.*Decline reason\s*refused by the bank/);
    const lastTranche = page.getByRole('article', { name: 'Tranche 3: Card (Mastercard)' });
    const beforeRefund = await stored();
    for (const tx of beforeRefund.attempts[2]?.transactions ?? []) expect(await lastTranche.textContent()).toContain(tx.providerRef);
    const disputes = page.getByRole('table', { name: 'Chargebacks' });
    await visible(disputes);
    expect(await disputes.locator('tbody tr').first().textContent()).toMatch(/chargeback.*€20\.00.*10 Feb 2026.*12 Mar 2026.*4837/);

    // Refund 12.50 of the first tranche; the confirmation is clicked twice in a row.
    const firstTranche = page.getByRole('article', { name: 'Tranche 1: Card (Visa)' });
    await visible(firstTranche);
    expect(await firstTranche.textContent()).toContain('captured');
    await firstTranche.getByRole('button', { name: 'Refund this tranche' }).click();
    await firstTranche.getByLabel('Amount to refund (EUR)').fill('12.50');
    await firstTranche.getByRole('button', { name: 'Continue' }).click();
    await firstTranche.getByRole('button', { name: 'Yes, refund €12.50' }).dblclick();
    await visible(page.getByRole('status').filter({ hasText: 'Refund of €12.50 requested' }));

    const afterRefund = await stored();
    const refunds = afterRefund.attempts.flatMap((a) => a.transactions.filter((t) => t.type === 'refund').map((t) => [a.attemptId, t.amount.amount]));
    expect(refunds).toEqual([[afterRefund.attempts[0]?.attemptId, 1_250]]);

    // The abandoned notification, replayed.
    const notification = page.getByRole('region', { name: 'Notification to the merchant' });
    await visible(notification);
    expect(await notification.textContent()).toContain('Abandoned after 4 failed tries.');
    await notification.getByRole('button', { name: 'Send the notification again' }).click();
    await visible(page.getByRole('status').filter({ hasText: 'The notification is being sent again.' }));
    expect(await settle(async () => (await notification.textContent()) ?? '', (text) => !text.includes('Abandoned'))).toContain('Not delivered yet.');
    expect((await stored()).notification).toMatchObject({ abandoned: false, failures: 0 });

    // Sign out: the contact is gone, the sign-in button is back.
    const revoked = page.waitForResponse((response) => new URL(response.url()).pathname === '/oauth/revoke');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await visible(page.getByText('You are signed out.'));
    await visible(page.getByRole('button', { name: 'Sign in' }));
    expect(await countOf(page.getByText('admin@demo.test'), 0)).toBe(0);
    // ...and the refresh token the page held is revoked at the service: it can no longer be exchanged.
    expect((await revoked).status()).toBe(200);
    const held = await refreshAt(h.url, refreshTokens[refreshTokens.length - 1] ?? '');
    expect([held.status, held.body.error]).toEqual([400, 'invalid_grant']);

    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('meets the WCAG 2.1 A and AA rules axe-core checks, signed out, on the payments list and on a payment, in English and French', async () => {
    const { page } = await newWatchedPage(browser, 'en-GB', { bypassCSP: true });
    await page.goto(`${h.url}/dashboard`);
    await visible(page.getByRole('button', { name: 'Sign in' }));
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Sign in' }).click();
    expect(await accessibilityViolations(page)).toEqual([]);
    await submitSignIn(page, ADMIN.email, ADMIN.password);
    await visible(page.locator('table.payments'));
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('link', { name: orderId }).click();
    await visible(page.getByRole('table', { name: 'Chargebacks' }));
    await page.getByRole('button', { name: 'Refund this tranche' }).first().click();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByLabel('Language').selectOption('fr');
    await visible(page.getByRole('table', { name: 'Rétrofacturations' }));
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('pages through the payments newest first, and filters them by status and by days', async () => {
    // 21 more orders, each a millisecond after the previous (the service's clock is the test's).
    const listed = Array.from({ length: 21 }, (_, i) => `dash-list-${String(i).padStart(2, '0')}`);
    for (const id of listed) {
      h.clock.advance(1);
      await h.createSession({ currency: 'EUR', total: 1_000, orderId: id, methods: [{ method: 'card' }] }, DEMO);
    }
    const { page, problems } = await newWatchedPage(browser);
    await page.goto(`${h.url}/dashboard`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await submitSignIn(page, ADMIN.email, ADMIN.password);
    const orders = page.locator('table.payments tbody th');
    await visible(orders);
    const newestFirst = [...listed].reverse();
    expect(await orders.allTextContents()).toEqual(newestFirst.slice(0, 20));

    await page.getByRole('button', { name: 'Next page' }).click();
    expect(await settle(() => orders.allTextContents(), (texts) => texts[0] === newestFirst[20])).toEqual([newestFirst[20], orderId]);
    expect(await page.getByRole('button', { name: 'Next page' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Previous page' }).click();
    expect(await settle(() => orders.allTextContents(), (texts) => texts.length === 20)).toEqual(newestFirst.slice(0, 20));

    await page.getByLabel('Status').selectOption('PAID');
    await page.getByRole('button', { name: 'Search' }).click();
    expect(await settle(() => orders.allTextContents(), (texts) => texts.length === 1)).toEqual([orderId]);

    await page.getByLabel('Status').selectOption('');
    await page.getByLabel('Created from').fill('2026-01-01');
    await page.getByLabel('Created until (inclusive)').fill('2026-01-01');
    await page.getByRole('button', { name: 'Search' }).click();
    expect(await settle(() => orders.count(), (n) => n === 20)).toBe(20);
    await page.getByLabel('Created from').fill('2026-01-02');
    await page.getByLabel('Created until (inclusive)').fill('2026-01-31');
    await page.getByRole('button', { name: 'Search' }).click();
    await visible(page.getByText('No payment matches these filters.'));
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("speaks French to a French browser, the service's sign-in form and its refusal included", async () => {
    const { page, problems } = await newWatchedPage(browser, 'fr-FR');
    await page.goto(`${h.url}/dashboard`);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL((url) => url.pathname === '/oauth/authorize');
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    await page.getByLabel('Adresse e-mail').fill(ADMIN.email);
    await page.getByLabel('Mot de passe').fill('pas-le-bon');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForLoadState();
    expect(await countOf(page.getByRole('alert'), 1)).toBe(1);
    expect((await page.getByRole('alert').textContent())?.trim()).toBe("L'adresse e-mail ou le mot de passe est incorrect.");
    await page.getByLabel('Mot de passe').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await visible(page.getByText('admin@demo.test, administrateur du marchand demo'));
    await visible(page.getByRole('heading', { level: 1, name: 'Paiements' }));
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

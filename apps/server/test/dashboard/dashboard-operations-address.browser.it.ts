import type { SessionView } from '@splitpay/domain';
import type { Page } from 'playwright-core';
import { DEMO_ADMIN, goToAddress, hashOf, newWatchedPage, settle, signedIn, submitSignIn, visible } from '../support/dashboard-browser';
import { demoMerchants, useDemoDashboard } from '../support/demo-dashboard';
import { secondAcquirer } from '../support/merchant-api-calls';
import { DEMO } from '../support/merchants.fixture';

jest.setTimeout(120_000);

const DAY = '2026-01-01';

/**
 * The demo merchant with two more contracts: one on a second acquirer the platform carries under a
 * display name of its own, one on a provider the platform no longer carries (no name: its id shows).
 */
function merchants(): object {
  const file = demoMerchants();
  const demo = file.merchants[0]!;
  demo.contracts.push({ id: 'applepay-b', method: 'applepay', provider: 'acquirer-b' }, { id: 'wero-legacy', method: 'wero', provider: 'legacy-psp' });
  return file;
}

describe("dashboard: the Operations view's addresses and its provider list (D66), in Chromium", () => {
  const demo = useDemoDashboard({ merchants: merchants(), extraProviders: [{ ...secondAcquirer(), displayName: 'Acquirer B' }] });
  const orderId = `ops-address-${Date.now().toString(36)}`;
  let sessionId = '';
  let type = '';

  beforeAll(async () => {
    const h = demo.service();
    h.clock.advance(1);
    const paid = await h.openPage({ currency: 'EUR', total: 1_234, orderId, methods: [{ method: 'card' }] }, DEMO);
    sessionId = paid.sessionId;
    await paid.page.payByCard('card', 1_234);
    expect((await paid.page.waitFor((v: SessionView) => v.status === 'PAID', 15_000)).status).toBe('PAID');
    await h.runWorkers();
    const res = await fetch(`${h.url}/api/transactions?orderId=${orderId}`, { headers: { Authorization: `Bearer ${await h.clientToken(DEMO)}` } });
    type = ((await res.json()) as { transactions: { transaction: { type: string } }[] }).transactions[0]!.transaction.type;
  }, 60_000);

  it("offers exactly the account's providers, named by the catalogue, else by the service, else by their id; an address naming another is searched and shown chosen", async () => {
    const { page, problems } = await newWatchedPage(demo.browser());
    await signedIn(page, demo.service().url, '#/operations', 'Operations');
    const provider = page.getByRole('combobox', { name: 'Provider' });
    expect(await provider.locator('option').evaluateAll((options) => options.map((o) => (o as unknown as { value: string }).value))).toEqual(['', 'acquirer-b', 'fake', 'legacy-psp']);
    expect(await provider.locator('option').allTextContents()).toEqual(['Any provider', 'Acquirer B', 'Fake PSP', 'legacy-psp']);

    await page.getByLabel('Language').selectOption('fr');
    await visible(page.getByRole('heading', { level: 1, name: 'Opérations' }));
    expect(await page.getByRole('combobox', { name: 'Prestataire' }).locator('option').allTextContents()).toEqual(['Tous les prestataires', 'Acquirer B', 'PSP factice', 'legacy-psp']);
    await page.getByLabel('Langue').selectOption('en');
    await visible(page.getByRole('heading', { level: 1, name: 'Operations' }));

    // Oney: no contract of this account, yet an address may name it (a bookmark, a contract since removed).
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/transactions?')) asked.push(new URL(request.url()).searchParams.get('provider') ?? '');
    });
    await goToAddress(page, '#/operations?provider=oney');
    await visible(page.getByText('No operation matches these filters.').first());
    expect(await hashOf(page)).toBe('#/operations?provider=oney');
    expect(await provider.inputValue()).toBe('oney');
    expect(await provider.locator('option:checked').textContent()).toBe('Oney');
    expect(asked.at(-1)).toBe('oney');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('a payment opened from the operations goes back to the same filtered operations; opened from the payments, back to the payments', async () => {
    const { page, problems } = await newWatchedPage(demo.browser());
    const filtered = `#/operations?orderId=${orderId}&provider=fake&type=${type}`;
    await signedIn(page, demo.service().url, filtered, 'Operations');
    await page.getByRole('link', { name: orderId }).click();
    await visible(page.getByRole('heading', { level: 1, name: `Payment ${orderId}` }));
    expect(await hashOf(page)).toBe(`#/sessions/${sessionId}?back=operations&orderId=${orderId}&provider=fake&type=${type}`);
    expect(await page.getByRole('link', { name: 'Back to payments' }).count()).toBe(0);

    // A reload keeps where Back leads (after signing in again).
    await page.reload();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await submitSignIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await visible(page.getByRole('heading', { level: 1, name: `Payment ${orderId}` }));
    await page.getByRole('link', { name: 'Back to operations' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Operations' }));
    expect(await hashOf(page)).toBe(filtered);
    expect([await page.getByRole('combobox', { name: 'Provider' }).inputValue(), await page.getByRole('combobox', { name: 'Operation type' }).inputValue()]).toEqual(['fake', type]);
    await visible(page.getByRole('table', { name: 'Operations, newest first, page 1' }));

    await page.getByRole('navigation', { name: 'Lists' }).getByRole('link', { name: 'Payments' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Payments' }));
    await page.getByRole('link', { name: orderId }).click();
    await visible(page.getByRole('heading', { level: 1, name: `Payment ${orderId}` }));
    expect(await hashOf(page)).toBe(`#/sessions/${sessionId}`);
    expect(await page.getByRole('link', { name: 'Back to operations' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Back to payments' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Payments' }));
    expect(await hashOf(page)).toBe('#/payments');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('an old bookmark of the payments filtered by provider or type (D62) opens the operations it meant, with its order reference and days', async () => {
    const { page, problems } = await newWatchedPage(demo.browser());
    await signedIn(page, demo.service().url, `#/payments?orderId=${orderId}&status=PAID&provider=fake&type=${type}&from=${DAY}&to=${DAY}`, 'Operations');
    const moved = `#/operations?orderId=${orderId}&provider=fake&type=${type}&from=${DAY}&to=${DAY}`;
    await settle(() => hashOf(page), (hash) => hash === moved);
    expect(await page.getByRole('navigation', { name: 'Lists' }).getByRole('link', { name: 'Operations' }).getAttribute('aria-current')).toBe('page');
    expect(await page.getByRole('searchbox', { name: 'Order reference' }).inputValue()).toBe(orderId);
    expect([await page.getByRole('combobox', { name: 'Provider' }).inputValue(), await page.getByRole('combobox', { name: 'Operation type' }).inputValue()]).toEqual(['fake', type]);
    expect([await page.getByLabel('Created from').inputValue(), await page.getByLabel('Created until (inclusive)').inputValue()]).toEqual([DAY, DAY]);
    await visible(page.getByRole('status').filter({ hasText: '1 operation on page 1.' }));
    await visible(page.getByRole('link', { name: orderId }));

    // Type alone moves too; a payments address of today stays on the payments.
    await goToAddress(page, '#/payments?type=refund');
    await settle(() => hashOf(page), (hash) => hash === '#/operations?type=refund');
    await visible(page.getByRole('heading', { level: 1, name: 'Operations' }));
    await goToAddress(page, '#/payments?status=PAID');
    await visible(page.getByRole('heading', { level: 1, name: 'Payments' }));
    expect(await hashOf(page)).toBe('#/payments?status=PAID');
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

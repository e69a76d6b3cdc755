import type { Page } from 'playwright-core';
import { newWatchedPage, signedIn, visible } from '../support/dashboard-browser';
import { useDemoDashboard } from '../support/demo-dashboard';
import { seedSchemeRefusedPayment } from '../support/scheme-refused-payment';

jest.setTimeout(120_000);

/**
 * A payment's page in words a merchant reads: a Visa refused on a Mastercard-only card entry says
 * why (D74), methods, networks and providers are named as the lists name them, and a refund above
 * what is left is refused on its field before any confirmation.
 */
describe("a payment's page in Chromium: decline reasons, names, refund bounds", () => {
  const demo = useDemoDashboard();
  const orderId = `words-${Date.now().toString(36)}`;
  let sessionId = '';

  beforeAll(async () => {
    sessionId = await seedSchemeRefusedPayment(demo.service(), orderId);
  }, 60_000);

  const openPayment = async (): Promise<{ page: Page; refundCalls: string[] }> => {
    const { page, problems } = await newWatchedPage(demo.browser());
    const refundCalls: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname.includes('/refunds')) refundCalls.push(request.url());
    });
    await signedIn(page, demo.service().url, `#/sessions/${sessionId}`, `Payment ${orderId}`);
    expect(problems).toEqual([]);
    return { page, refundCalls };
  };

  it('names method, network and provider as the lists do, in English and French', async () => {
    const { page } = await openPayment();
    const refused = page.getByRole('article', { name: 'Tranche 1: Card (Visa)', exact: true });
    await visible(refused);
    expect(await refused.textContent()).toMatch(/Provider\s*Fake PSP/);
    const paid = page.getByRole('article', { name: 'Tranche 2: Card (Mastercard)', exact: true });
    expect(await paid.textContent()).toMatch(/Provider\s*Fake PSP/);

    await page.getByLabel('Language').selectOption('fr');
    const paidFr = page.getByRole('article', { name: 'Tranche 2 : Carte (Mastercard)', exact: true });
    await visible(paidFr);
    expect(await paidFr.textContent()).toMatch(/Prestataire\s*PSP factice/);
    await page.context().close();
  });

  it('says why the Visa tranche was refused for its network (VOIDED, method-unavailable), in English and French', async () => {
    const { page } = await openPayment();
    const refused = page.getByRole('article', { name: 'Tranche 1: Card (Visa)', exact: true });
    await visible(refused);
    expect(await refused.textContent()).toMatch(/voided.*Decline reason\s*method unavailable/);
    expect(await page.getByRole('article', { name: 'Tranche 2: Card (Mastercard)', exact: true }).textContent()).not.toContain('Decline reason');

    await page.getByLabel('Language').selectOption('fr');
    const refusedFr = page.getByRole('article', { name: 'Tranche 1 : Carte (Visa)', exact: true });
    await visible(refusedFr);
    expect(await refusedFr.textContent()).toMatch(/Motif du refus\s*moyen de paiement indisponible/);
    await page.context().close();
  });

  it('refuses on the field, in the words of its hint, an amount above what the tranche has left, without asking to confirm it', async () => {
    const { page, refundCalls } = await openPayment();
    const tranche = page.getByRole('article', { name: 'Tranche 2: Card (Mastercard)', exact: true });
    await tranche.getByRole('button', { name: 'Refund this tranche' }).click();
    const amount = tranche.getByLabel('Amount to refund (EUR)');
    await amount.fill('200');
    await tranche.getByRole('button', { name: 'Continue' }).click();

    await visible(tranche.getByRole('alert').filter({ hasText: 'At most €120.00.' }));
    expect(await tranche.getByRole('button', { name: /^Yes, refund/ }).count()).toBe(0);
    expect(await tranche.getByText(/A refund cannot be undone/).count()).toBe(0);
    expect(await amount.getAttribute('aria-invalid')).toBe('true');
    const errorId = await tranche.getByRole('alert').getAttribute('id');
    expect((await amount.getAttribute('aria-describedby'))?.split(' ')).toContain(errorId);
    expect(await amount.evaluate((input) => (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement === input)).toBe(true);

    // Within the bound, the confirmation opens and the field is valid again.
    await amount.fill('120');
    await tranche.getByRole('button', { name: 'Continue' }).click();
    await visible(tranche.getByRole('button', { name: 'Yes, refund €120.00' }));
    expect(await amount.getAttribute('aria-invalid')).toBeNull();
    expect(refundCalls).toEqual([]);
    await page.context().close();
  });
});

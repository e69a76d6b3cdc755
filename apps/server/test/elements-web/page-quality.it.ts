import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { axeViolations } from '../support/browser/axe';
import { useDemoBrowser } from '../support/browser/elements-browser';
import { CARD } from '../support/browser/fake-psp-cards';
import { shootDemoMidSplit } from '../support/browser/demo-screenshot';

const spaces = (text: string | null): string => (text ?? '').replace(/[\s\u00a0\u202f]+/g, ' ');

describe('demo checkout in Chromium: consent, French, accessibility, the README picture', () => {
  const suite = useDemoBrowser();

  it('keeps Pay disabled until the terms are ticked, and records the consent once for two tranches', async () => {
    const { page, shop, problems } = suite;
    await shop.open();
    await expect(page.getByRole('link', { name: 'Terms of sale' }).getAttribute('href')).resolves.toBe(`${suite.h.url}/demo/terms`);
    await shop.method('Card').check();
    await expect(shop.payButton().isDisabled()).resolves.toBe(true);
    await expect(page.getByText('Accept the terms to pay.').count()).resolves.toBe(1);

    await shop.acceptTerms();
    await expect(shop.payButton().isEnabled()).resolves.toBe(true);
    await shop.holdOnCard('20.00', '€100.00');
    // Accepted: the box is gone for the next tranche.
    await expect(page.getByRole('checkbox').count()).resolves.toBe(0);
    await shop.payTheRestByCard('100.00');
    expect(suite.postsTo('/elements/session/accept-terms')).toHaveLength(1);
    expect(problems.list).toEqual([]);
  });

  it('speaks French on the French page: amounts, plan dates and the Pay button', async () => {
    const { page, shop, problems } = suite;
    await shop.open('fr');
    await expect(shop.remaining().textContent().then(spaces)).resolves.toBe('Reste à payer : 120,00 € sur 120,00 €');
    await page.getByRole('radio', { name: 'Carte' }).check();
    await expect(shop.payButton().textContent().then(spaces)).resolves.toBe('Payer 120,00 € avec Carte');
    await page.getByRole('radio', { name: 'Paiement en plusieurs fois Oney' }).check();
    const plan = page.getByRole('radio', { name: /^3 fois, sans frais/ });
    const details = await page.locator(`#${await plan.getAttribute('aria-describedby')}`).textContent();
    const today = new Intl.DateTimeFormat('fr', { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date());
    expect(spaces(details)).toContain(`${today} : 40,00 €`);
    expect(spaces(details)).toContain('TAEG : 0,00 %');

    await page.getByRole('radio', { name: 'Carte' }).check();
    await page.getByRole('checkbox', { name: 'J’accepte les conditions de vente :' }).check();
    await page.getByLabel('Numéro de carte').fill(CARD.insufficientFunds);
    await page.getByLabel('Date d’expiration').fill('12/30');
    await page.getByLabel('Cryptogramme').fill('123');
    await shop.payButton().click();
    await page.getByText('Votre paiement Carte de 120,00 € a été refusé : provision insuffisante.').first().waitFor();
    expect(problems.list).toEqual([]);
  });

  it('has no axe-core violation on the demo page, before paying, on the partial-grant prompt and once PAID', async () => {
    const { page, shop, problems } = suite;
    await shop.open();
    expect(await axeViolations(page)).toEqual([]);
    await shop.acceptTerms();
    await shop.payByCard('120.00', CARD.halfGranted);
    await page.getByRole('heading', { name: 'Partial approval' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Cancel this payment' }).click();
    await shop.payTheRestByCard('120.00');
    expect(await axeViolations(page)).toEqual([]);
    expect(problems.list).toEqual([]);
  });

  it('has no axe-core violation back from the PayPal page (finish it there), on a PayPal refusal and on an unreadable amount', async () => {
    const { page, shop, problems } = suite;
    await shop.openWithTerms();
    await shop.method('PayPal').check();
    await shop.payButton().click();
    await page.waitForURL(/\/fake-psp\/pay\//);
    await page.goBack();
    await page.getByRole('heading', { name: 'Finish your payment on the PayPal page' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Continue with PayPal' }).click();
    await shop.atFakePsp(/Decline/);
    await page.locator('.sp-notice', { hasText: 'PayPal refused it.' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shop.amountField().fill('abc');
    await page.getByRole('button', { name: 'Pay with PayPal' }).click();
    await page.locator('.sp-field__error', { hasText: 'Not an amount.' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(problems.list).toEqual([]);
  });

  it('makes the README picture of the checkout mid-split', async () => {
    const { page, problems } = suite;
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'splitpay-shot-')), 'demo-checkout.png');
    await shootDemoMidSplit(page, suite.h.url, file);
    const png = await readFile(file);
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(1200);
    await expect(page.getByRole('radio', { name: 'Chèques-Vacances (ANCV)' }).isChecked()).resolves.toBe(true);
    expect(problems.list).toEqual([]);
  });
});

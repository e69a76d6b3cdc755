import type { Locator } from 'playwright-core';
import { accessibilityViolations, newWatchedPage, signedIn, visible } from '../support/dashboard-browser';
import { useDemoDashboard } from '../support/demo-dashboard';
import { payInTwoCardTranches } from '../support/paid-demo-session';

jest.setTimeout(120_000);

interface Marked {
  keptAcrossLanguage?: boolean;
}

/** Whether the element the locator finds holds focus. */
const hasFocus = (locator: Locator): Promise<boolean> =>
  locator.evaluate((element) => element === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement);

/**
 * Choosing a language drew the payment anew from nothing: an open refund form, its typed amount and
 * the place it stood were lost (D139 kept them across the payment's own redraws only). The payment is
 * now drawn again in the new language from what it last read, the open form moved into it, the same
 * field with what was typed, its words in the new language (D151).
 */
describe('dashboard in Chromium: an open refund form kept across a change of language', () => {
  const demo = useDemoDashboard();

  it('keeps the form, its amount and its field, worded in French, and focus on the language list', async () => {
    const { page, problems } = await newWatchedPage(demo.browser(), 'en-GB', { bypassCSP: true });
    const orderId = `lang-form-${Date.now().toString(36)}`;
    const sessionId = await payInTwoCardTranches(demo, orderId);
    await signedIn(page, demo.service().url, `#/sessions/${sessionId}`, `Payment ${orderId}`);

    const second = page.getByRole('article', { name: 'Tranche 2: Card (Mastercard)' });
    await second.getByRole('button', { name: 'Refund this tranche' }).click();
    const amount = second.getByLabel('Amount to refund (EUR)');
    await amount.fill('15');
    await amount.evaluate((element) => {
      (element as Marked).keptAcrossLanguage = true;
    });

    await page.getByLabel('Language').selectOption('fr');
    const deuxieme = page.getByRole('article', { name: 'Tranche 2 : Carte (Mastercard)' });
    await visible(deuxieme);
    const montant = deuxieme.getByLabel('Montant à rembourser (EUR)');
    await visible(montant);
    expect(await montant.inputValue()).toBe('15');
    // The same field, not a new one given the old value: its caret and selection stay too.
    expect(await montant.evaluate((element) => (element as Marked).keptAcrossLanguage === true)).toBe(true);
    expect(await deuxieme.getByRole('button', { name: 'Continuer' }).count()).toBe(1);
    expect(await deuxieme.getByRole('button', { name: 'Annuler' }).count()).toBe(1);
    expect(await deuxieme.getByText(/^Au plus /).count()).toBe(1);
    // The language list keeps focus, as it always did (D51): arrow keys go on choosing.
    expect(await hasFocus(page.getByLabel('Langue'))).toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);

    // The kept form goes on in French, to its confirmation.
    await deuxieme.getByRole('button', { name: 'Continuer' }).click();
    await visible(deuxieme.getByRole('button', { name: 'Oui, rembourser 15,00 €' }));
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('keeps a confirmation under way, worded in the new language', async () => {
    const { page } = await newWatchedPage(demo.browser());
    const orderId = `lang-confirm-${Date.now().toString(36)}`;
    const sessionId = await payInTwoCardTranches(demo, orderId);
    await signedIn(page, demo.service().url, `#/sessions/${sessionId}`, `Payment ${orderId}`);
    const first = page.getByRole('article', { name: 'Tranche 1: Card (Visa)' });
    await first.getByRole('button', { name: 'Refund this tranche' }).click();
    await first.getByLabel('Amount to refund (EUR)').fill('12.50');
    await first.getByRole('button', { name: 'Continue' }).click();
    await visible(first.getByRole('button', { name: 'Yes, refund €12.50' }));

    await page.getByLabel('Language').selectOption('fr');
    const premiere = page.getByRole('article', { name: 'Tranche 1 : Carte (Visa)' });
    await visible(premiere.getByRole('button', { name: 'Oui, rembourser 12,50 €' }));
    expect(await premiere.getByRole('button', { name: 'Modifier le montant' }).count()).toBe(1);
    expect(await premiere.getByText('Rembourser 12,50 € ? Un remboursement ne peut pas être annulé.').count()).toBe(1);
    await page.context().close();
  });
});

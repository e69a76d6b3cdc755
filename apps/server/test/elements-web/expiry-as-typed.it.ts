import { accessibleDescription } from '../support/browser/accessible-description';
import { useDemoBrowser } from '../support/browser/elements-browser';
import { CARD } from '../support/browser/fake-psp-cards';

/**
 * Payers write a card's expiry in more than one way. The fake provider's form reads the usual ones as
 * MM/YY and marks the Expiry field for the rest, instead of a page-level refusal naming no field (D83).
 */
describe('demo checkout in Chromium: the card expiry as payers type it', () => {
  const suite = useDemoBrowser();

  it('pays with "1230" (read as 12/30)', async () => {
    const { shop, problems } = suite;
    await shop.openWithTerms();
    await shop.method('Card').check();
    await shop.amountField().fill('40.00');
    await shop.fillCard(CARD.approved, '1230');
    await shop.payButton().click();
    await shop.remainingIs('€80.00');
    expect(problems.list).toEqual([]);
  });

  it('marks the Expiry field for "12-2030", focused, and the status region does not keep saying "Processing"', async () => {
    const { page, shop, problems } = suite;
    await shop.openWithTerms();
    await shop.method('Card').check();
    await shop.fillCard(CARD.approved, '12-2030');
    await shop.payButton().click();

    const expiry = page.getByLabel('Expiry date');
    await expect(expiry.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(accessibleDescription(expiry)).resolves.toBe('MM/YY Use MM/YY, for example 04/28.');
    await expect(shop.focusedName()).resolves.toBe('input:text Expiry date');
    await expect(shop.status().textContent()).resolves.not.toContain('Processing');
    expect(suite.postsTo('/elements/session/attempts')).toEqual([]);
    expect(problems.list).toEqual([]);
  });
});

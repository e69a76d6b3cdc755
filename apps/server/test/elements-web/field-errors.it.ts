import { CARD_NUMBER_PATTERN, CVC_PATTERN } from '@splitpay/elements-web/src/format/card-patterns';
import { payerInputSchema } from '@splitpay/http-api/src/schemas/payer-input.schema';
import { accessibleDescription } from '../support/browser/accessible-description';
import { useDemoBrowser } from '../support/browser/elements-browser';
import { CARD } from '../support/browser/fake-psp-cards';

/** An error the payer has answered must stop saying they are wrong; one still standing must be tied to where focus is. */
describe('demo checkout in Chromium: error states on the form', () => {
  const suite = useDemoBrowser();

  it('clears a card field’s error as soon as the payer types in it, keeping what they type and where', async () => {
    const { page, shop, problems } = suite;
    await shop.openOnCard();
    await shop.payButton().click();
    const number = page.getByLabel('Card number');
    await expect(number.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(accessibleDescription(number)).resolves.toBe('Fill in this field.');
    await expect(shop.focusedName()).resolves.toBe('input:text Card number');

    await page.keyboard.type('4111');
    await expect(number.getAttribute('aria-invalid')).resolves.toBeNull();
    await expect(accessibleDescription(number)).resolves.toBe('');
    await page.keyboard.type('111111111111');
    await expect(number.inputValue()).resolves.toBe('4111111111111111');
    await expect(shop.focusedName()).resolves.toBe('input:text Card number');
    await expect(page.getByLabel('Expiry date').getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(accessibleDescription(page.getByLabel('Expiry date'))).resolves.toBe('MM/YY Fill in this field.');
    expect(problems.list).toEqual([]);
  });

  it('says a warning given twice in a row again: the alert region’s text changes each time', async () => {
    const { page, shop, problems } = suite;
    await shop.openOnCard();
    const alertText = (): Promise<string> => page.getByRole('alert').first().evaluate((el) => el.textContent ?? '');
    await shop.payButton().click();
    const first = await alertText();
    expect(first.trim()).not.toBe('');
    await shop.payButton().click();
    const second = await alertText();
    await shop.payButton().click();
    const third = await alertText();
    // The same sentence each time, as a screen reader says it, yet never the same text twice in a row.
    expect([second.trim(), third.trim()]).toEqual([first.trim(), first.trim()]);
    expect(second).not.toBe(first);
    expect(third).not.toBe(second);
    expect(problems.list).toEqual([]);
  });

  it('describes Pay by the failure shown above it, so focus back on Pay carries the reason', async () => {
    const { page, shop, problems } = suite;
    await shop.openOnCard();
    await shop.fillCard(CARD.approved);
    await page.route('**/elements/session/attempts', (route) => route.abort('internetdisconnected'));
    await shop.payButton().click();
    await page.getByText('The connection failed. Check it and try again.').first().waitFor();
    await expect(accessibleDescription(shop.payButton())).resolves.toBe('The connection failed. Check it and try again.');
    expect(problems.list).toEqual([]);
  });

  it.each([
    ['en', '4111', '123', 'Card number', 'Enter the 12 to 19 digits of the card number.'],
    ['en', '4111 1111 1111 1111', 'abc', 'Security code', 'Enter the 3 or 4 digits of the security code.'],
    ['fr', '4111 1111', '123', 'Numéro de carte', 'Saisissez les 12 à 19 chiffres du numéro de carte.'],
    ['fr', '4111111111111111', '12', 'Cryptogramme', 'Saisissez les 3 ou 4 chiffres du cryptogramme.'],
  ] as const)('(%s) says a card number %j or a security code %j the service would refuse on its field, focused, and sends nothing', async (lang, number, cvc, field, said) => {
    const { page, shop, problems } = suite;
    await shop.openWithTerms(lang);
    await page.getByRole('radio', { name: lang === 'fr' ? 'Carte' : 'Card' }).check();
    await shop.amountField().fill(lang === 'fr' ? '10,00' : '10.00');
    await page.getByLabel(lang === 'fr' ? 'Numéro de carte' : 'Card number').fill(number);
    await page.getByLabel(lang === 'fr' ? 'Date d’expiration' : 'Expiry date').fill('12/30');
    await page.getByLabel(lang === 'fr' ? 'Cryptogramme' : 'Security code').fill(cvc);
    await shop.payButton().click();

    const input = page.getByLabel(field, { exact: true });
    await expect(input.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(accessibleDescription(input)).resolves.toContain(said);
    await expect(shop.focusedName()).resolves.toBe(`input:text ${field}`);
    await page.getByRole('alert').filter({ hasText: said }).waitFor({ state: 'attached' });
    expect(suite.postsTo('/elements/session/attempts')).toEqual([]);
    expect(problems.list).toEqual([]);
  });

  it("checks the card number and the security code with the start door's own patterns", () => {
    const card = (payerInputSchema as unknown as { oneOf: { properties: Record<string, { pattern?: string }> }[] }).oneOf[0]!.properties;
    expect(CARD_NUMBER_PATTERN.source).toBe(card.cardNumber?.pattern);
    expect(CVC_PATTERN.source).toBe(card.cvc?.pattern);
  });
});

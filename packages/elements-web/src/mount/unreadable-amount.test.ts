import { merchantPage, until } from '../testing/dom.fixture';
import { paypalMethod, pendingView, scriptedFetch } from '../testing/view.fixture';
import { mount } from './mount';

const base = { elementsToken: 'pst_unit', baseUrl: 'https://pay.example', poll: { minMs: 60_000, maxMs: 60_000, idleMs: 60_000 } };

/** The Pay button's name and the amount field's error after typing `typed` and pressing Pay (nothing is sent). */
async function payWith(typed: string, locale: 'en' | 'fr' = 'en', currency = 'EUR', messages?: Record<string, unknown>) {
  const page = merchantPage(locale);
  const view = pendingView({ currency, minorUnits: currency === 'JPY' ? 0 : 2, total: { amount: 12_000, currency }, remaining: { amount: 12_000, currency }, methods: [{ ...paypalMethod, range: { min: 100, max: 12_000, currency } }], attempts: [] });
  const { fetch, calls } = scriptedFetch([view]);
  const handle = mount(page.container, { ...base, fetch, locale, ...(messages ? { messages } : {}) });
  await until(() => page.doc.querySelector('.sp-pay') !== null);
  page.type(page.byLabel(locale === 'fr' ? 'Montant à payer avec ce moyen' : 'Amount to pay with this method'), typed);
  const pay = page.doc.querySelector('.sp-pay') as HTMLButtonElement;
  const label = page.text(pay);
  pay.click();
  await until(() => page.doc.querySelector('.sp-field__error') !== null);
  const error = page.text(page.doc.querySelector('.sp-field__error'));
  const sent = calls.filter((c) => c.method === 'POST').length;
  handle.unmount();
  return { label, error, sent };
}

/**
 * What the amount field cannot read (D115-b: another locale's decimal mark, two marks, letters, more
 * decimals than the currency has) is no amount: Pay names no amount (never "Pay €0.00"), and pressing
 * it says the field holds no amount, not that it is out of range.
 */
describe('mount: an amount the field cannot read', () => {
  for (const typed of ['1,5', '12.345', 'abc']) {
    it(`en "${typed}": "Pay with PayPal", and "Not an amount"`, async () => {
      const { label, error, sent } = await payWith(typed);
      expect(label).toBe('Pay with PayPal');
      expect(error).toBe('Not an amount. For example: 120.00');
      expect(sent).toBe(0);
    });
  }

  it('JPY "45.67" (no decimals in yen)', async () => {
    const { label, error } = await payWith('45.67', 'en', 'JPY');
    expect(label).toBe('Pay with PayPal');
    expect(error).toBe('Not an amount. For example: 12000');
  });

  it('fr "1.500,00": "Payer avec PayPal", "Ce n’est pas un montant"', async () => {
    const { label, error } = await payWith('1.500,00', 'fr');
    expect(label).toBe('Payer avec PayPal');
    expect(error).toBe('Ce n’est pas un montant. Exemple : 120,00');
  });

  it("a merchant's override written as plain text before the example existed still shows as written", async () => {
    const { error, sent } = await payWith('abc', 'en', 'EUR', { amountUnreadable: 'Please type an amount like 12.34' });
    expect(error).toBe('Please type an amount like 12.34');
    expect(sent).toBe(0);
  });

  it('an amount read but out of range keeps its own message and its amount on Pay', async () => {
    const { label, error } = await payWith('0.50');
    expect(label).toBe('Pay €0.50 with PayPal');
    expect(error).toBe('Enter an amount within the range shown.');
  });
});

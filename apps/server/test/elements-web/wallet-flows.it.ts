import { useDemoBrowser } from '../support/browser/elements-browser';

/**
 * A stand-in for Safari's ApplePaySession, injected before the page's scripts: it runs the sheet's
 * events in order (merchant validation, then authorization with a test token) and records the result.
 */
const APPLE_PAY_STAND_IN = `
window.__applePay = { results: [], validated: 0 };
class ApplePaySession {
  static STATUS_SUCCESS = 0;
  static STATUS_FAILURE = 1;
  static canMakePayments() { return true; }
  constructor(version, request) { this.version = version; this.request = request; window.__applePay.request = request; }
  begin() { setTimeout(() => this.onvalidatemerchant({ validationURL: 'https://apple-pay-gateway.example/validate' }), 0); }
  abort() { window.__applePay.aborted = true; }
  completeMerchantValidation(merchantSession) {
    window.__applePay.validated += 1;
    window.__applePay.merchantSession = merchantSession;
    setTimeout(() => this.onpaymentauthorized({ payment: { token: { paymentData: { version: 'EC_v1', data: 'c3RhbmQtaW4=' } } } }), 0);
  }
  completePayment(status) { window.__applePay.results.push(status); }
}
window.ApplePaySession = ApplePaySession;
`;

describe('demo checkout in Chromium: wallets, redirects and financing', () => {
  const suite = useDemoBrowser();

  it('pays €50.00 with PayPal (its page, the return door, the page mounted again), then the rest by card', async () => {
    const { page, shop, problems } = suite;
    await shop.open();
    const orderId = shop.orderId();
    await shop.acceptTerms();
    await shop.method('PayPal').check();
    await page.getByText('You will continue on the PayPal page, then come back here.').waitFor();
    await shop.amountField().fill('50');
    await shop.payButton().click();

    await shop.throughFakePsp('PayPal', 'Approve');
    expect(shop.orderId()).toBe(orderId);
    expect(page.url()).not.toContain('pst_');

    await shop.remainingIs('€70.00');
    await expect(shop.ledger().filter({ hasText: 'PayPal' }).textContent()).resolves.toContain('€50.00');
    await shop.payTheRestByCard('70.00');
    expect(problems.list).toEqual([]);
  });

  it('finances the order with Oney: the plans with their schedule, fees and APR, the lender page, PAID', async () => {
    const { page, shop, problems } = suite;
    await shop.openWithTerms();
    await shop.method('Oney instalments').check();
    await expect(shop.amountField().getAttribute('readonly')).resolves.toBe('');
    await expect(shop.amountField().inputValue()).resolves.toBe('120.00');

    const plans = page.getByRole('group', { name: 'Instalment plan' });
    await expect(plans.getByRole('radio').count()).resolves.toBe(2);
    const withFees = plans.getByRole('radio', { name: /^4 instalments, with fees/ });
    const details = page.locator(`#${await withFees.getAttribute('aria-describedby')}`);
    // The demo lender's plan states no APR: it is the one its fees and schedule give, not a figure beside them.
    await expect(details.textContent()).resolves.toMatch(/APR: 19\.91%/);
    // Named by its instalments as they are: the fees ride on the first.
    await expect(withFees.getAttribute('id').then((id) => page.locator(`label[for="${id}"]`).textContent())).resolves.toBe('4 instalments, with fees (€32.64 then 3 × €30.00)');
    await expect(details.getByRole('listitem').count()).resolves.toBe(4);
    await expect(details.textContent()).resolves.toMatch(/Fees: €2\.64 · Total cost: €122\.64/);

    // Pay without a plan: the chooser says so and takes focus.
    await shop.payButton().click();
    await plans.getByText('Choose an instalment plan.').waitFor();
    await expect(plans.getByRole('radio').first().evaluate((el) => el === el.ownerDocument.activeElement)).resolves.toBe(true);
    await withFees.check();
    await shop.payButton().click();
    await shop.throughFakePsp('Oney instalments', 'Approve');
    await shop.completed();
    expect(problems.list).toEqual([]);
  });

  it('pays with Apple Pay through a stand-in ApplePaySession: validation starts the attempt (the fake wallet needs no merchant session), the token confirms it, PAID', async () => {
    const { page, context, shop, problems } = suite;
    await context.addInitScript({ content: APPLE_PAY_STAND_IN });
    const confirms: string[] = [];
    const validations: string[] = [];
    // Every console error, the failed loads' lines included (the suite's problems leave those to the response).
    const consoleErrors: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') consoleErrors.push(msg.text());
    });
    const entries: unknown[] = [];
    page.on('response', async (res) => {
      if (res.request().method() === 'GET' && new URL(res.url()).pathname === '/elements/session' && res.ok()) {
        const { view } = (await res.json()) as { view: { methods: { method: string }[] } };
        entries.push(view.methods.find((m) => m.method === 'applepay'));
      }
    });
    page.on('request', (req) => {
      if (req.method() === 'POST' && /\/confirm$/.test(new URL(req.url()).pathname)) confirms.push(req.postData() ?? '');
      if (req.method() === 'POST' && /\/wallet-session$/.test(new URL(req.url()).pathname)) validations.push(new URL(req.url()).pathname);
    });
    await shop.openWithTerms();
    await shop.method('Apple Pay').check();
    await page.getByRole('button', { name: 'Pay with Apple Pay (€120.00)' }).click();

    await shop.completed();
    const sheet = await page.evaluate('window.__applePay');
    expect(sheet).toMatchObject({ results: [0], validated: 1, merchantSession: {}, request: { total: { amount: '120.00' }, currencyCode: 'EUR' } });
    expect(confirms).toHaveLength(1);
    expect(JSON.parse(confirms[0] as string)).toEqual({ input: { method: 'applepay', paymentToken: JSON.stringify({ paymentData: { version: 'EC_v1', data: 'c3RhbmQtaW4=' } }) } });
    // The view's entry says the fake provider's wallet needs no merchant validation: the sheet was
    // completed with an empty session and the service's wallet-session door never asked.
    expect(entries[0]).toMatchObject({ method: 'applepay', merchantValidation: 'none' });
    expect(validations).toEqual([]);
    expect(consoleErrors).toEqual([]);
    expect(problems.list).toEqual([]);
  });

  it('shows Apple Pay disabled, with why, where the browser has no ApplePaySession', async () => {
    const { page, shop } = suite;
    await shop.open();
    await expect(shop.method('Apple Pay').isDisabled()).resolves.toBe(true);
    await expect(page.getByText('Not available on this device').count()).resolves.toBe(1);
    await expect(page.getByRole('button', { name: /Apple Pay/ }).count()).resolves.toBe(0);
  });
});

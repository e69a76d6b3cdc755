import type { Request } from 'playwright-core';
import { ElementsClient } from '../support/elements-client';
import { useDemoBrowser } from '../support/browser/elements-browser';
import { useMerchantPageBrowser } from '../support/browser/merchant-page-browser';
import { until } from '../support/until';
import { useService } from '../support/use-service';

/**
 * A stand-in for Safari's ApplePaySession, injected before the page's scripts. It records every sheet
 * the page creates and what the page asks of it, validates the merchant as Safari would (its event
 * after begin), then waits for the test: the payer has not authorized yet. Like a sheet dismissed by
 * it, it dispatches its cancel when aborted. `window.__applePay.refuse` ('new' or 'begin') makes
 * Safari refuse to open it, as when the page already has an active payment session. Every call is
 * also written on <html data-apple-pay> for the test to wait on (the page's CSP forbids the
 * evaluation a waitForFunction needs).
 */
const APPLE_PAY_STAND_IN = `
window.__applePay = { sheets: [], refuse: undefined };
class ApplePaySession {
  static STATUS_SUCCESS = 0;
  static STATUS_FAILURE = 1;
  static canMakePayments() { return true; }
  constructor(version, request) {
    if (window.__applePay.refuse === 'new') throw new DOMException('Page already has an active payment session.', 'InvalidAccessError');
    this.request = request;
    this.calls = [];
    window.__applePay.sheets.push(this);
  }
  record(call) {
    this.calls.push(call);
    document.documentElement.setAttribute('data-apple-pay', window.__applePay.sheets.flatMap((s) => s.calls).join(' '));
  }
  begin() {
    if (window.__applePay.refuse === 'begin') throw new DOMException('Page already has an active payment session.', 'InvalidAccessError');
    this.record('begin');
    setTimeout(() => this.onvalidatemerchant({ validationURL: 'https://apple-pay-gateway.example/validate' }), 0);
  }
  abort() { this.record('abort'); this.oncancel && this.oncancel({}); }
  completeMerchantValidation() { this.record('completeMerchantValidation'); }
  completePayment(status) { this.record('completePayment-' + status); }
}
window.ApplePaySession = ApplePaySession;
`;

interface SheetRecord {
  readonly calls: string[];
  readonly label: string;
}

describe('demo checkout in Chromium: the life of an Apple Pay sheet (D128)', () => {
  const suite = useDemoBrowser();
  /** Waits until a sheet was asked `call`. */
  const sheetWasAsked = (call: string) => suite.page.locator(`html[data-apple-pay~="${call}"]`).waitFor({ state: 'attached' });
  const sheets = async (): Promise<SheetRecord[]> => (await suite.page.evaluate('window.__applePay.sheets.map((s) => ({ calls: s.calls, label: s.request.total.label }))')) as SheetRecord[];

  /** The demo order with Apple Pay chosen, its sheet opened; hands back the page's elements token. */
  async function openSheet(): Promise<{ token: () => string }> {
    const { page, context, shop } = suite;
    await context.addInitScript({ content: APPLE_PAY_STAND_IN });
    let token = '';
    page.on('request', (req: Request) => {
      if (new URL(req.url()).pathname.startsWith('/elements/session')) token = (req.headers().authorization ?? '').replace(/^Bearer /, '');
    });
    await shop.openWithTerms();
    await shop.method('Apple Pay').check();
    await page.getByRole('button', { name: 'Pay with Apple Pay (€120.00)' }).click();
    await sheetWasAsked('completeMerchantValidation');
    return { token: () => token };
  }

  it("labels the sheet's total with the business name the statement shows, not the order id", async () => {
    await openSheet();
    expect((await sheets()).map((s) => s.label)).toEqual(['LAC BLEU TRIPS']);
  });

  it('a double click opens one sheet: one start, one consent to the terms', async () => {
    const { page, context, shop } = suite;
    await context.addInitScript({ content: APPLE_PAY_STAND_IN });
    await shop.openWithTerms();
    await shop.method('Apple Pay').check();
    await page.getByRole('button', { name: 'Pay with Apple Pay (€120.00)' }).dblclick();
    await sheetWasAsked('completeMerchantValidation');
    await page.getByRole('status').getByText('Confirming your payment…').waitFor();

    expect((await sheets()).map((s) => s.calls)).toEqual([['begin', 'completeMerchantValidation']]);
    expect(suite.postsTo('/elements/session/attempts')).toHaveLength(1);
    expect(suite.postsTo('/elements/session/accept-terms')).toHaveLength(1);
  });

  it.each([
    ['en', 'new', 'Pay with Apple Pay (€120.00)', 'Apple Pay could not be opened. Try again, or choose another method.'],
    ['fr', 'begin', 'Payer avec Apple Pay (120,00 €)', 'Apple Pay n’a pas pu s’ouvrir. Réessayez ou choisissez un autre moyen de paiement.'],
  ] as const)('a sheet Safari refuses to open (%s, at %s) is said on the form in the page’s language; nothing starts, nothing escapes', async (lang, at, button, said) => {
    const { page, context, shop } = suite;
    await context.addInitScript({ content: APPLE_PAY_STAND_IN });
    await shop.openWithTerms(lang);
    await page.evaluate(`window.__applePay.refuse = '${at}'`);
    await shop.method('Apple Pay').check();
    await page.getByRole('button', { name: button }).click();

    await page.getByText(said).first().waitFor();
    expect(suite.postsTo('/elements/session/attempts')).toEqual([]);
    expect(suite.problems.list).toEqual([]);
  });

  it("another tab stops the sheet's attempt: the view that shows it aborts the sheet, no cancel is sent for it", async () => {
    const { page } = suite;
    const { token } = await openSheet();
    const client = new ElementsClient(suite.h.url, token());
    const attemptId = (await client.view()).body.view.attempts[0]?.attemptId as string;
    expect((await client.abandonAttempt(attemptId)).status).toBe(200);

    await page.getByRole('button', { name: 'Pay with Apple Pay (€120.00)' }).waitFor();
    await sheetWasAsked('abort');
    expect((await sheets()).map((s) => s.calls)).toEqual([['begin', 'completeMerchantValidation', 'abort']]);
    expect(suite.postsTo(`/elements/session/attempts/${attemptId}/abandon`)).toEqual([]);
  });

  it('the elements token refused while the sheet waits for the payer (InvalidElementsToken): the sheet is aborted, nothing abandoned, the page says the link expired and to reload it (D142-a)', async () => {
    const { page } = suite;
    const { token } = await openSheet();
    const attemptId = (await new ElementsClient(suite.h.url, token()).view()).body.view.attempts[0]?.attemptId as string;
    // The service no longer knows the token (past its grace after the end): every door answers so.
    await page.route('**/elements/session**', (route) =>
      route.fulfill({ status: 401, contentType: 'application/json', headers: { 'WWW-Authenticate': 'Bearer' }, body: JSON.stringify({ code: 'InvalidElementsToken', message: 'The elements token is absent, unknown or expired' }) }),
    );

    await page.getByRole('heading', { name: 'This payment link has expired. Reload the page.' }).waitFor();
    await sheetWasAsked('abort');
    expect((await sheets()).map((s) => s.calls)).toEqual([['begin', 'completeMerchantValidation', 'abort']]);
    expect(suite.postsTo(`/elements/session/attempts/${attemptId}/abandon`)).toEqual([]);
  });

  // It moves the service's clock past the session's end, as the last one does.
  it("the session ends while the sheet's start is on its way: the sheet is aborted and the page says the ending again, never that the payment can no longer be changed (D142-b)", async () => {
    const { page, context, shop } = suite;
    await context.addInitScript({ content: APPLE_PAY_STAND_IN });
    let token = '';
    let arrived: () => void = () => undefined;
    let release: () => void = () => undefined;
    const startArrived = new Promise<void>((resolve) => (arrived = resolve));
    const startReleased = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/elements/session/attempts', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      token = (route.request().headers().authorization ?? '').replace(/^Bearer /, '');
      arrived();
      await startReleased;
      return route.continue();
    });
    await shop.openWithTerms();
    await shop.method('Apple Pay').check();
    await page.getByRole('button', { name: 'Pay with Apple Pay (€120.00)' }).click();
    await startArrived;
    const view = (await new ElementsClient(suite.h.url, token).view()).body.view;
    suite.h.clock.set(view.expiresAt + 1);
    const ended = 'The payment expired. Nothing was taken.';
    // A poll draws the ending while the start waits; the start then reaches the service, which refuses it.
    await page.getByRole('heading', { name: ended }).waitFor();
    const alert = page.getByRole('alert');
    const before = await alert.textContent();
    expect(before).toBe(ended);
    release();

    await sheetWasAsked('abort');
    const said = await until(async () => {
      const text = await alert.textContent();
      return text !== before ? text : undefined;
    }, 'the page to speak once the start is refused');
    expect(said?.trim()).toBe(ended);
    expect((await sheets()).map((s) => s.calls)).toEqual([['begin', 'abort']]);
    await expect(page.getByText('This payment can no longer be changed.').count()).resolves.toBe(0);
  });

  // Last: it moves the service's clock past the session's end.
  it('the session expires while the sheet waits for the payer: the page says it and the sheet is aborted, nothing abandoned', async () => {
    const { page } = suite;
    const { token } = await openSheet();
    const view = (await new ElementsClient(suite.h.url, token()).view()).body.view;
    suite.h.clock.set(view.expiresAt + 1);

    await page.getByText('The payment expired. Nothing was taken.').first().waitFor();
    expect((await sheets()).map((s) => s.calls)).toEqual([['begin', 'completeMerchantValidation', 'abort']]);
    expect(suite.postsTo(`/elements/session/attempts/${view.attempts[0]?.attemptId as string}/abandon`)).toEqual([]);
  });
});

describe("a merchant's page in Chromium unmounts the components while its Apple Pay sheet is up (D128)", () => {
  // One merchant, every method on the fake provider (its Apple Pay needs no merchant validation).
  const h = useService();
  const b = useMerchantPageBrowser(() => h.url);

  it.each(['the sheet waits for the payer', 'the token is sent, its confirm unanswered'] as const)('%s: the sheet is aborted, never completed as failed, nothing abandoned', async (when) => {
    const { page, context, requests } = b.current();
    await context.addInitScript({ content: APPLE_PAY_STAND_IN });
    b.shop.elementsToken = (await h.createSession({ currency: 'EUR', total: 4_500, orderId: `unmount-sheet-${when.length}`, methods: [{ method: 'applepay' }], returnUrl: 'https://shop.example/back' })).elementsToken;
    await page.route('**/elements/session/attempts/*/confirm', () => new Promise<void>(() => undefined));
    await page.goto(`${b.shop.url}/checkout`);
    await page.getByRole('radio', { name: 'Apple Pay' }).check();
    await page.getByRole('button', { name: 'Pay with Apple Pay (€45.00)' }).click();
    await page.locator('html[data-apple-pay~="completeMerchantValidation"]').waitFor({ state: 'attached' });
    if (when === 'the token is sent, its confirm unanswered') {
      const confirmSent = page.waitForRequest('**/confirm');
      await page.evaluate("window.__applePay.sheets[0].onpaymentauthorized({ payment: { token: { paymentData: { version: 'EC_v1', data: 'c3RhbmQtaW4=' } } } })");
      await confirmSent;
    }

    await page.evaluate('window.shopCheckout.unmount()');
    await page.locator('html[data-apple-pay~="abort"]').waitFor({ state: 'attached' });
    expect((await page.evaluate('window.__applePay.sheets.map((s) => s.calls)')) as string[][]).toEqual([['begin', 'completeMerchantValidation', 'abort']]);
    expect(requests.filter((r) => r.method() === 'POST' && r.url().endsWith('/abandon'))).toEqual([]);
  });
});

import type { Request } from 'playwright-core';
import { ElementsClient } from '../support/elements-client';
import { useDemoBrowser } from '../support/browser/elements-browser';

/**
 * A stand-in for Safari's ApplePaySession, injected before the page's scripts: it runs the sheet's
 * events in order (merchant validation, then authorization with a test token), keeps the session for
 * the test to close, and, like a sheet dismissed by it, dispatches its cancel when aborted.
 */
const APPLE_PAY_STAND_IN = `
window.__applePay = { results: [], aborted: 0 };
class ApplePaySession {
  static STATUS_SUCCESS = 0;
  static STATUS_FAILURE = 1;
  static canMakePayments() { return true; }
  constructor(version, request) { this.request = request; window.__applePay.session = this; }
  begin() { setTimeout(() => this.onvalidatemerchant({ validationURL: 'https://apple-pay-gateway.example/validate' }), 0); }
  abort() { window.__applePay.aborted += 1; this.oncancel && this.oncancel({}); }
  completeMerchantValidation() {
    setTimeout(() => this.onpaymentauthorized({ payment: { token: { paymentData: { version: 'EC_v1', data: 'c3RhbmQtaW4=' } } } }), 0);
  }
  completePayment(status) { window.__applePay.results.push(status); }
}
window.ApplePaySession = ApplePaySession;
`;

/**
 * The token is sent, then the confirm's answer is lost while the attempt is still in flight (D102-d);
 * the sheet is closed meanwhile, by Apple (its cancel after about 30 seconds) or by the page's own
 * abort. The confirm may have paid: nothing may abandon the attempt (D102-f).
 */
describe('demo checkout in Chromium: an Apple Pay sheet closed once its token is sent', () => {
  const suite = useDemoBrowser();

  it.each(['Apple cancels the sheet while the confirm is unanswered', "the page's abort dispatches the sheet's cancel"] as const)(
    '%s: no abandon is sent, the page shows the payment being confirmed with its Stop',
    async (how) => {
      const { page, context, shop } = suite;
      await context.addInitScript({ content: APPLE_PAY_STAND_IN });
      await shop.openWithTerms();
      let token = '';
      const abandons: string[] = [];
      page.on('request', (req: Request) => {
        if (req.method() === 'POST' && /\/abandon$/.test(new URL(req.url()).pathname)) abandons.push(req.url());
      });
      // The confirm never reaches the service: its answer is lost and the view keeps the attempt in flight.
      await page.route('**/elements/session/attempts/*/confirm', async (route) => {
        token = (route.request().headers().authorization ?? '').replace(/^Bearer /, '');
        if (how === 'Apple cancels the sheet while the confirm is unanswered') await page.evaluate('window.__applePay.session.oncancel({})');
        return route.abort('connectionreset');
      });
      await shop.method('Apple Pay').check();
      await page.getByRole('button', { name: 'Pay with Apple Pay (€120.00)' }).click();

      await page.getByRole('status').getByText('Confirming your payment…').waitFor();
      await page.getByRole('button', { name: 'Stop the €120.00 Apple Pay payment' }).waitFor();
      const sheet = (await page.evaluate('({ results: window.__applePay.results, aborted: window.__applePay.aborted })')) as { results: number[]; aborted: number };
      expect(sheet).toEqual({ results: [], aborted: how === 'Apple cancels the sheet while the confirm is unanswered' ? 0 : 1 });
      const view = await new ElementsClient(suite.h.url, token).view();
      expect(view.body.view.attempts.map((a) => [a.method, a.status])).toEqual([['applepay', 'AUTHORIZING']]);
      expect(abandons).toEqual([]);
    },
  );
});

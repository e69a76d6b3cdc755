import type { Route } from 'playwright-core';
import { ElementsClient } from '../support/elements-client';
import { useDemoBrowser } from '../support/browser/elements-browser';

/**
 * A stand-in for Safari's ApplePaySession, injected before the page's scripts: it runs the sheet's
 * events in order (merchant validation, then authorization with a test token) and records what the
 * page asked of it.
 */
const APPLE_PAY_STAND_IN = `
window.__applePay = { results: [], validated: 0, aborted: 0 };
class ApplePaySession {
  static STATUS_SUCCESS = 0;
  static STATUS_FAILURE = 1;
  static canMakePayments() { return true; }
  constructor(version, request) { this.request = request; }
  begin() { setTimeout(() => this.onvalidatemerchant({ validationURL: 'https://apple-pay-gateway.example/validate' }), 0); }
  abort() { window.__applePay.aborted += 1; }
  completeMerchantValidation(merchantSession) {
    window.__applePay.validated += 1;
    setTimeout(() => this.onpaymentauthorized({ payment: { token: { paymentData: { version: 'EC_v1', data: 'c3RhbmQtaW4=' } } } }), 0);
  }
  completePayment(status) { window.__applePay.results.push(status); }
}
window.ApplePaySession = ApplePaySession;
`;

/**
 * The service makes the Apple Pay attempt but the start's answer never reaches the page (D91, D97):
 * the sheet must go on with the attempt the service made, never start a second one nor leave the
 * payer before a spinner.
 */
describe('demo checkout in Chromium: the answer to an Apple Pay start is lost', () => {
  const suite = useDemoBrowser();

  /** The start reaches the service, which answers; the page gets `then` instead. Hands back the page's token. */
  async function startReachesTheServiceOnly(then: 'reset' | 'never'): Promise<{ token: () => string; starts: () => number }> {
    let token = '';
    let starts = 0;
    await suite.page.route('**/elements/session/attempts', async (route: Route) => {
      if (route.request().method() !== 'POST') return route.continue();
      starts += 1;
      if (starts > 1) return route.continue();
      token = (route.request().headers().authorization ?? '').replace(/^Bearer /, '');
      const answered = await route.fetch();
      expect(answered.status()).toBe(201);
      // 'never': the answer is held until the page gives up waiting for it (its deadline, D97).
      if (then === 'never') return new Promise<void>(() => undefined);
      return route.abort('connectionreset');
    });
    return { token: () => token, starts: () => starts };
  }

  it.each(['reset', 'never'] as const)('the answer lost (%s): the sheet goes on with the attempt the service made, which is confirmed and pays the order; no second attempt', async (then) => {
    const { page, context, shop } = suite;
    await context.addInitScript({ content: APPLE_PAY_STAND_IN });
    await shop.openWithTerms();
    const lost = await startReachesTheServiceOnly(then);
    await shop.method('Apple Pay').check();
    await page.getByRole('button', { name: 'Pay with Apple Pay (€120.00)' }).click();

    await shop.completed();
    const sheet = (await page.evaluate('window.__applePay')) as { results: number[]; validated: number; aborted: number };
    expect(sheet).toMatchObject({ results: [0], validated: 1, aborted: 0 });
    expect(lost.starts()).toBe(1);
    const view = await new ElementsClient(suite.h.url, lost.token()).view();
    expect(view.body.view.attempts.map((a) => [a.method, a.status])).toEqual([['applepay', 'CAPTURED']]);
    await expect(page.getByText('The connection failed').count()).resolves.toBe(0);
  });
  it('the answer lost and the session unreadable: the sheet is aborted and the failure said; pressing Apple Pay again carries the same key and goes on with the first attempt, not a second one', async () => {
    const { page, context, shop } = suite;
    await context.addInitScript({ content: APPLE_PAY_STAND_IN });
    await shop.openWithTerms();
    const lost = await startReachesTheServiceOnly('reset');
    let readLost = false;
    await page.route('**/elements/session', (route) => {
      if (readLost) return route.continue();
      readLost = true;
      return route.abort('internetdisconnected');
    });
    const keys: (string | undefined)[] = [];
    page.on('request', (req) => {
      if (req.method() === 'POST' && new URL(req.url()).pathname === '/elements/session/attempts') keys.push(req.headers()['idempotency-key']);
    });
    await shop.method('Apple Pay').check();
    await page.getByRole('button', { name: 'Pay with Apple Pay (€120.00)' }).click();
    await page.getByText('The connection failed. Check it and try again.').first().waitFor();
    await expect(page.evaluate('window.__applePay.aborted')).resolves.toBe(1);

    await page.getByRole('button', { name: 'Pay with Apple Pay (€120.00)' }).click();
    await shop.completed();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
    const view = await new ElementsClient(suite.h.url, lost.token()).view();
    expect(view.body.view.attempts.map((a) => [a.method, a.status])).toEqual([['applepay', 'CAPTURED']]);
  });
});

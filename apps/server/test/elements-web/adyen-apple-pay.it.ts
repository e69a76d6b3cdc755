import type { Page, Request } from 'playwright-core';
import { MERCHANT_ACCOUNT, SETTINGS, TEST_BASE } from '@splitpay/psp-adyen/src/testing/adyen-fixtures';
import type { PageProblems } from '../support/browser/elements-browser';
import { useMerchantPageBrowser } from '../support/browser/merchant-page-browser';
import { answerPost, providerService } from '../support/provider-service';
import { readSession } from '../support/service-harness';
import { until } from '../support/until';

jest.setTimeout(60_000);

const VALIDATION_URL = 'https://apple-pay-gateway.apple.com/paymentservices/startSession';
/** The sheet's token (Apple Pay JS's ApplePayPaymentToken): its encrypted paymentData, the card, the wallet's id. */
const PAYMENT_DATA = { version: 'EC_v1', data: 'c3RhbmQtaW4tY2lwaGVydGV4dA==', signature: 'c2lnbmF0dXJl', header: { ephemeralPublicKey: 'a2V5', publicKeyHash: 'aGFzaA==', transactionId: 'abc123' } };
const SHEET_TOKEN = { paymentData: PAYMENT_DATA, paymentMethod: { displayName: 'MasterCard 1471', network: 'MasterCard', type: 'debit' }, transactionIdentifier: 'ABC123' };
/** The merchant session Apple would give Adyen for this domain (what `/applePay/sessions` answers in base64). */
const MERCHANT_SESSION = { epochTimestamp: 1_767_225_600_000, expiresAt: 1_767_229_200_000, merchantSessionIdentifier: 'SSH0AB1CD', nonce: '5e8f3c2a', merchantIdentifier: 'A1B2C3', domainName: '127.0.0.1', displayName: 'Splitpay Shop', signature: 'MIAGCSqGSIb3DQEHAqCAMIACAQ', operationalAnalyticsIdentifier: 'Splitpay Shop:A1B2C3', retries: 0 };

/**
 * A stand-in of Safari's ApplePaySession, injected before the page's scripts: begin() asks for
 * merchant validation; completeMerchantValidation(session) records the session and authorizes the
 * payment with the test token; abort() and completePayment(status) are recorded.
 */
const APPLE_PAY_STAND_IN = `
window.__applePay = { merchantSessions: [], results: [], aborted: 0 };
class ApplePaySession {
  static STATUS_SUCCESS = 0;
  static STATUS_FAILURE = 1;
  static canMakePayments() { return true; }
  constructor(version, request) { window.__applePay.request = request; }
  begin() { setTimeout(() => this.onvalidatemerchant({ validationURL: '${VALIDATION_URL}' }), 0); }
  abort() { window.__applePay.aborted += 1; }
  completeMerchantValidation(merchantSession) {
    window.__applePay.merchantSessions.push(merchantSession);
    setTimeout(() => this.onpaymentauthorized({ payment: { token: ${JSON.stringify(SHEET_TOKEN)} } }), 0);
  }
  completePayment(status) { window.__applePay.results.push(status); }
}
window.ApplePaySession = ApplePaySession;
`;

interface Sheet {
  readonly merchantSessions: unknown[];
  readonly results: number[];
  readonly aborted: number;
}

// The components' default merchant validation (the service's wallet-session door) with Adyen's Apple
// Pay certificate; nock plays Adyen in the service's process (a short name: see keepEvidence).
describe('Adyen Apple Pay in Chromium', () => {
  const service = providerService([{ method: 'applepay', provider: 'adyen', settings: SETTINGS }]);
  // The merchant's page, on 127.0.0.1 (the domain Apple Pay validates), with no applePay.validateMerchant.
  const b = useMerchantPageBrowser(() => service.h.url);
  const shop = b.shop;
  let page: Page;
  let problems: PageProblems;
  let requests: Request[];

  beforeEach(async () => {
    ({ page, problems, requests } = b.current());
    await b.current().context.addInitScript({ content: APPLE_PAY_STAND_IN });
  });

  async function payWithApplePay(orderId: string): Promise<string> {
    const created = await service.h.createSession({ currency: 'EUR', total: 4_500, orderId, methods: [{ method: 'applepay' }], returnUrl: 'https://shop.example/back' });
    shop.elementsToken = created.elementsToken;
    await page.goto(`${shop.url}/checkout`);
    await page.getByRole('radio', { name: 'Apple Pay' }).check();
    await page.getByRole('button', { name: 'Pay with Apple Pay (€45.00)' }).click();
    return created.sessionId;
  }
  const sheet = (): Promise<Sheet> => page.evaluate('window.__applePay') as Promise<Sheet>;
  const doorCalls = (door: string): Request[] => requests.filter((r) => r.method() === 'POST' && new URL(r.url()).pathname.endsWith(`/${door}`));

  it("validates the merchant through the service's door: Adyen's /applePay/sessions for the page's domain, its session decoded for the sheet, then the token paid at Adyen", async () => {
    const validation = answerPost(TEST_BASE, '/v71/applePay/sessions', 200, () => ({ data: Buffer.from(JSON.stringify(MERCHANT_SESSION)).toString('base64') }));
    const payment = answerPost(TEST_BASE, '/v71/payments', 200, (body) => ({ resultCode: 'Authorised', pspReference: 'PSPAPPLWEB000001', merchantReference: body.reference, additionalData: { paymentMethod: 'mc_applepay' } }));
    const capture = answerPost(TEST_BASE, '/v71/payments/PSPAPPLWEB000001/captures', 201, (body) => ({ pspReference: 'PSPAPPLWEBCAPT01', reference: body.reference, status: 'received' }));
    const sessionId = await payWithApplePay('adyen-applepay-web');

    // The sheet got the merchant session Adyen returned, decoded from its base64 `data` as the driver does.
    const done = await until(async () => ((await sheet()).results.length > 0 ? sheet() : undefined), 'the sheet completed');
    expect(done).toMatchObject({ merchantSessions: [MERCHANT_SESSION], results: [0], aborted: 0, request: { total: { amount: '45.00' }, currencyCode: 'EUR' } });
    expect(validation.seen).toHaveLength(1);
    expect(validation.seen[0]?.body).toEqual({ displayName: SETTINGS.displayName, domainName: '127.0.0.1', merchantIdentifier: SETTINGS.merchantIdentifier });

    // The page asked the door once, for the attempt it had just started, with its host name and the sheet's validation URL.
    const [start] = doorCalls('attempts');
    const [door] = doorCalls('wallet-session');
    expect(doorCalls('wallet-session')).toHaveLength(1);
    const started = await start?.response();
    expect(started?.status()).toBe(201);
    const { attemptId, view } = (await started?.json()) as { attemptId: string; view: { methods: Record<string, unknown>[] } };
    // The view's entry says Adyen's wallet is validated through the service (its driver's walletSession).
    expect(view.methods).toEqual([expect.objectContaining({ method: 'applepay', merchantValidation: 'service' })]);
    expect(new URL(door?.url() as string).pathname).toBe(`/elements/session/attempts/${attemptId}/wallet-session`);
    expect(door?.postDataJSON()).toEqual({ input: { method: 'applepay', domainName: '127.0.0.1', validationUrl: VALIDATION_URL } });
    expect(door?.headers().authorization).toBe(`Bearer ${shop.elementsToken}`);

    // The confirm paid the sheet's token at Adyen; the payment is held, then captured.
    expect(doorCalls('confirm')).toHaveLength(1);
    expect((await doorCalls('confirm')[0]?.response())?.status()).toBe(200);
    expect(payment.seen).toHaveLength(1);
    expect(payment.seen[0]?.body).toMatchObject({ merchantAccount: MERCHANT_ACCOUNT, amount: { value: 4_500, currency: 'EUR' }, paymentMethod: { type: 'applepay', applePayToken: Buffer.from(JSON.stringify(PAYMENT_DATA)).toString('base64') } });
    await until(() => (capture.seen.length > 0 ? true : undefined), 'the capture at Adyen');
    const read = await until(async () => {
      const { body } = await readSession(service.h, sessionId);
      return body.status === 'CAPTURING' || body.status === 'PAID' ? body : undefined;
    }, 'the session covered');
    expect((read.attempts as Record<string, unknown>[])[0]).toMatchObject({ method: 'applepay', status: 'AUTHORIZED' });
    expect(problems.list).toEqual([]);
  });

  it("completes the sheet as failed, and tells the payer, when Adyen's /payments refuses the token at once", async () => {
    answerPost(TEST_BASE, '/v71/applePay/sessions', 200, () => ({ data: Buffer.from(JSON.stringify(MERCHANT_SESSION)).toString('base64') }));
    const payment = answerPost(TEST_BASE, '/v71/payments', 200, (body) => ({ resultCode: 'Refused', refusalReason: 'Refused', refusalReasonCode: '2', pspReference: 'PSPAPPLWEB000003', merchantReference: body.reference }));
    const sessionId = await payWithApplePay('adyen-applepay-web-declined');

    const done = await until(async () => ((await sheet()).results.length > 0 ? sheet() : undefined), 'the sheet completed');
    expect(done).toMatchObject({ merchantSessions: [MERCHANT_SESSION], results: [1], aborted: 0 });
    expect(payment.seen).toHaveLength(1);
    await page.getByText('Your Apple Pay payment of €45.00 was declined', { exact: false }).first().waitFor();
    // The decline is said by the alert region; the status region, which said "Confirming your payment…"
    // while the sheet was open, no longer does (D97).
    await expect(page.locator('.sp-root [role="alert"]').textContent()).resolves.toContain('Your Apple Pay payment of €45.00 was declined');
    await expect(page.locator('.sp-root [role="status"]').textContent()).resolves.not.toContain('Confirming your payment');
    const { body } = await readSession(service.h, sessionId);
    expect(body.status).toBe('PENDING');
    expect((body.attempts as Record<string, unknown>[]).map((a) => a.status)).toEqual(['DECLINED']);
    expect(problems.list).toEqual([]);
  });

  it('aborts the sheet, abandons the attempt and tells the payer when Adyen opens no Apple Pay session; nothing is paid', async () => {
    const validation = answerPost(TEST_BASE, '/v71/applePay/sessions', 403, () => ({ status: 403, errorCode: '901', message: 'Invalid Merchant Account', errorType: 'security' }));
    const payment = answerPost(TEST_BASE, '/v71/payments', 200, () => ({ resultCode: 'Authorised', pspReference: 'PSPAPPLWEB000002' }));
    const sessionId = await payWithApplePay('adyen-applepay-web-refused');

    await page.getByRole('region', { name: 'Payment method' }).getByText('Apple Pay could not be opened. Try again, or choose another method.').waitFor();
    expect(await sheet()).toMatchObject({ merchantSessions: [], results: [], aborted: 1 });
    expect(validation.seen).toHaveLength(1);
    expect(doorCalls('abandon')).toHaveLength(1);
    expect(doorCalls('confirm')).toEqual([]);
    expect(payment.seen).toEqual([]);
    const { body } = await readSession(service.h, sessionId);
    expect(body.status).toBe('PENDING');
    expect((body.attempts as Record<string, unknown>[]).map((a) => a.status)).toEqual(['CANCELLED']);
    // The payer may pay again: the button is offered.
    await expect(page.getByRole('button', { name: 'Pay with Apple Pay (€45.00)' }).isEnabled()).resolves.toBe(true);
    expect(problems.list).toEqual([]);
  });
});

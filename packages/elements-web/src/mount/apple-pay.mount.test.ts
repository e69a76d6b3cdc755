import type { SplitPayError } from '../client/split-pay-error';
import { standInApplePay, VALIDATION_URL } from '../testing/apple-pay.fixture';
import { merchantPage, until } from '../testing/dom.fixture';
import { attempt, pendingView, scriptedFetch } from '../testing/view.fixture';
import type { MethodView } from '../types/session-view';
import { mount } from './mount';

const base = { elementsToken: 'pst_unit', baseUrl: 'https://pay.example', poll: { minMs: 60_000, maxMs: 60_000, idleMs: 60_000 } };
const applePayMethod: MethodView = { method: 'applepay', id: 'applepay', eligible: true };
const MERCHANT_SESSION = { epochTimestamp: 1_767_225_600_000, merchantSessionIdentifier: 'SSH0123', signature: 'c2ln' };
const DOOR = 'https://pay.example/elements/session/attempts/a1/wallet-session';

/** The page (https://shop.example) with the stand-in sheet, Apple Pay chosen, its button pressed. */
async function payWithApplePay(walletSessionAnswer: { status: number; body: unknown }, after: Parameters<typeof scriptedFetch>[0], lostConfirm: boolean | Promise<void> = false) {
  const page = merchantPage();
  const apple = standInApplePay();
  (page.dom.window as unknown as { ApplePaySession: unknown }).ApplePaySession = apple.ctor;
  const started = pendingView({ methods: [applePayMethod], attempts: [attempt({ attemptId: 'a1', method: 'applepay', methodId: 'applepay', status: 'AUTHORIZING', granted: { amount: 0, currency: 'EUR' }, requested: { amount: 12000, currency: 'EUR' } })] });
  const scripted = scriptedFetch([pendingView({ methods: [applePayMethod] }), { status: 201, body: { attemptId: 'a1', view: started } }, walletSessionAnswer, ...after]);
  const { calls } = scripted;
  // A lost confirm: the connection fails as the browser's fetch says it (a TypeError).
  // A promise: the confirm is lost once it settles (an answer that never came in time).
  const fetch = async (url: string, init: RequestInit) => (lostConfirm && url.endsWith('/confirm') ? Promise.resolve(lostConfirm).then(() => Promise.reject(new TypeError('Failed to fetch'))) : scripted.fetch(url, init));
  const errors: SplitPayError[] = [];
  const handle = mount(page.container, { ...base, fetch, onError: (error) => errors.push(error) });
  await until(() => page.text(page.container).includes('Remaining to pay'));
  page.button('Pay with Apple Pay (€120.00)').click();
  expect(apple.sheet.calls).toEqual(['new(3)', 'begin']);
  apple.session().onvalidatemerchant?.({ validationURL: VALIDATION_URL });
  return { page, apple, calls, errors, handle };
}

describe('mount: Apple Pay merchant validation', () => {
  it("asks the service's wallet-session door for the started attempt, with the page's host name and the validation URL, and completes with its session", async () => {
    const { apple, calls, handle } = await payWithApplePay({ status: 200, body: { walletSession: MERCHANT_SESSION } }, []);
    await until(() => apple.sheet.merchantSessions.length > 0);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET https://pay.example/elements/session', 'POST https://pay.example/elements/session/attempts', `POST ${DOOR}`]);
    expect(calls[2]?.body).toEqual({ input: { method: 'applepay', domainName: 'shop.example', validationUrl: VALIDATION_URL } });
    expect(calls[2]?.headers.Authorization).toBe('Bearer pst_unit');
    expect(apple.sheet.merchantSessions).toEqual([MERCHANT_SESSION]);
    handle.unmount();
  });

  it('aborts the sheet, abandons the attempt and tells the payer when the service answers no wallet session', async () => {
    const abandoned = pendingView({ methods: [applePayMethod], attempts: [attempt({ attemptId: 'a1', method: 'applepay', methodId: 'applepay', status: 'CANCELLED', granted: { amount: 0, currency: 'EUR' }, requested: { amount: 12000, currency: 'EUR' } })] });
    const { page, apple, calls, errors, handle } = await payWithApplePay({ status: 200, body: {} }, [abandoned]);
    await until(() => errors.length > 0);
    expect(apple.sheet.calls).toEqual(['new(3)', 'begin', 'abort']);
    expect(calls.map((c) => `${c.method} ${c.url}`).slice(2)).toEqual([`POST ${DOOR}`, 'POST https://pay.example/elements/session/attempts/a1/abandon']);
    expect(errors.map((e) => e.code)).toEqual(['WalletSessionUnavailable']);
    await until(() => page.text(page.container).includes('Apple Pay could not be opened. Try again, or choose another method.'));
    handle.unmount();
  });

  it("never calls the door when the view's Apple Pay entry says merchantValidation 'none': the sheet is completed with an empty session", async () => {
    const page = merchantPage();
    const apple = standInApplePay();
    (page.dom.window as unknown as { ApplePaySession: unknown }).ApplePaySession = apple.ctor;
    const none: MethodView = { ...applePayMethod, merchantValidation: 'none' };
    const started = pendingView({ methods: [none], attempts: [attempt({ attemptId: 'a1', method: 'applepay', methodId: 'applepay', status: 'AUTHORIZING', granted: { amount: 0, currency: 'EUR' }, requested: { amount: 12000, currency: 'EUR' } })] });
    const { fetch, calls } = scriptedFetch([pendingView({ methods: [none] }), { status: 201, body: { attemptId: 'a1', view: started } }]);
    const errors: SplitPayError[] = [];
    const handle = mount(page.container, { ...base, fetch, onError: (error) => errors.push(error) });
    await until(() => page.text(page.container).includes('Remaining to pay'));
    page.button('Pay with Apple Pay (€120.00)').click();
    apple.session().onvalidatemerchant?.({ validationURL: VALIDATION_URL });
    await until(() => apple.sheet.merchantSessions.length > 0);
    expect(apple.sheet.merchantSessions).toEqual([{}]);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET https://pay.example/elements/session', 'POST https://pay.example/elements/session/attempts']);
    expect(apple.sheet.calls).not.toContain('abort');
    expect(errors).toEqual([]);
    handle.unmount();
  });
});

const applePayAttempt = (status: 'AUTHORIZING' | 'AUTHORIZED' | 'DECLINED' | 'CANCELLED') =>
  attempt({ attemptId: 'a1', method: 'applepay', methodId: 'applepay', status, granted: { amount: status === 'AUTHORIZED' ? 12000 : 0, currency: 'EUR' }, requested: { amount: 12000, currency: 'EUR' }, ...(status === 'DECLINED' ? { declineCategory: 'bank-refusal' as const } : {}) });
const WALLET_SESSION = { status: 200, body: { walletSession: MERCHANT_SESSION } };

/** The sheet validated, then authorized by the payer: its token goes to the confirm. */
async function authorize(run: Awaited<ReturnType<typeof payWithApplePay>>): Promise<void> {
  await until(() => run.apple.sheet.merchantSessions.length > 0);
  run.apple.session().onpaymentauthorized?.({ payment: { token: { paymentData: { version: 'EC_v1' } } } });
  await until(() => run.apple.sheet.results.length > 0);
}

describe('mount: the Apple Pay sheet completed with what the confirm answered', () => {
  it.each([
    ['DECLINED', 'STATUS_FAILURE', 'Your Apple Pay payment of €120.00 was declined: your bank refused it.'],
    ['CANCELLED', 'STATUS_FAILURE', undefined],
    ['AUTHORIZED', 'STATUS_SUCCESS', undefined],
    ['AUTHORIZING', 'STATUS_SUCCESS', undefined],
  ] as const)('an answer whose view shows the attempt %s completes the sheet with %s', async (status, result, said) => {
    const run = await payWithApplePay(WALLET_SESSION, [{ status: 200, body: { view: pendingView({ methods: [applePayMethod], attempts: [applePayAttempt(status)], revision: 5 }) } }]);
    await authorize(run);
    expect(run.apple.sheet.results).toEqual([run.apple.ctor[result]]);
    expect(run.apple.sheet.calls.filter((c) => c === 'completePayment')).toHaveLength(1);
    expect(run.errors).toEqual([]);
    if (said) expect(run.page.text(run.page.container)).toContain(said);
    run.handle.unmount();
  });

  it.each([
    ['answers 4xx', { status: 400, body: { code: 'InvalidRequest', message: 'paymentToken is not a string' } }, false, 'InvalidRequest', 'The details sent were not accepted. Check them and try again.'],
  ] as const)('a confirm the service refuses (%s) reads the view at once, completes the sheet with STATUS_FAILURE and tells the payer on the form, the attempt still in flight shown', async (_case, answer, lost, code, message) => {
    const stillInFlight = pendingView({ methods: [applePayMethod], attempts: [applePayAttempt('AUTHORIZING')], revision: 3 });
    const run = await payWithApplePay(WALLET_SESSION, [...(lost ? [] : [answer]), stillInFlight], lost);
    await authorize(run);
    expect(run.apple.sheet.results).toEqual([run.apple.ctor.STATUS_FAILURE]);
    // Read before the sheet was told (D97): the page shows at once whether the attempt is still in flight.
    const sent = run.calls.map((c) => `${c.method} ${c.url.replace('https://pay.example', '')}`);
    expect(sent.slice(3)).toEqual([...(lost ? [] : ['POST /elements/session/attempts/a1/confirm']), 'GET /elements/session']);
    await until(() => run.errors.length > 0);
    expect(run.errors.map((e) => e.code)).toEqual([code]);
    await until(() => run.page.text(run.page.container).includes(message));
    expect(run.apple.sheet.calls.filter((c) => c === 'completePayment')).toHaveLength(1);
    expect(run.page.button('Stop the €120.00 Apple Pay payment').disabled).toBe(false);
    run.handle.unmount();
  });

  it.each([
    ['times out at a gateway (504 without an envelope)', { status: 504, body: '<html>Gateway Timeout</html>' }, false, 'Http504'],
    ['is lost on the way', { status: 200, body: {} }, true, 'NetworkError'],
  ] as const)('a confirm that %s while the view read at once shows the attempt in flight claims no failure: the sheet is closed without a verdict, the page says the payment is being confirmed and polls on (D102-d)', async (_case, answer, lost, code) => {
    const stillInFlight = pendingView({ methods: [applePayMethod], attempts: [applePayAttempt('AUTHORIZING')], revision: 3 });
    const run = await payWithApplePay(WALLET_SESSION, [...(lost ? [] : [answer]), stillInFlight], lost);
    await until(() => run.apple.sheet.merchantSessions.length > 0);
    run.apple.session().onpaymentauthorized?.({ payment: { token: { paymentData: { version: 'EC_v1' } } } });
    await until(() => run.apple.sheet.calls.includes('abort'));
    expect(run.apple.sheet.results).toEqual([]);
    await until(() => run.errors.length > 0);
    expect(run.errors.map((e) => e.code)).toEqual([code]);
    const text = run.page.text(run.page.container);
    expect(text).not.toContain('The connection failed');
    expect(text).not.toContain('Something went wrong');
    expect(run.page.role('alert')[0]?.textContent ?? '').toBe('');
    expect(run.page.role('status')[0]?.textContent?.trim()).toBe('Confirming your payment…');
    expect(run.page.button('Stop the €120.00 Apple Pay payment').disabled).toBe(false);
    run.handle.unmount();
  });

  it('a sheet Apple closes while the confirm is unanswered abandons nothing; the confirm then lost, the page shows the attempt being confirmed and polls on (D102-f)', async () => {
    let lose: () => void = () => undefined;
    const stillInFlight = pendingView({ methods: [applePayMethod], attempts: [applePayAttempt('AUTHORIZING')], revision: 3 });
    const run = await payWithApplePay(WALLET_SESSION, [stillInFlight], new Promise<void>((resolve) => (lose = resolve)));
    await until(() => run.apple.sheet.merchantSessions.length > 0);
    run.apple.session().onpaymentauthorized?.({ payment: { token: { paymentData: { version: 'EC_v1' } } } });
    await until(() => run.calls.length === 3 && run.page.role('status')[0]?.textContent?.trim() === 'Confirming your payment…');
    run.apple.session().oncancel?.({});
    lose();
    await until(() => run.calls.length >= 4);
    const sent = run.calls.map((c) => `${c.method} ${c.url.replace('https://pay.example', '')}`);
    expect(sent.slice(3)).toEqual(['GET /elements/session']);
    expect(run.apple.sheet.calls.slice(2)).toEqual(['completeMerchantValidation']);
    await until(() => run.errors.length > 0);
    expect(run.errors.map((e) => e.code)).toEqual(['NetworkError']);
    await until(() => run.page.role('status')[0]?.textContent?.trim() === 'Confirming your payment…');
    expect(run.page.role('alert')[0]?.textContent ?? '').toBe('');
    expect(run.page.button('Stop the €120.00 Apple Pay payment').disabled).toBe(false);
    run.handle.unmount();
  });

  it('a decline the confirm answers empties the status region, which said "Confirming your payment…" while the sheet was open', async () => {
    const run = await payWithApplePay(WALLET_SESSION, [{ status: 200, body: { view: pendingView({ methods: [applePayMethod], attempts: [applePayAttempt('DECLINED')], revision: 5 }) } }]);
    const status = run.page.role('status')[0] as HTMLElement;
    await until(() => run.apple.sheet.merchantSessions.length > 0);
    expect(status.textContent?.trim()).toBe('Confirming your payment…');
    await authorize(run);
    await until(() => run.page.role('alert')[0]?.textContent === 'Your Apple Pay payment of €120.00 was declined: your bank refused it.');
    expect(status.textContent).toBe('');
    run.handle.unmount();
  });

  it("a confirm whose answer is lost while the PSP declined: the view read at once shows the decline, the sheet says it failed, no error is said", async () => {
    const declined = pendingView({ methods: [applePayMethod], attempts: [applePayAttempt('DECLINED')], revision: 3 });
    const run = await payWithApplePay(WALLET_SESSION, [declined], true);
    await authorize(run);
    expect(run.apple.sheet.results).toEqual([run.apple.ctor.STATUS_FAILURE]);
    await until(() => run.page.text(run.page.container).includes('Your Apple Pay payment of €120.00 was declined: your bank refused it.'));
    expect(run.errors).toEqual([]);
    run.handle.unmount();
  });
});

describe("mount: the Apple Pay sheet's total, by ISO 4217's decimals as the view states them (minorUnits, D149-f)", () => {
  it.each([
    ['IQD', 1_500, 'IQD\u00a01.500', '1.500'],
    ['HUF', 10_000, 'HUF\u00a0100.00', '100.00'],
  ])('%s %i minor units: the button says %j, the sheet is asked %s', async (currency, total, shown, asked) => {
    const page = merchantPage();
    const apple = standInApplePay();
    (page.dom.window as unknown as { ApplePaySession: unknown }).ApplePaySession = apple.ctor;
    const money = { amount: total, currency };
    const view = pendingView({ currency, minorUnits: currency === 'IQD' ? 3 : 2, total: money, remaining: money, methods: [applePayMethod], cartItems: [{ label: 'Sofa', quantity: 1, amount: money }] });
    const { fetch } = scriptedFetch([view]);
    const handle = mount(page.container, { ...base, fetch });
    await until(() => page.text(page.container).includes('Remaining to pay'));
    page.button(`Pay with Apple Pay (${shown})`).click();
    expect(apple.sheet.request?.total).toEqual({ label: 'order-1', amount: asked });
    handle.unmount();
  });
});

describe('mount: the Apple Pay confirm refused with the elements token (InvalidElementsToken, 401)', () => {
  it('reports it to onError once, not once for the view read at once and again for the confirm', async () => {
    const refused = { status: 401, body: { code: 'InvalidElementsToken', message: 'The elements token is absent, unknown or expired' } };
    const run = await payWithApplePay(WALLET_SESSION, [refused, refused, refused]);
    await until(() => run.apple.sheet.merchantSessions.length > 0);
    run.apple.session().onpaymentauthorized?.({ payment: { token: { paymentData: { version: 'EC_v1' } } } });
    await until(() => run.page.text(run.page.container).includes('This payment link has expired. Reload the page.'));
    await until(() => run.errors.length > 0);
    for (let i = 0; i < 20; i += 1) await new Promise((resolve) => setImmediate(resolve));
    expect(run.errors.map((e) => e.code)).toEqual(['InvalidElementsToken']);
    run.handle.unmount();
  });
});

describe('mount: the Apple Pay button with an amount the field cannot read', () => {
  it('names no amount in its accessible name (never "(€0.00)")', async () => {
    const page = merchantPage();
    const apple = standInApplePay();
    (page.dom.window as unknown as { ApplePaySession: unknown }).ApplePaySession = apple.ctor;
    const { fetch } = scriptedFetch([pendingView({ methods: [{ ...applePayMethod, range: { min: 100, max: 12_000, currency: 'EUR' } }] })]);
    const handle = mount(page.container, { ...base, fetch });
    await until(() => page.doc.querySelector('.sp-applepay-button') !== null);
    const button = () => page.doc.querySelector('.sp-applepay-button') as HTMLButtonElement;
    expect(button().getAttribute('aria-label')).toBe('Pay with Apple Pay (€120.00)');
    page.type(page.byLabel('Amount to pay with this method'), '1,5');
    await until(() => button().getAttribute('aria-label') !== 'Pay with Apple Pay (€120.00)');
    expect(button().getAttribute('aria-label') ?? page.text(button())).toBe('Pay with Apple Pay');
    expect(button().getAttribute('aria-label') ?? '').not.toContain('€');
    handle.unmount();
  });
});

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
async function payWithApplePay(walletSessionAnswer: { status: number; body: unknown }, after: Parameters<typeof scriptedFetch>[0]) {
  const page = merchantPage();
  const apple = standInApplePay();
  (page.dom.window as unknown as { ApplePaySession: unknown }).ApplePaySession = apple.ctor;
  const started = pendingView({ methods: [applePayMethod], attempts: [attempt({ attemptId: 'a1', method: 'applepay', methodId: 'applepay', status: 'AUTHORIZING', granted: { amount: 0, currency: 'EUR' }, requested: { amount: 12000, currency: 'EUR' } })] });
  const { fetch, calls } = scriptedFetch([pendingView({ methods: [applePayMethod] }), { status: 201, body: { attemptId: 'a1', view: started } }, walletSessionAnswer, ...after]);
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

import { PAYMENT_REQUEST_WITHIN_MS } from '../client/elements-client';
import type { SplitPayError } from '../client/split-pay-error';
import { standInApplePay, VALIDATION_URL } from '../testing/apple-pay.fixture';
import { merchantPage, settled, until } from '../testing/dom.fixture';
import { heldFetch } from '../testing/held-fetch.fixture';
import { heldPollOptions, payerPressedPay } from '../testing/pay-pressed.fixture';
import { attempt, pendingView } from '../testing/view.fixture';
import type { AttemptStatus, MethodView } from '../types/session-view';
import { mount } from './mount';

const applePayMethod: MethodView = { method: 'applepay', id: 'applepay', eligible: true, merchantValidation: 'none' };
const applePayAttempt = (status: AttemptStatus) =>
  attempt({ attemptId: 'a1', method: 'applepay', methodId: 'applepay', status, granted: { amount: status === 'AUTHORIZED' ? 12000 : 0, currency: 'EUR' }, requested: { amount: 12000, currency: 'EUR' }, ...(status === 'DECLINED' ? { declineCategory: 'bank-refusal' as const } : {}) });
const viewWith = (status: AttemptStatus, revision: number) => pendingView({ methods: [applePayMethod], attempts: [applePayAttempt(status)], revision });
const connectionFailed = 'The connection failed. Check it and try again.';
/** No poll leaves before the deadline passes: every read seen is the one the lost answer asks for. */
const POLLS_AFTER_THE_DEADLINE = { minMs: 60_000, maxMs: 60_000, idleMs: 60_000 };

/** Apple Pay chosen and its sheet authorized: the confirm is sent and held (answered by nobody). */
async function confirmSentAndHeld() {
  const page = merchantPage();
  const apple = standInApplePay();
  (page.dom.window as unknown as { ApplePaySession: unknown }).ApplePaySession = apple.ctor;
  const server = heldFetch();
  const errors: SplitPayError[] = [];
  const handle = mount(page.container, { ...heldPollOptions, poll: POLLS_AFTER_THE_DEADLINE, fetch: server.fetch, onError: (error) => errors.push(error) });
  server.request(0).answer({ view: pendingView({ methods: [applePayMethod], revision: 1 }) });
  await until(() => page.text(page.container).includes('Remaining to pay'));
  page.button('Pay with Apple Pay (€120.00)').click();
  apple.session().onvalidatemerchant?.({ validationURL: VALIDATION_URL });
  await until(() => server.requests.length === 2);
  server.request(1).answer({ attemptId: 'a1', view: viewWith('AUTHORIZING', 2) }, 201);
  await until(() => apple.sheet.merchantSessions.length > 0);
  apple.session().onpaymentauthorized?.({ payment: { token: { paymentData: { version: 'EC_v1' } } } });
  await until(() => server.requests.length === 3);
  expect(server.request(2)).toMatchObject({ method: 'POST', path: '/elements/session/attempts/a1/confirm' });
  return { page, apple, server, errors, handle };
}

/**
 * A request that drives a payment (a start, a wallet confirm) gets an answer within
 * PAYMENT_REQUEST_WITHIN_MS or is treated as an answer lost on the way (D91, D97): the view is read at
 * once, nothing is sent again, and the form is not left busy.
 */
describe('mount: a payment request left unanswered', () => {
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] }));
  afterEach(() => jest.useRealTimers());

  it('a card start: waits until the deadline, then reads the session with Pay still disabled, and gives Pay back when it shows no new attempt', async () => {
    const { page, server, handle } = await payerPressedPay(pendingView(), { poll: POLLS_AFTER_THE_DEADLINE });
    await jest.advanceTimersByTimeAsync(PAYMENT_REQUEST_WITHIN_MS - 1);
    expect(server.requests).toHaveLength(2);
    expect(page.button('Processing your payment…').disabled).toBe(true);

    await jest.advanceTimersByTimeAsync(1);
    await until(() => server.requests.length === 3);
    expect(server.request(2)).toMatchObject({ method: 'GET', path: '/elements/session' });
    expect(page.button('Processing your payment…').disabled).toBe(true);
    server.request(2).answer({ view: pendingView() });
    await until(() => page.text(page.container).includes(connectionFailed));
    expect(page.button('Pay €40.00 with Card').disabled).toBe(false);
    // Nothing was sent again: the next press carries the same key (D91).
    expect(server.requests).toHaveLength(3);
    handle.unmount();
  });

  it('an Apple Pay confirm: at the deadline the view is read; a verdict it shows completes the sheet, said as a confirm answer would be', async () => {
    const { page, apple, server, errors, handle } = await confirmSentAndHeld();
    await jest.advanceTimersByTimeAsync(PAYMENT_REQUEST_WITHIN_MS - 1);
    expect(apple.sheet.results).toEqual([]);
    expect(server.requests).toHaveLength(3);

    await jest.advanceTimersByTimeAsync(1);
    await until(() => server.requests.length === 4);
    expect(server.request(3)).toMatchObject({ method: 'GET', path: '/elements/session' });
    server.request(3).answer({ view: viewWith('DECLINED', 3) });
    await until(() => apple.sheet.results.length > 0);
    expect(apple.sheet.results).toEqual([apple.ctor.STATUS_FAILURE]);
    await until(() => page.text(page.container).includes('Your Apple Pay payment of €120.00 was declined: your bank refused it.'));
    expect(errors).toEqual([]);
    expect(server.requests.filter((r) => r.path.endsWith('/confirm'))).toHaveLength(1);
    handle.unmount();
  });

  it('an Apple Pay confirm: at the deadline, an attempt the view shows still in flight is an outcome unknown: the sheet is closed without a verdict, nothing says it failed, polling goes on (D102-d)', async () => {
    const { page, apple, server, errors, handle } = await confirmSentAndHeld();
    await jest.advanceTimersByTimeAsync(PAYMENT_REQUEST_WITHIN_MS);
    await until(() => server.requests.length === 4);
    server.request(3).answer({ view: viewWith('AUTHORIZING', 2) });
    await until(() => apple.sheet.calls.includes('abort'));
    expect(apple.sheet.results).toEqual([]);
    await until(() => errors.length > 0);
    expect(errors.map((e) => [e.code, e.message])).toEqual([['NetworkError', 'no answer in time']]);
    await settled();
    expect(page.text(page.container)).not.toContain(connectionFailed);
    // The attempt in flight is shown, with its Stop offered (nothing left busy), and the next poll brings its verdict.
    expect(page.button('Stop the €120.00 Apple Pay payment').disabled).toBe(false);
    await jest.advanceTimersByTimeAsync(POLLS_AFTER_THE_DEADLINE.maxMs);
    await until(() => server.requests.length === 5);
    expect(server.request(4)).toMatchObject({ method: 'GET', path: '/elements/session' });
    expect(server.requests.filter((r) => r.path.endsWith('/confirm'))).toHaveLength(1);
    handle.unmount();
  });
});

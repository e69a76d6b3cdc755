import { settled, until } from '../testing/dom.fixture';
import { payerPressedPay } from '../testing/pay-pressed.fixture';
import { attempt, pendingView } from '../testing/view.fixture';

const held = pendingView({ remaining: { amount: 8000, currency: 'EUR' }, attempts: [attempt({ status: 'AUTHORIZED' })] });
const connectionFailed = 'The connection failed. Check it and try again.';

/**
 * The start's answer is lost (no answer at all): the service may have held the money. The page keeps
 * Pay disabled and reads the session at once, and a press of Pay sent again carries the same
 * idempotency-key, so that the service answers the attempt it made instead of a second hold (D91).
 */
describe('mount: a start whose answer is lost', () => {
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] }));
  afterEach(() => jest.useRealTimers());

  it('sends an idempotency-key with the start', async () => {
    const { server, handle } = await payerPressedPay(pendingView());
    expect(server.request(1).idempotencyKey).toMatch(/^[0-9a-z]{10,64}$/);
    handle.unmount();
  });

  it('reads the session at once with Pay still disabled, and shows the hold it made with the card cleared', async () => {
    const { page, server, handle } = await payerPressedPay(pendingView());
    server.request(1).lose();
    await until(() => server.requests.length === 3);
    expect(server.request(2)).toMatchObject({ method: 'GET', path: '/elements/session' });
    expect(page.button('Processing your payment…').disabled).toBe(true);
    expect(page.text(page.container)).not.toContain(connectionFailed);

    server.request(2).answer({ view: held });
    await until(() => page.text(page.doc.querySelector('.sp-remaining')) === 'Remaining to pay: €80.00 of €120.00');
    await settled();
    expect(page.byLabel('Card number').value).toBe('');
    expect(page.button('Pay €80.00 with Card').disabled).toBe(false);
    expect(page.text(page.container)).not.toContain(connectionFailed);
    handle.unmount();
  });

  it('gives Pay back with the card typed when the session shows no new attempt, and a second press sends the same key', async () => {
    const { page, server, handle } = await payerPressedPay(pendingView());
    const key = server.request(1).idempotencyKey;
    server.request(1).lose();
    await until(() => server.requests.length === 3);
    server.request(2).answer({ view: pendingView() });
    await until(() => page.text(page.container).includes(connectionFailed));
    expect(page.button('Pay €40.00 with Card').disabled).toBe(false);
    expect(page.byLabel('Card number').value).toBe('4111 1111 1111 1111');

    page.button('Pay €40.00 with Card').click();
    await until(() => server.requests.length === 4);
    expect(server.request(3)).toMatchObject({ method: 'POST', path: '/elements/session/attempts', idempotencyKey: key });
    server.request(3).answer({ attemptId: held.attempts[0]?.attemptId, view: held }, 201);
    await until(() => page.text(page.doc.querySelector('.sp-remaining')) === 'Remaining to pay: €80.00 of €120.00');

    // Answered: the next press is another payment, under another key.
    page.type(page.byLabel('Amount to pay with this method'), '20');
    page.type(page.byLabel('Card number'), '4111 1111 1111 1111');
    page.type(page.byLabel('Expiry date'), '12/30');
    page.type(page.byLabel('Security code'), '123');
    page.button('Pay €20.00 with Card').click();
    await until(() => server.requests.length === 5);
    expect(server.request(4).idempotencyKey).toMatch(/^[0-9a-z]{10,64}$/);
    expect(server.request(4).idempotencyKey).not.toBe(key);
    handle.unmount();
  });

  it('a 5xx whose start recorded an attempt (the PSP gave no usable answer, D131): the view read at once shows it being confirmed, reported to onError, never said failed', async () => {
    const errors: string[] = [];
    const inFlight = pendingView({ remaining: { amount: 8000, currency: 'EUR' }, attempts: [attempt({ status: 'AUTHORIZING' })] });
    const { page, server, handle } = await payerPressedPay(pendingView(), { onError: (error) => errors.push(error.code) });
    server.request(1).answer({ code: 'InternalError', message: 'The payment provider gave no answer to the payment: read the session for its outcome' }, 500);
    await until(() => server.requests.length === 3);
    expect(server.request(2)).toMatchObject({ method: 'GET', path: '/elements/session' });
    server.request(2).answer({ view: inFlight });
    await until(() => page.text(page.container).includes('Confirming your payment…'));
    await settled();
    expect(page.text(page.container)).not.toContain('Something went wrong');
    expect(errors).toEqual(['InternalError']);
    handle.unmount();
  });

  it('a 5xx whose session shows no new attempt: the failure is said with Pay back, and a second press sends the same key', async () => {
    const { page, server, handle } = await payerPressedPay(pendingView());
    const key = server.request(1).idempotencyKey;
    server.request(1).answer({ code: 'InternalError', message: 'down' }, 500);
    await until(() => server.requests.length === 3);
    server.request(2).answer({ view: pendingView() });
    await settled();
    expect(page.button('Pay €40.00 with Card').disabled).toBe(false);
    page.button('Pay €40.00 with Card').click();
    await until(() => server.requests.length === 4);
    expect(server.request(3)).toMatchObject({ method: 'POST', path: '/elements/session/attempts', idempotencyKey: key });
    handle.unmount();
  });
});

import { merchantPage, settled, until } from '../testing/dom.fixture';
import { heldFetch } from '../testing/held-fetch.fixture';
import { heldPollOptions, payerPressedPay as pressedPayOn, pollLeaves } from '../testing/pay-pressed.fixture';
import { attempt, pendingView } from '../testing/view.fixture';
import { mount } from './mount';

const started = pendingView({ attempts: [attempt({ status: 'AUTHORIZING' })] });
const held = pendingView({ remaining: { amount: 8000, currency: 'EUR' }, attempts: [attempt({ status: 'AUTHORIZED' })] });
const paid = pendingView({ status: 'PAID', remaining: { amount: 0, currency: 'EUR' }, attempts: [attempt({ status: 'CAPTURED', granted: { amount: 12_000, currency: 'EUR' }, requested: { amount: 12_000, currency: 'EUR' } })] });

/** The payer's page on a first view without attempts, a card typed and Pay pressed: the start is sent and held. */
const payerPressedPay = (options: Parameters<typeof pressedPayOn>[1] = {}) => pressedPayOn(pendingView(), options);

describe('mount: an answer older than the view shown is not drawn', () => {
  // The test's clock: a poll leaves when the test says, between the start and its answer.
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] }));
  afterEach(() => jest.useRealTimers());

  it("a start answered after a poll sent later showed its hold: the hold stays drawn, the start's answer still ends the wait", async () => {
    const changes: string[] = [];
    const { page, server, handle } = await payerPressedPay({ onChange: (view) => changes.push(view.attempts.map((a) => a.status).join() || 'none') });
    await pollLeaves();
    expect(server.request(2)).toMatchObject({ method: 'GET', path: '/elements/session' });
    server.request(2).answer({ view: held });
    await until(() => page.text(page.role('status')[0]) === '€40.00 held on Card; €80.00 remaining.');

    server.request(1).answer({ attemptId: held.attempts[0]?.attemptId, view: started }, 201);
    await settled();
    // The start's own result is kept: the page is no longer busy, the typed card is gone.
    expect(page.button('Pay €80.00 with Card').disabled).toBe(false);
    expect(handle.getView()?.attempts.map((a) => a.status)).toEqual(['AUTHORIZED']);
    expect(page.text(page.doc.querySelector('.sp-remaining'))).toBe('Remaining to pay: €80.00 of €120.00');
    expect(page.text(page.container)).not.toContain('Confirming your payment…');
    expect(page.text(page.role('status')[0])).not.toBe('Confirming your payment…');
    expect(page.byLabel('Card number').value).toBe('');
    expect(changes).toEqual(['none', 'AUTHORIZED']);
    handle.unmount();
  });

  it('a start answered after a poll sent later showed the session PAID: the end stays drawn, told once', async () => {
    const ends: string[] = [];
    const changes: string[] = [];
    const { page, server, handle } = await payerPressedPay({ onEnd: (event) => ends.push(event.status), onChange: (view) => changes.push(view.status) });
    const screenHeading = () => page.text(page.doc.querySelector('.sp-screen-heading'));
    await pollLeaves();
    server.request(2).answer({ view: paid });
    await until(() => screenHeading() === 'Payment complete. Thank you!');

    server.request(1).answer({ attemptId: paid.attempts[0]?.attemptId, view: started }, 201);
    await settled();
    expect(handle.getView()?.status).toBe('PAID');
    expect(screenHeading()).toBe('Payment complete. Thank you!');
    expect(page.container.querySelector('input[type=radio]')).toBeNull();
    expect(ends).toEqual(['PAID']);
    expect(changes).toEqual(['PENDING', 'PAID']);
    // Ended: nothing more is read.
    await pollLeaves();
    expect(server.requests).toHaveLength(3);
    handle.unmount();
  });

  it("a poll in flight when the start's answer was drawn is not drawn after it (the service may have read the session before the start)", async () => {
    const { page, server, handle } = await payerPressedPay();
    await pollLeaves();
    server.request(1).answer({ attemptId: started.attempts[0]?.attemptId, view: started }, 201);
    await until(() => page.text(page.container).includes('Confirming your payment…'));

    server.request(2).answer({ view: pendingView() });
    await settled();
    expect(handle.getView()?.attempts.map((a) => a.status)).toEqual(['AUTHORIZING']);
    expect(page.text(page.container)).toContain('Confirming your payment…');
    handle.unmount();
  });

  it("follows the redirect a start answered though its view was dropped: the poll drawn had read the session before the attempt existed", async () => {
    const page = merchantPage();
    const server = heldFetch();
    const navigated: string[] = [];
    const handle = mount(page.container, { ...heldPollOptions, fetch: server.fetch, navigate: (url) => navigated.push(url) });
    server.request(0).answer({ view: pendingView() });
    await until(() => page.text(page.container).includes('Remaining to pay'));
    page.check(page.doc.querySelector<HTMLInputElement>('input[value="paypal"]') as HTMLInputElement);
    page.button('Pay €120.00 with PayPal').click();
    await until(() => server.requests.length === 2);
    await pollLeaves();
    server.request(2).answer({ view: pendingView() });
    await settled();

    const toPayPal = attempt({ method: 'paypal', methodId: 'paypal', status: 'AUTHORIZING', requested: { amount: 12_000, currency: 'EUR' }, granted: { amount: 0, currency: 'EUR' }, redirect: { kind: 'navigate', url: 'https://psp.example/approve' } });
    server.request(1).answer({ attemptId: toPayPal.attemptId, view: pendingView({ attempts: [toPayPal] }) }, 201);
    await until(() => navigated.length > 0);
    expect(navigated).toEqual(['https://psp.example/approve']);
    handle.unmount();
  });
});

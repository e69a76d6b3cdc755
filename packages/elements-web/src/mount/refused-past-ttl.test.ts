import { settled, until } from '../testing/dom.fixture';
import { payerPressedPay } from '../testing/pay-pressed.fixture';
import { pendingView } from '../testing/view.fixture';

/**
 * A start refused SessionNotPending while the view shown still says PENDING: the session's time to
 * live passed and the expiry worker has not run yet (D149-a). The page reads the view at once and
 * says what happened, not "This payment can no longer be changed".
 */
describe('mount: a start refused SessionNotPending', () => {
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] }));
  afterEach(() => jest.useRealTimers());

  const refusal = { code: 'SessionNotPending', message: 'The session no longer accepts decisions (PENDING)' };

  it('the view read at once still PENDING (its ttl passed, not expired yet): the payment expired is said, at once', async () => {
    const { page, server, handle } = await payerPressedPay(pendingView());
    server.request(1).answer(refusal, 409);
    await until(() => server.requests.length === 3);
    expect(server.request(2)).toMatchObject({ method: 'GET', path: '/elements/session' });
    // The doors refuse it, so the view says nothing is eligible any more; its status is still PENDING.
    server.request(2).answer({ view: pendingView({ methods: pendingView().methods.map((m) => ({ ...m, eligible: false })) }) });
    await until(() => page.container.querySelector('.sp-notice--danger') !== null);
    expect(page.text(page.container.querySelector('.sp-notice--danger'))).toBe('The payment expired. Nothing was taken.');
    expect(page.text(page.role('alert')[0])).toContain('The payment expired. Nothing was taken.');
    expect(page.text(page.container)).not.toContain('can no longer be changed');
    handle.unmount();
  });

  it('the view read at once ended: its ending is shown, and the refusal is not said', async () => {
    const { page, server, handle } = await payerPressedPay(pendingView());
    server.request(1).answer(refusal, 409);
    await until(() => server.requests.length === 3);
    server.request(2).answer({ view: pendingView({ status: 'ABORTED' }) });
    await until(() => page.container.querySelector('.sp-panel--ended') !== null);
    await settled();
    expect(page.text(page.container)).toContain('The payment was cancelled. Nothing was taken.');
    expect(page.text(page.container)).not.toContain('can no longer be changed');
    handle.unmount();
  });
});

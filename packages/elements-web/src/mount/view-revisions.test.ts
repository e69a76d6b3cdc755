import { settled, until } from '../testing/dom.fixture';
import { payerPressedPay as pressedPayOn, pollLeaves } from '../testing/pay-pressed.fixture';
import { attempt, pendingView } from '../testing/view.fixture';

/**
 * The page orders the views it draws by their revision, the session's stored version (D85), and
 * falls back to the order their requests left in (D73) between equal revisions or without one.
 */

const before = pendingView({ revision: 1 });
const started = pendingView({ revision: 2, attempts: [attempt({ status: 'AUTHORIZING' })] });
const held = pendingView({ revision: 3, remaining: { amount: 8000, currency: 'EUR' }, attempts: [attempt({ status: 'AUTHORIZED' })] });

/** The payer's page on a first view (revision 1), a card typed and Pay pressed: the start is sent and held. */
const payerPressedPay = () => pressedPayOn(before);

describe('mount: views ordered by their revision', () => {
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] }));
  afterEach(() => jest.useRealTimers());

  it("draws a start's answer sent before a poll already drawn when its revision is higher: the tranche in progress shows at once", async () => {
    const { page, server, handle } = await payerPressedPay();
    await pollLeaves();
    expect(server.request(2)).toMatchObject({ method: 'GET', path: '/elements/session' });
    // The poll was served before the start recorded its attempt, and answered first.
    server.request(2).answer({ view: before });
    await settled();

    server.request(1).answer({ attemptId: started.attempts[0]?.attemptId, view: started }, 201);
    await until(() => page.text(page.container).includes('Confirming your payment…'));
    expect(handle.getView()?.revision).toBe(2);
    expect(handle.getView()?.attempts.map((a) => a.status)).toEqual(['AUTHORIZING']);
    handle.unmount();
  });

  it("does not draw a poll read before the start's write (a lower revision) that answers after the start's answer", async () => {
    const { page, server, handle } = await payerPressedPay();
    await pollLeaves();
    server.request(1).answer({ attemptId: started.attempts[0]?.attemptId, view: started }, 201);
    await until(() => page.text(page.container).includes('Confirming your payment…'));

    server.request(2).answer({ view: before });
    await settled();
    expect(handle.getView()?.revision).toBe(2);
    expect(page.text(page.container)).toContain('Confirming your payment…');
    handle.unmount();
  });

  it('does not draw a lower revision answering a request sent after the one shown', async () => {
    const { page, server, handle } = await payerPressedPay();
    server.request(1).answer({ attemptId: held.attempts[0]?.attemptId, view: held }, 201);
    await until(() => page.text(page.role('status')[0]) === '€40.00 held on Card; €80.00 remaining.');
    await pollLeaves();
    expect(server.request(2)).toMatchObject({ method: 'GET', path: '/elements/session' });

    server.request(2).answer({ view: started });
    await settled();
    expect(handle.getView()?.revision).toBe(3);
    expect(page.text(page.container)).not.toContain('Confirming your payment…');
    handle.unmount();
  });

  it("a view without a revision (a service of before D85, in a rolling deploy) falls back to the send order: the start's answer is dropped as D73 said", async () => {
    const { page, server, handle } = await payerPressedPay();
    await pollLeaves();
    // A service of before D85 (a rolling deploy): no revision, so the send order decides.
    const { revision: _r, ...unrevised } = before;
    server.request(2).answer({ view: unrevised });
    await settled();
    server.request(1).answer({ attemptId: started.attempts[0]?.attemptId, view: started }, 201);
    await settled();
    expect(handle.getView()?.attempts).toEqual([]);
    expect(handle.getView()).not.toHaveProperty('revision');
    handle.unmount();
  });
});

import { READ_WITHIN_MS } from '../client/elements-client';
import { merchantPage, settled, until } from '../testing/dom.fixture';
import { heldFetch } from '../testing/held-fetch.fixture';
import { heldPollOptions } from '../testing/pay-pressed.fixture';
import { attempt, pendingView } from '../testing/view.fixture';
import { mount } from './mount';

const confirming = pendingView({
  revision: 2,
  attempts: [attempt({ attemptId: 'a1', method: 'card', methodId: 'card', status: 'AUTHORIZING', granted: { amount: 0, currency: 'EUR' }, requested: { amount: 4000, currency: 'EUR' } })],
});
const cannotReach = 'The payment service cannot be reached. Trying again…';

/**
 * A read of the view (a poll, the wait for a verdict such as 3-D Secure's) that gets no answer is given
 * up at READ_WITHIN_MS (D102-b): the payer is told the service cannot be reached, with a button to check
 * again, the payment shown as it was (never said failed), and polling goes on.
 */
describe('mount: a read of the view left unanswered', () => {
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] }));
  afterEach(() => jest.useRealTimers());

  it('a poll that hangs is given up at the deadline: the page says the service cannot be reached, keeps the payment in flight shown, and reads again', async () => {
    const page = merchantPage();
    const server = heldFetch();
    const handle = mount(page.container, { ...heldPollOptions, fetch: server.fetch });
    server.request(0).answer({ view: confirming });
    await until(() => page.text(page.container).includes('Remaining to pay'));
    await jest.advanceTimersByTimeAsync(heldPollOptions.poll.maxMs);
    await until(() => server.requests.length === 2);
    // The poll is never answered.
    await jest.advanceTimersByTimeAsync(READ_WITHIN_MS);
    await settled();
    expect(page.text(page.container)).toContain(cannotReach);
    expect(page.text(page.container)).not.toMatch(/declined|failed/i);
    await until(() => page.role('status')[0]?.textContent?.includes(cannotReach) === true);

    // Checking again is one press away, and the read it sends brings the page back.
    page.button('Check again').click();
    await until(() => server.requests.length === 3);
    expect(server.request(2)).toMatchObject({ method: 'GET', path: '/elements/session' });
    server.request(2).answer({ view: confirming });
    await until(() => !page.text(page.container).includes(cannotReach));
    handle.unmount();
  });
});

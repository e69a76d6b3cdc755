import { merchantPage, settled, until } from '../testing/dom.fixture';
import { heldFetch } from '../testing/held-fetch.fixture';
import { tabbedPage } from '../testing/tabbed-page.fixture';
import { attempt, pendingView } from '../testing/view.fixture';
import { mount } from './mount';

const base = { elementsToken: 'pst_unit', baseUrl: 'https://pay.example', poll: { minMs: 60_000, maxMs: 60_000, idleMs: 60_000 } };
const confirming = pendingView({ attempts: [attempt({ status: 'AUTHORIZING' })] });
const held = pendingView({ remaining: { amount: 8000, currency: 'EUR' }, attempts: [attempt({ status: 'AUTHORIZED' })] });

/** The page mounted on a first view whose tranche awaits its verdict: the page polls. */
async function confirmingPage() {
  const page = tabbedPage();
  const server = heldFetch();
  const handle = mount(page.container, { ...base, fetch: server.fetch });
  server.request(0).answer({ view: confirming });
  await until(() => page.text(page.container).includes('Confirming your payment…'));
  return { page, server, handle };
}

describe('mount: the payer comes back to the tab', () => {
  // The test's clock stands for the browser's throttled timers of a hidden tab.
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] }));
  afterEach(() => jest.useRealTimers());

  it('reads the view at once while a verdict is awaited, not when the next poll is due, and draws it', async () => {
    const { page, server, handle } = await confirmingPage();
    page.leave();
    await jest.advanceTimersByTimeAsync(10_000);
    expect(server.requests).toHaveLength(1);

    page.comeBack();
    await jest.advanceTimersByTimeAsync(0);
    expect(server.requests).toHaveLength(2);
    expect(server.request(1)).toMatchObject({ method: 'GET', path: '/elements/session' });
    server.request(1).answer({ view: held });
    await until(() => page.text(page.role('status')[0]) === '€40.00 held on Card; €80.00 remaining.');
    handle.unmount();
  });

  it('reads nothing while the tab is hidden, a poll falling due then included, and reads once on return', async () => {
    const { page, server, handle } = await confirmingPage();
    page.leave();
    await jest.advanceTimersByTimeAsync(5 * base.poll.minMs);
    expect(server.requests).toHaveLength(1);

    page.comeBack();
    await jest.advanceTimersByTimeAsync(0);
    expect(server.requests).toHaveLength(2);
    handle.unmount();
  });

  it('sends no second read when one is in flight, but one once it answers (D76: it may have left before the payer acted elsewhere); the schedule then goes on', async () => {
    const { page, server, handle } = await confirmingPage();
    await jest.advanceTimersByTimeAsync(base.poll.minMs);
    expect(server.requests).toHaveLength(2);

    page.leave();
    page.comeBack();
    page.comeBack();
    await jest.advanceTimersByTimeAsync(0);
    expect(server.requests).toHaveLength(2);

    server.request(1).answer({ view: confirming });
    await until(() => server.requests.length === 3);
    await settled();
    expect(server.requests).toHaveLength(3);
    server.request(2).answer({ view: confirming });
    await settled();
    await jest.advanceTimersByTimeAsync(base.poll.minMs - 1);
    expect(server.requests).toHaveLength(3);
    await jest.advanceTimersByTimeAsync(1);
    expect(server.requests).toHaveLength(4);
    handle.unmount();
  });

  it('reads nothing on return once the session ended (polling is over)', async () => {
    const page = tabbedPage();
    const server = heldFetch();
    const handle = mount(page.container, { ...base, fetch: server.fetch });
    server.request(0).answer({ view: pendingView({ status: 'PAID', remaining: { amount: 0, currency: 'EUR' } }) });
    await until(() => page.text(page.container).includes('Payment complete. Thank you!'));
    page.leave();
    page.comeBack();
    await jest.advanceTimersByTimeAsync(0);
    expect(server.requests).toHaveLength(1);
    handle.unmount();
  });

  it('stops listening to the tab once unmounted', async () => {
    const page = tabbedPage();
    const listening = new Set<unknown>();
    const add = page.doc.addEventListener.bind(page.doc);
    const remove = page.doc.removeEventListener.bind(page.doc);
    page.doc.addEventListener = ((type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions) => {
      if (type === 'visibilitychange') listening.add(listener);
      add(type, listener, options);
    }) as Document['addEventListener'];
    page.doc.removeEventListener = ((type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions) => {
      if (type === 'visibilitychange') listening.delete(listener);
      remove(type, listener, options);
    }) as Document['removeEventListener'];
    const server = heldFetch();
    const handle = mount(page.container, { ...base, fetch: server.fetch });
    server.request(0).answer({ view: confirming });
    await until(() => page.text(page.container).includes('Confirming your payment…'));
    expect(listening.size).toBe(1);

    handle.unmount();
    expect(listening.size).toBe(0);
    page.leave();
    page.comeBack();
    await jest.advanceTimersByTimeAsync(0);
    expect(server.requests).toHaveLength(1);
  });
});

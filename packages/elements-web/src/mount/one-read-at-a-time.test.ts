import { settled, until } from '../testing/dom.fixture';
import { heldFetch } from '../testing/held-fetch.fixture';
import { tabbedPage } from '../testing/tabbed-page.fixture';
import { attempt, pendingView } from '../testing/view.fixture';
import { mount } from './mount';

const base = { elementsToken: 'pst_unit', baseUrl: 'https://pay.example', poll: { minMs: 60_000, maxMs: 60_000, idleMs: 60_000 } };
const confirming = pendingView({ attempts: [attempt({ status: 'AUTHORIZING' })] });
const held = pendingView({ remaining: { amount: 8000, currency: 'EUR' }, attempts: [attempt({ status: 'AUTHORIZED' })] });
const reads = (server: ReturnType<typeof heldFetch>) => server.requests.filter((r) => r.method === 'GET');

/**
 * Every read of the view goes through one reader (D76): none leaves while another is in flight; one
 * asked meanwhile leaves once after it answers, however many were asked, and each asker gets its view.
 */
describe('mount: one read of the view at a time, whatever asks for it', () => {
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] }));
  afterEach(() => jest.useRealTimers());

  it('refresh() while the first read is in flight: sent once after it, and both refreshes get the later view', async () => {
    const page = tabbedPage();
    const server = heldFetch();
    const handle = mount(page.container, { ...base, fetch: server.fetch });
    const first = handle.refresh();
    const second = handle.refresh();
    await jest.advanceTimersByTimeAsync(0);
    expect(server.requests).toHaveLength(1);

    server.request(0).answer({ view: confirming });
    await until(() => server.requests.length === 2);
    await settled();
    expect(server.requests).toHaveLength(2);
    expect(server.request(1)).toMatchObject({ method: 'GET', path: '/elements/session' });
    server.request(1).answer({ view: held });
    await expect(first).resolves.toEqual(held);
    await expect(second).resolves.toEqual(held);
    await until(() => page.text(page.role('status')[0]) === '€40.00 held on Card; €80.00 remaining.');
    handle.unmount();
  });

  it('back in the tab while the first read or a refresh() is in flight: no read alongside it, one after it', async () => {
    const page = tabbedPage();
    const server = heldFetch();
    const handle = mount(page.container, { ...base, fetch: server.fetch });
    page.leave();
    page.comeBack();
    await jest.advanceTimersByTimeAsync(0);
    expect(server.requests).toHaveLength(1);
    server.request(0).answer({ view: confirming });
    await until(() => server.requests.length === 2);

    server.request(1).answer({ view: confirming });
    await settled();
    void handle.refresh();
    page.leave();
    page.comeBack();
    await jest.advanceTimersByTimeAsync(0);
    expect(server.requests).toHaveLength(3);
    server.request(2).answer({ view: confirming });
    await until(() => server.requests.length === 4);
    server.request(3).answer({ view: held });
    await until(() => page.text(page.role('status')[0]) === '€40.00 held on Card; €80.00 remaining.');
    handle.unmount();
  });

  it('the read after an AttemptInFlight refusal waits for the poll in flight, leaves after it, and its view is drawn', async () => {
    const page = tabbedPage();
    const server = heldFetch();
    const handle = mount(page.container, { ...base, fetch: server.fetch });
    server.request(0).answer({ view: pendingView() });
    await until(() => page.text(page.container).includes('Remaining to pay'));
    await jest.advanceTimersByTimeAsync(base.poll.idleMs);
    expect(server.request(1)).toMatchObject({ method: 'GET', path: '/elements/session' });

    page.type(page.byLabel('Amount to pay with this method'), '40');
    page.type(page.byLabel('Card number'), '4111 1111 1111 1111');
    page.type(page.byLabel('Expiry date'), '12/30');
    page.type(page.byLabel('Security code'), '123');
    page.button('Pay €40.00 with Card').click();
    await until(() => server.requests.length === 3);
    expect(server.request(2)).toMatchObject({ method: 'POST', path: '/elements/session/attempts' });
    server.request(2).answer({ code: 'AttemptInFlight', message: 'an attempt is in flight' }, 409);
    await settled();
    expect(reads(server)).toHaveLength(2);

    // The poll in flight left before the refusal: the service may have read the session before that attempt.
    server.request(1).answer({ view: pendingView() });
    await until(() => server.requests.length === 4);
    expect(server.request(3)).toMatchObject({ method: 'GET', path: '/elements/session' });
    server.request(3).answer({ view: confirming });
    await until(() => page.text(page.container).includes('Confirming your payment…'));
    handle.unmount();
  });
});

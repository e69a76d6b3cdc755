import { merchantPage, settled, until } from '../testing/dom.fixture';
import { heldFetch } from '../testing/held-fetch.fixture';
import { heldPollOptions } from '../testing/pay-pressed.fixture';
import { attempt, pendingView } from '../testing/view.fixture';
import { mount } from './mount';

const grant = attempt({ status: 'AUTHORIZED', partialAuth: 'mandated', awaitingPartialDecision: true, granted: { amount: 2000, currency: 'EUR' } });
const deciding = pendingView({ remaining: { amount: 10_000, currency: 'EUR' }, attempts: [grant] });
const kept = pendingView({ remaining: { amount: 10_000, currency: 'EUR' }, attempts: [{ ...grant, awaitingPartialDecision: false }] });
const keepName = 'Keep €20.00 and pay the rest another way';

/** A page on the partial-approval prompt; the test answers every request. */
async function onPartialPrompt() {
  const page = merchantPage();
  const server = heldFetch();
  const handle = mount(page.container, { ...heldPollOptions, fetch: server.fetch });
  server.request(0).answer({ view: deciding });
  await until(() => page.text(page.container).includes('Partial approval'));
  return { page, server, handle };
}

describe('mount: a failed action on the partial-approval prompt', () => {
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] }));
  afterEach(() => jest.useRealTimers());

  it('is shown in the prompt, and focus goes back to Keep', async () => {
    const { page, server, handle } = await onPartialPrompt();
    page.button(keepName).focus();
    page.button(keepName).click();
    await until(() => server.requests.length === 2);
    server.request(1).lose();
    await until(() => page.text(page.container.querySelector('.sp-prompt')).includes('The connection failed. Check it and try again.'));
    expect(page.doc.activeElement).toBe(page.button(keepName));
    handle.unmount();
  });

  it('refused 409 because an earlier press already kept the grant: the view is read at once and no error is said', async () => {
    const { page, server, handle } = await onPartialPrompt();
    page.button(keepName).click();
    await until(() => server.requests.length === 2);
    server.request(1).answer({ code: 'PartialAcceptanceNotApplicable', message: 'nothing to accept' }, 409);
    await until(() => server.requests.length === 3);
    expect(server.request(2)).toMatchObject({ method: 'GET', path: '/elements/session' });
    server.request(2).answer({ view: kept });
    await until(() => !page.text(page.container).includes('Partial approval'));
    await settled();
    expect(page.container.querySelector('.sp-notice--danger')).toBeNull();
    expect(page.text(page.role('alert')[0])).toBe('');
    handle.unmount();
  });

  it('refused 409 with nothing moved: the refusal is said once the view is read', async () => {
    const { page, server, handle } = await onPartialPrompt();
    page.button(keepName).click();
    await until(() => server.requests.length === 2);
    server.request(1).answer({ code: 'PartialAcceptanceNotApplicable', message: 'nothing to accept' }, 409);
    await until(() => server.requests.length === 3);
    server.request(2).answer({ view: deciding });
    await until(() => page.container.querySelector('.sp-prompt .sp-notice--danger') !== null);
    handle.unmount();
  });
});

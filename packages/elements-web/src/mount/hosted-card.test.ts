import { merchantPage, until } from '../testing/dom.fixture';
import { ancvMethod, attempt, cardMethod, pendingView, scriptedFetch } from '../testing/view.fixture';
import type { HostedFieldsAdapter, HostedFieldsCardEvents } from '../flows/hosted-fields';
import { heldFetch } from '../testing/held-fetch.fixture';
import type { CardMethodView, SessionView } from '../types/session-view';
import { mount } from './mount';

const base = { elementsToken: 'pst_unit', baseUrl: 'https://pay.example', poll: { minMs: 60_000, maxMs: 60_000, idleMs: 60_000 } };
const hostedCard = { ...(cardMethod as CardMethodView), integration: 'acquirer-hosted' as const, hostedFields: { keyId: 'k1', key: 'pk', sdkUrl: 'https://acquirer.example/card-fields.js' } };
const terms = [{ label: 'CGV', url: 'https://shop.example/cgv' }];
const invalidCardDetails = () => Object.assign(new Error('the card details are incomplete or invalid'), { code: 'invalid-card-details' });

/**
 * A page whose acquirer's adapter mounts a custom element standing for its iframe: like an iframe,
 * which the browser reloads, it notices every time it leaves the document.
 */
function pageWithAcquirerFields(lang = 'en') {
  const page = merchantPage(lang);
  const win = page.dom.window;
  const seen = { mounted: 0, destroyed: 0, detached: 0, log: [] as string[], settings: [] as unknown[], events: undefined as HostedFieldsCardEvents | undefined };
  class AcquirerField extends win.HTMLElement {
    disconnectedCallback(): void {
      seen.detached += 1;
    }
  }
  win.customElements.define('acquirer-field', AcquirerField);
  let tokenize: () => Promise<string> = () => Promise.reject(invalidCardDetails());
  let ready: Promise<void> | undefined;
  const adapter: HostedFieldsAdapter = {
    mount: (container, settings, events) => {
      seen.mounted += 1;
      seen.settings.push(settings);
      seen.events = events;
      container.append(page.doc.createElement('acquirer-field'));
      return {
        ...(ready ? { ready } : {}),
        tokenize: () => {
          seen.log.push('tokenize');
          return tokenize();
        },
        destroy: () => {
          seen.destroyed += 1;
        },
      };
    },
  };
  (win as unknown as Window).SplitPayHostedFields = adapter;
  const field = () => page.container.querySelector('acquirer-field');
  return { ...page, seen, field, answer: (next: () => Promise<string>) => (tokenize = next), readiness: (next: Promise<void>) => (ready = next) };
}

/** The fetch of the page, logging each door it calls (after the first view) in `log`. */
function loggedFetch(answers: Parameters<typeof scriptedFetch>[0], log: string[]) {
  const scripted = scriptedFetch(answers);
  const fetch = (url: string, init: RequestInit) => {
    if (scripted.calls.length > 0) log.push(`${init.method ?? 'GET'} ${new URL(url).pathname}`);
    return scripted.fetch(url, init);
  };
  return { fetch, calls: scripted.calls };
}

describe("an acquirer-hosted card's fields across redraws", () => {
  it('stay in the document, in the same container, through typing, the terms box, a refused card, a polled change and an error elsewhere', async () => {
    const page = pageWithAcquirerFields();
    const view = pendingView({ methods: [hostedCard, ancvMethod], terms });
    const polled: SessionView = { ...view, expiresAt: view.expiresAt + 60_000, cartItems: [{ label: 'Sofa, blue', quantity: 1, amount: view.total }] };
    const { fetch } = scriptedFetch([view, polled]);
    const handle = mount(page.container, { ...base, fetch });
    await until(() => page.field() !== null);
    const container = page.container.querySelector('.sp-hosted-fields');
    const field = page.field();
    const group = page.doc.querySelector('fieldset.sp-card');

    page.type(page.byLabel('Amount to pay with this method'), '100.00');
    page.check(page.byLabel('I accept the terms of sale:'));
    page.button('Pay €100.00 with Card').click();
    await until(() => page.container.querySelector('.sp-card .sp-field__error') !== null);
    expect(page.doc.activeElement).toBe(group);
    await handle.refresh();
    expect(page.text(page.container)).toContain('Sofa, blue');
    page.type(page.byLabel('Amount to pay with this method'), '999.00');
    page.button('Pay €999.00 with Card').click();
    expect(page.doc.querySelector('[aria-invalid="true"]')).toBe(page.byLabel('Amount to pay with this method'));

    expect(page.seen.detached).toBe(0);
    expect(page.container.querySelector('.sp-hosted-fields')).toBe(container);
    expect(page.field()).toBe(field);
    expect(page.doc.querySelector('fieldset.sp-card')).toBe(group);
    // The kept group still takes what each render says: the refusal went with the next Pay.
    expect(group?.hasAttribute('aria-describedby')).toBe(false);
    expect(page.seen.mounted).toBe(1);
    expect(page.seen.destroyed).toBe(0);
    handle.unmount();
    expect(page.seen.destroyed).toBe(1);
  });

  it('are destroyed once the card is no longer shown, and mounted afresh when it is again', async () => {
    const page = pageWithAcquirerFields();
    const view = pendingView({ methods: [hostedCard, ancvMethod] });
    const started = pendingView({ methods: [hostedCard, ancvMethod], attempts: [attempt({ status: 'AUTHORIZING' })] });
    const { fetch } = scriptedFetch([view, { status: 201, body: { attemptId: attempt().attemptId, view: started } }]);
    const handle = mount(page.container, { ...base, fetch });
    await until(() => page.field() !== null);

    page.byLabel('Chèques-Vacances (ANCV)').click();
    expect(page.seen.destroyed).toBe(1);
    expect(page.container.querySelector('.sp-hosted-fields')).toBeNull();
    page.byLabel('Card').click();
    await until(() => page.field() !== null);
    expect(page.seen.mounted).toBe(2);

    // Paid with: the confirming screen shows no card form, so its fields go.
    page.answer(() => Promise.resolve('tok_1'));
    page.button('Pay €120.00 with Card').click();
    await until(() => page.text(page.container).includes('Confirming your payment'));
    expect(page.seen.destroyed).toBe(2);
    expect(page.field()).toBeNull();
    handle.unmount();
    expect(page.seen.destroyed).toBe(2);
  });
});

describe('paying with an acquirer-hosted card and the terms box ticked', () => {
  it('a refused card records no consent; a valid one is tokenized, then the consent recorded, then the attempt started', async () => {
    const page = pageWithAcquirerFields();
    const view = pendingView({ methods: [hostedCard], terms });
    const accepted = { ...view, termsAcceptedAt: Date.now() };
    const started = pendingView({ methods: [hostedCard], terms, termsAcceptedAt: accepted.termsAcceptedAt, attempts: [attempt({ status: 'AUTHORIZING' })] });
    const { fetch } = loggedFetch([view, accepted, { status: 201, body: { attemptId: attempt().attemptId, view: started } }], page.seen.log);
    const handle = mount(page.container, { ...base, fetch });
    await until(() => page.field() !== null);
    page.check(page.byLabel('I accept the terms of sale:'));

    page.button('Pay €120.00 with Card').click();
    await until(() => page.container.querySelector('.sp-card .sp-field__error') !== null);
    expect(page.seen.log).toEqual(['tokenize']);

    page.answer(() => Promise.resolve('tok_1'));
    page.button('Pay €120.00 with Card').click();
    await until(() => page.seen.log.length === 4);
    expect(page.seen.log).toEqual(['tokenize', 'tokenize', 'POST /elements/session/accept-terms', 'POST /elements/session/attempts']);
    handle.unmount();
  });
});

describe("when the acquirer's adapter fails to load", () => {
  it('the card area says so at once (and it is announced and reported), not "Loading" until Pay', async () => {
    const page = merchantPage();
    const { fetch } = scriptedFetch([pendingView({ methods: [{ ...hostedCard, hostedFields: { ...hostedCard.hostedFields, sdkUrl: 'https://acquirer.example/missing.js' } }] })]);
    const errors: string[] = [];
    const handle = mount(page.container, { ...base, fetch, onError: (e) => errors.push(e.code) });
    await until(() => page.doc.querySelector('script') !== null);
    expect(page.text(page.container.querySelector('.sp-hosted-fields'))).toBe('Loading the secure card form…');

    page.doc.querySelector('script')?.dispatchEvent(new page.dom.window.Event('error'));
    await until(() => errors.length === 1);
    expect(errors).toEqual(['LoadError']);
    expect(page.text(page.container.querySelector('.sp-hosted-fields'))).toBe('A part of the payment form could not be loaded.');
    expect(page.text(page.role('alert')[0])).toBe('A part of the payment form could not be loaded.');
    handle.unmount();
  });
});

/** A condition that holds once a timer of the page fired (a bound of a few ms), checked every few ms for a second at most. */
async function soon(done: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !done(); i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
  if (!done()) throw new Error('condition never held');
}

describe("when the acquirer's fields never become usable (the adapter's ready)", () => {
  it('the card area says the form could not be loaded once the bound of the options passed, before any Pay: announced, reported, the fields kept aside (hidden, not destroyed), Pay starts nothing', async () => {
    const page = pageWithAcquirerFields();
    page.readiness(new Promise<void>(() => undefined));
    const { fetch, calls } = scriptedFetch([pendingView({ methods: [hostedCard] })]);
    const errors: string[] = [];
    const handle = mount(page.container, { ...base, fetch, hostedFields: { readyWithinMs: 20 }, onError: (e) => errors.push(e.code) });
    await soon(() => errors.length === 1);
    expect(errors).toEqual(['LoadError']);
    expect(page.text(page.container.querySelector('.sp-hosted-fields'))).toBe('A part of the payment form could not be loaded.');
    expect(page.text(page.role('alert')[0])).toBe('A part of the payment form could not be loaded.');
    // Kept for a ready that comes late (a slow network), out of sight and out of reach until then.
    expect(page.seen.destroyed).toBe(0);
    expect(page.field()?.closest('[hidden]')).not.toBeNull();

    page.button('Pay €120.00 with Card').click();
    await soon(() => errors.length === 2);
    expect(errors).toEqual(['LoadError', 'LoadError']);
    expect(page.seen.log).toEqual([]);
    expect(calls).toHaveLength(1);
    handle.unmount();
  });

  it('fields ready within the bound stay; a ready that rejects fails at once', async () => {
    const usable = pageWithAcquirerFields();
    usable.readiness(Promise.resolve());
    const errors: string[] = [];
    const first = mount(usable.container, { ...base, fetch: scriptedFetch([pendingView({ methods: [hostedCard] })]).fetch, hostedFields: { readyWithinMs: 20 }, onError: (e) => errors.push(e.code) });
    await until(() => usable.field() !== null);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(usable.field()).not.toBeNull();
    expect(errors).toEqual([]);
    first.unmount();

    const broken = pageWithAcquirerFields();
    broken.readiness(Promise.reject(new Error('frames refused')));
    const second = mount(broken.container, { ...base, fetch: scriptedFetch([pendingView({ methods: [hostedCard] })]).fetch, onError: (e) => errors.push(e.code) });
    await soon(() => errors.length === 1);
    expect(broken.text(broken.container.querySelector('.sp-hosted-fields'))).toBe('A part of the payment form could not be loaded.');
    second.unmount();
  });
});

describe('an acquirer-hosted card whose offer asks for the cardholder name (cardHolder)', () => {
  const withHolder = { ...hostedCard, cardHolder: true };

  it('renders our name field beside the acquirer fields, requires it before tokenizing, and sends it with the token', async () => {
    const page = pageWithAcquirerFields();
    const view = pendingView({ methods: [withHolder] });
    const started = pendingView({ methods: [withHolder], attempts: [attempt({ status: 'AUTHORIZING' })] });
    const { fetch, calls } = loggedFetch([view, { status: 201, body: { attemptId: attempt().attemptId, view: started } }], page.seen.log);
    const handle = mount(page.container, { ...base, fetch });
    await until(() => page.field() !== null);
    page.answer(() => Promise.resolve('tok_1'));

    page.button('Pay €120.00 with Card').click();
    await until(() => page.container.querySelector('.sp-field__error') !== null);
    expect(page.seen.log).toEqual([]);

    page.type(page.byLabel('Name on card'), '  Ada Lovelace ');
    page.button('Pay €120.00 with Card').click();
    await until(() => page.seen.log.includes('POST /elements/session/attempts'));
    expect(calls.at(-1)?.body).toMatchObject({ methodId: 'card', input: { method: 'card', token: 'tok_1', holder: 'Ada Lovelace' } });
    handle.unmount();
  });

  it('without cardHolder, no name field and no holder sent (the service stands in the customer name)', async () => {
    const page = pageWithAcquirerFields();
    const view = pendingView({ methods: [hostedCard] });
    const started = pendingView({ methods: [hostedCard], attempts: [attempt({ status: 'AUTHORIZING' })] });
    const { fetch, calls } = loggedFetch([view, { status: 201, body: { attemptId: attempt().attemptId, view: started } }], page.seen.log);
    const handle = mount(page.container, { ...base, fetch });
    await until(() => page.field() !== null);
    expect(() => page.byLabel('Name on card')).toThrow();
    page.answer(() => Promise.resolve('tok_2'));
    page.button('Pay €120.00 with Card').click();
    await until(() => page.seen.log.includes('POST /elements/session/attempts'));
    expect((calls.at(-1)?.body as { input: unknown }).input).toEqual({ method: 'card', token: 'tok_2' });
    handle.unmount();
  });
});

describe("acquirer's fields that become ready after the bound (a slow network)", () => {
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] }));
  afterEach(() => jest.useRealTimers());

  function lateReady() {
    let becomeReady: () => void = () => undefined;
    const ready = new Promise<void>((resolve) => (becomeReady = resolve));
    return { ready, becomeReady };
  }

  it('are given back past the default 30 s: the "not loaded" notice goes, the fields show, the recovery is said once politely, Pay tokenizes', async () => {
    const page = pageWithAcquirerFields();
    const late = lateReady();
    page.readiness(late.ready);
    const log: string[] = [];
    const { fetch } = loggedFetch([pendingView({ methods: [hostedCard] }), { status: 201, body: { attemptId: attempt().attemptId, view: pendingView({ methods: [hostedCard], attempts: [attempt({ status: 'AUTHORIZING' })] }) } }], log);
    const errors: string[] = [];
    const handle = mount(page.container, { ...base, fetch, onError: (e) => errors.push(e.code) });
    await until(() => page.field() !== null);
    const area = () => page.container.querySelector('.sp-hosted-fields');

    jest.advanceTimersByTime(29_999);
    expect(errors).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(errors).toEqual(['LoadError']);
    expect(page.text(area())).toBe('A part of the payment form could not be loaded.');
    // Pay meanwhile is refused as before (nothing tokenized), and says so by the form too.
    page.button('Pay €120.00 with Card').click();
    await until(() => errors.length === 2);
    expect(page.seen.log).toEqual([]);

    const status = page.role('status')[0];
    const focused = page.doc.activeElement?.id;
    late.becomeReady();
    await until(() => !page.text(area()).includes('could not be loaded'));
    expect(page.field()?.closest('[hidden]')).toBeNull();
    expect(page.text(page.container)).not.toContain('could not be loaded');
    expect(page.text(status)).toBe('The card form is ready.');
    // Not left in the alert region either, where a screen reader reading the page would still find it.
    expect(page.text(page.role('alert')[0])).toBe('');
    expect(page.doc.activeElement?.id).toBe(focused);
    expect(errors).toEqual(['LoadError', 'LoadError']);
    expect(page.seen.destroyed).toBe(0);

    page.answer(() => Promise.resolve('tok_late'));
    page.button('Pay €120.00 with Card').click();
    await until(() => log.includes('POST /elements/session/attempts'));
    expect(page.seen.log).toEqual(['tokenize']);
    handle.unmount();
  });

  it('a payer who meanwhile chose another method is not disturbed: nothing said, no focus taken, the fields destroyed', async () => {
    const page = pageWithAcquirerFields();
    const late = lateReady();
    page.readiness(late.ready);
    const { fetch } = scriptedFetch([pendingView({ methods: [hostedCard, ancvMethod] })]);
    const handle = mount(page.container, { ...base, fetch, hostedFields: { readyWithinMs: 50 } });
    await until(() => page.field() !== null);
    jest.advanceTimersByTime(50);
    expect(page.text(page.container.querySelector('.sp-hosted-fields'))).toBe('A part of the payment form could not be loaded.');

    page.byLabel('Chèques-Vacances (ANCV)').click();
    await until(() => page.field() === null);
    const focused = page.doc.activeElement;
    const said = page.text(page.role('status')[0]);
    late.becomeReady();
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(page.text(page.role('status')[0])).toBe(said);
    expect(page.doc.activeElement).toBe(focused);
    expect(page.seen.destroyed).toBe(1);
    handle.unmount();
  });
});

describe("the acquirer's card fields are told the card entry's networks", () => {
  it('mounts them with the networks the view lists (additive to version 1: an adapter may restrict its fields to them)', async () => {
    const page = pageWithAcquirerFields();
    const { fetch } = loggedFetch([pendingView({ methods: [{ ...hostedCard, schemes: ['mastercard', 'cb'] }] })], page.seen.log);
    const handle = mount(page.container, { ...base, fetch });
    await until(() => page.field() !== null);
    expect(page.seen.settings).toEqual([{ keyId: 'k1', key: 'pk', locale: 'en', schemes: ['mastercard', 'cb'] }]);
    handle.unmount();
  });
});

describe('an acquirer-hosted card pressed again after a start whose answer was lost (D102-e, D111-c)', () => {
  const connectionFailed = 'The connection failed. Check it and try again.';

  /** The hosted card's page, Pay pressed and its start's answer lost, the session showing no attempt: Pay is back. */
  async function lostStart(withHolder = false) {
    const card = { ...hostedCard, cardHolder: withHolder };
    const methods = [card, ancvMethod];
    const page = pageWithAcquirerFields();
    const server = heldFetch();
    const handle = mount(page.container, { ...base, fetch: server.fetch });
    server.request(0).answer({ view: pendingView({ methods }) });
    await until(() => page.field() !== null);
    let tokens = 0;
    page.answer(() => Promise.resolve(`tok_${(tokens += 1)}`));
    if (withHolder) page.type(page.byLabel('Name on card'), 'Ada Lovelace');
    page.button('Pay €120.00 with Card').click();
    await until(() => server.requests.length === 2);
    const key = server.request(1).idempotencyKey;
    expect(key).toMatch(/^[0-9a-z]{10,64}$/);
    server.request(1).lose();
    await until(() => server.requests.length === 3);
    server.request(2).answer({ view: pendingView({ methods }) });
    await until(() => page.text(page.container).includes(connectionFailed));
    /** Pay pressed again: the start it sends. */
    const payAgain = async () => {
      page.button('Pay €120.00 with Card').click();
      await until(() => server.requests.length === 4);
      expect(server.request(3)).toMatchObject({ method: 'POST', path: '/elements/session/attempts', body: { input: { method: 'card', token: 'tok_2' } } });
      return server.request(3);
    };
    return { page, handle, key, payAgain };
  }

  it('the same card sent again keeps its key (its token is new at each tokenize, and is not compared)', async () => {
    const { handle, key, payAgain } = await lostStart();
    expect((await payAgain()).idempotencyKey).toBe(key);
    handle.unmount();
  });

  it('a card typed again in the fields (the adapter says they changed) is another payment: a new key', async () => {
    const { page, handle, key, payAgain } = await lostStart();
    page.seen.events?.changed?.();
    const again = (await payAgain()).idempotencyKey;
    expect(again).toMatch(/^[0-9a-z]{10,64}$/);
    expect(again).not.toBe(key);
    handle.unmount();
  });

  it('the card chosen again, its fields mounted afresh (empty, typed again), is another payment: a new key', async () => {
    const { page, handle, key, payAgain } = await lostStart();
    page.byLabel('Chèques-Vacances (ANCV)').click();
    page.byLabel('Card').click();
    await until(() => page.seen.mounted === 2 && page.field() !== null);
    expect((await payAgain()).idempotencyKey).not.toBe(key);
    handle.unmount();
  });

  it('another name on the card is another payment too: a new key', async () => {
    const { page, handle, key, payAgain } = await lostStart(true);
    page.type(page.byLabel('Name on card'), 'Grace Hopper');
    expect((await payAgain()).idempotencyKey).not.toBe(key);
    handle.unmount();
  });
});

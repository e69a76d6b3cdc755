import { PAYMENT_REQUEST_WITHIN_MS } from '../client/elements-client';
import { merchantPage, settled, until } from '../testing/dom.fixture';
import { heldFetch } from '../testing/held-fetch.fixture';
import { attempt, cardMethod, pendingView, scriptedFetch } from '../testing/view.fixture';
import type { HostedFieldsAdapter } from '../flows/hosted-fields';
import type { CardMethodView, SessionView } from '../types/session-view';
import { mount as mountCheckout } from './mount';
import type { SplitPayHandle } from './mount-options';

// Every checkout a test mounts is unmounted after it: a mounted one polls on for an hour, and its timer kept jest's worker alive.
const mounted: SplitPayHandle[] = [];
const mount = (...args: Parameters<typeof mountCheckout>): SplitPayHandle => {
  const handle = mountCheckout(...args);
  mounted.push(handle);
  return handle;
};
afterEach(() => {
  for (const handle of mounted.splice(0)) handle.unmount();
});

const base = { elementsToken: 'pst_unit', baseUrl: 'https://pay.example', poll: { minMs: 60_000, maxMs: 60_000, idleMs: 60_000 } };
const hostedCard = { ...(cardMethod as CardMethodView), integration: 'acquirer-hosted' as const, hostedFields: { keyId: 'k1', key: 'pk', sdkUrl: 'https://acquirer.example/card-fields.js' } };
const CHALLENGE = { type: 'threeDS2', subtype: 'challenge', token: 'eyJ0' };
const withAction = (action: Record<string, unknown> | undefined): SessionView =>
  pendingView({ methods: [hostedCard], attempts: [attempt({ status: 'AUTHORIZING', ...(action ? { pageAction: { kind: 'hosted-fields' as const, action } } : {}) })] });

/** A page whose acquirer's adapter runs actions as `run` says, recording what it was given. */
function pageWithAdapter(run: HostedFieldsAdapter['runAction'], lang = 'en') {
  const page = merchantPage(lang);
  const ran: { container: HTMLElement; settings: unknown; action: unknown }[] = [];
  const adapter: HostedFieldsAdapter = {
    mount: () => ({ tokenize: () => Promise.resolve('token'), destroy: () => undefined }),
    ...(run
      ? {
          runAction: (container, settings, action, events) => {
            ran.push({ container, settings, action });
            container.append(page.doc.createElement('iframe'));
            return run(container, settings, action, events);
          },
        }
      : {}),
  };
  (page.dom.window as unknown as Window).SplitPayHostedFields = adapter;
  return { ...page, ran };
}

describe("a card attempt's in-page action (3-D Secure 2 run in the page)", () => {
  it("is handed to the adapter in a container of the confirming panel; its result is posted to the confirm door, and the frame goes once no action is due", async () => {
    const page = pageWithAdapter(() => Promise.resolve({ threeDSResult: 'result-1' }));
    const { fetch, calls } = scriptedFetch([withAction(CHALLENGE), withAction(undefined)]);
    mount(page.container, { ...base, fetch });
    await until(() => calls.length === 2);
    expect(page.ran).toHaveLength(1);
    expect(page.ran[0]).toMatchObject({ settings: { keyId: 'k1', key: 'pk', locale: 'en' }, action: CHALLENGE });
    expect(calls[1]).toMatchObject({ method: 'POST', url: 'https://pay.example/elements/session/attempts/0190a0a0-0000-7000-8000-000000000001/confirm', body: { input: { method: 'card', details: { threeDSResult: 'result-1' } } } });
    await until(() => page.container.querySelector('iframe') === null);
    expect(page.text(page.container)).toContain('Confirming your payment');
  });

  it("posts only the fields the action names as its PSP's (resultFields), which the confirm door requires; a result with none of them is a LoadError, nothing posted", async () => {
    const named = (): SessionView => pendingView({ methods: [hostedCard], attempts: [attempt({ status: 'AUTHORIZING', pageAction: { kind: 'hosted-fields', action: CHALLENGE, resultFields: ['threeDSResult'] } })] });
    const page = pageWithAdapter(() => Promise.resolve({ threeDSResult: 'result-1', addedLater: 'x' }));
    const { fetch, calls } = scriptedFetch([named(), withAction(undefined)]);
    mount(page.container, { ...base, fetch });
    await until(() => calls.length === 2);
    expect(calls[1]).toMatchObject({ method: 'POST', body: { input: { method: 'card', details: { threeDSResult: 'result-1' } } } });
    expect((calls[1]?.body as { input: { details: object } }).input.details).toEqual({ threeDSResult: 'result-1' });

    const other = pageWithAdapter(() => Promise.resolve({ addedLater: 'x' }));
    const errors: string[] = [];
    const second = scriptedFetch([named()]);
    mount(other.container, { ...base, fetch: second.fetch, onError: (error) => errors.push(error.code) });
    await until(() => errors.length > 0);
    expect(errors).toEqual(['LoadError']);
    expect(second.calls).toHaveLength(1);
  });

  it("the adapter's failure, or an adapter that runs no action, says the form could not be loaded and reports a LoadError; nothing is posted", async () => {
    for (const run of [() => Promise.reject(new Error('ThreeDS2 timed out')), undefined]) {
      const page = pageWithAdapter(run);
      const errors: string[] = [];
      const { fetch, calls } = scriptedFetch([withAction(CHALLENGE)]);
      mount(page.container, { ...base, fetch, onError: (error) => errors.push(error.code) });
      await until(() => errors.length > 0);
      expect(errors).toEqual(['LoadError']);
      expect(page.text(page.container)).toContain('A part of the payment form could not be loaded.');
      expect(calls).toHaveLength(1);
    }
  });

  describe('a result the service did not get', () => {
    afterEach(() => jest.useRealTimers());
    const fakeTimers = () => jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
    const posts = (calls: ReturnType<typeof scriptedFetch>['calls']) => calls.filter((c) => c.method === 'POST');

    it('is sent again, the same, after a failure that may pass (a 503, a 429 after its Retry-After), until it arrives', async () => {
      fakeTimers();
      const page = pageWithAdapter(() => Promise.resolve({ threeDSResult: 'result-1' }));
      const { fetch, calls } = scriptedFetch([
        withAction(CHALLENGE),
        { status: 503, body: { code: 'InternalError', message: 'down' } },
        // A 5xx has the view read at once (D138): the action still due there, the result never arrived.
        withAction(CHALLENGE),
        { status: 429, body: { code: 'TooManyRequests', message: 'later' }, headers: { 'Retry-After': '5' } },
        withAction(undefined),
      ]);
      mount(page.container, { ...base, fetch });
      await until(() => posts(calls).length === 1);
      await jest.advanceTimersByTimeAsync(1_000);
      await until(() => posts(calls).length === 2);
      await jest.advanceTimersByTimeAsync(4_000);
      expect(posts(calls)).toHaveLength(2);
      await jest.advanceTimersByTimeAsync(1_000);
      await until(() => posts(calls).length === 3);
      expect(posts(calls).map((c) => c.body)).toEqual(Array(3).fill({ input: { method: 'card', details: { threeDSResult: 'result-1' } } }));
      expect(page.ran).toHaveLength(1);
      await until(() => page.container.querySelector('iframe') === null);
    });

    it('is not sent again after a refusal (ConfirmNotApplicable: the result already arrived)', async () => {
      fakeTimers();
      const page = pageWithAdapter(() => Promise.resolve({ threeDSResult: 'result-1' }));
      const { fetch, calls } = scriptedFetch([withAction(CHALLENGE), { status: 409, body: { code: 'ConfirmNotApplicable', message: 'no action due' } }]);
      mount(page.container, { ...base, fetch });
      await until(() => posts(calls).length === 1);
      await jest.advanceTimersByTimeAsync(30_000);
      expect(posts(calls)).toHaveLength(1);
    });

    /**
     * The result posted and its answer never coming (lost on the way back, or the request never
     * arriving): at PAYMENT_REQUEST_WITHIN_MS the page gives it up and reads the view at once (D111-a).
     */
    async function resultUnanswered() {
      fakeTimers();
      const page = pageWithAdapter(() => Promise.resolve({ threeDSResult: 'result-1' }));
      const server = heldFetch();
      const errors: string[] = [];
      mount(page.container, { ...base, fetch: server.fetch, onError: (error) => errors.push(error.code) });
      server.request(0).answer({ view: withAction(CHALLENGE) });
      await until(() => server.requests.length === 2);
      expect(server.request(1)).toMatchObject({ method: 'POST', path: '/elements/session/attempts/0190a0a0-0000-7000-8000-000000000001/confirm' });
      await jest.advanceTimersByTimeAsync(PAYMENT_REQUEST_WITHIN_MS - 1);
      expect(server.requests).toHaveLength(2);
      await jest.advanceTimersByTimeAsync(1);
      await until(() => server.requests.length === 3);
      expect(server.request(2)).toMatchObject({ method: 'GET', path: '/elements/session' });
      return { page, server, errors };
    }
    const confirmsOf = (server: ReturnType<typeof heldFetch>) => server.requests.filter((r) => r.path.endsWith('/confirm'));
    /** The view read after the result went unanswered no longer asks for the action: the payment shown being confirmed, nothing said failed, the result sent once, `code` reported once. */
    async function shownBeingConfirmed(page: Awaited<ReturnType<typeof resultUnanswered>>['page'], server: ReturnType<typeof heldFetch>, errors: string[], code: string): Promise<void> {
      server.request(2).answer({ view: withAction(undefined) });
      await until(() => !page.button('Cancel payment').disabled);
      expect(page.text(page.container)).toContain('Confirming your payment');
      expect(page.text(page.role('alert')[0])).toBe('');
      expect(page.container.querySelector('.sp-notice--danger')).toBeNull();
      await jest.advanceTimersByTimeAsync(30_000);
      expect(confirmsOf(server)).toHaveLength(1);
      expect(page.ran).toHaveLength(1);
      expect(errors).toEqual([code]);
    }

    it('whose answer never comes is given up at the deadline and the view read: the action taken, the payer is shown the payment being confirmed, free to act, nothing said failed, nothing sent again', async () => {
      const { page, server, errors } = await resultUnanswered();
      await shownBeingConfirmed(page, server, errors, 'NetworkError');
    });

    // D138: the service answers 500 InternalError once a result the PSP left unanswered is recorded, its action no longer due.
    it('answered 5xx (the PSP left it unanswered) reads the view: the action no longer due, the payment is shown being confirmed, nothing said failed, the result not sent again', async () => {
      fakeTimers();
      const page = pageWithAdapter(() => Promise.resolve({ threeDSResult: 'result-1' }));
      const server = heldFetch();
      const errors: string[] = [];
      mount(page.container, { ...base, fetch: server.fetch, onError: (error) => errors.push(error.code) });
      server.request(0).answer({ view: withAction(CHALLENGE) });
      await until(() => server.requests.length === 2);
      server.request(1).answer({ code: 'InternalError', message: 'The payment provider gave no answer' }, 500);
      await until(() => server.requests.length === 3);
      expect(server.request(2)).toMatchObject({ method: 'GET', path: '/elements/session' });
      await shownBeingConfirmed(page, server, errors, 'InternalError');
    });

    it('whose answer never comes while the view read then still shows the action due (the result never arrived) is sent again, the same, once', async () => {
      const { page, server } = await resultUnanswered();
      server.request(2).answer({ view: withAction(CHALLENGE) });
      await settled();
      expect(page.text(page.role('alert')[0])).toBe('');
      await jest.advanceTimersByTimeAsync(1_000);
      await until(() => confirmsOf(server).length === 2);
      expect(confirmsOf(server).map((r) => r.body)).toEqual(Array(2).fill({ input: { method: 'card', details: { threeDSResult: 'result-1' } } }));
      confirmsOf(server)[1]?.answer({ view: withAction(undefined) });
      await until(() => !page.button('Cancel payment').disabled);
      await jest.advanceTimersByTimeAsync(30_000);
      expect(confirmsOf(server)).toHaveLength(2);
      expect(page.ran).toHaveLength(1);
    });

    // D117: the resends spent, the result is not left unsent while the page's reads show it still due.
    it('spent its resends (1 s, 4 s, 15 s), is sent again, the same, at the 1st, 2nd, 4th and 8th later read still showing it due; none once it arrived', async () => {
      fakeTimers();
      const page = pageWithAdapter(() => Promise.resolve({ threeDSResult: 'result-1' }));
      // `arrives`: the next result reaches the service, which takes the action off (then `taken`).
      let arrives = false;
      let taken = false;
      const log: string[] = [];
      const bodies: unknown[] = [];
      const fetch = async (_url: string, init: RequestInit): Promise<Response> => {
        const post = init.method === 'POST';
        log.push(post ? 'P' : 'G');
        if (post) bodies.push(JSON.parse(String(init.body)));
        taken ||= post && arrives;
        const answer = post && !taken ? { status: 503, body: { code: 'InternalError', message: 'down' } } : { status: 200, body: { view: withAction(taken ? undefined : CHALLENGE) } };
        return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
      };
      mount(page.container, { ...base, fetch, poll: { minMs: 1_000, maxMs: 1_000, idleMs: 1_000 } });
      const posted = () => log.filter((x) => x === 'P').length;
      // A tenth of a second at a time, each answer let through: the page's reads and resends as they come.
      const tick = async () => {
        await jest.advanceTimersByTimeAsync(100);
        await settled();
      };
      await until(() => posted() === 1);
      for (let t = 0; t < 250 && posted() < 4; t += 1) await tick();
      for (let t = 0; t < 80 && posted() < 7; t += 1) await tick();
      arrives = posted() === 7;
      for (let t = 0; t < 80 && posted() < 8; t += 1) await tick();
      await until(() => page.container.querySelector('iframe') === null);
      await jest.advanceTimersByTimeAsync(60_000);
      // After the send and its three resends: each 503 read at once (G, D138, not counted), then the
      // reads (G) that show the action still due, a result (P) at the 1st, 2nd, 4th and 8th.
      expect(log.join('').replace(/^(?:G*P){4}/, '')).toMatch(/^GGPGGPGGGPGGGGGPG*$/);
      expect(posted()).toBe(8);
      expect(bodies).toEqual(Array(8).fill({ input: { method: 'card', details: { threeDSResult: 'result-1' } } }));
      expect(page.ran).toHaveLength(1);
    });

    it('refused at a resend as no action due (ConfirmNotApplicable: an earlier sending arrived) is taken as arrived: the view read, nothing said failed', async () => {
      const page = pageWithAdapter(() => Promise.resolve({ threeDSResult: 'result-1' }));
      const server = heldFetch();
      const errors: string[] = [];
      const handle = mount(page.container, { ...base, fetch: server.fetch, onError: (error) => errors.push(error.code) });
      server.request(0).answer({ view: withAction(CHALLENGE) });
      await until(() => server.requests.length === 2);
      // A read shows the action taken while the result's answer is still on its way; then the refusal.
      void handle.refresh();
      await until(() => server.requests.length === 3);
      server.request(2).answer({ view: withAction(undefined) });
      await until(() => page.container.querySelector('iframe') === null);
      server.request(1).answer({ code: 'ConfirmNotApplicable', message: 'This attempt awaits no in-page action result' }, 409);
      await until(() => server.requests.length === 4);
      expect(server.request(3)).toMatchObject({ method: 'GET', path: '/elements/session' });
      server.request(3).answer({ view: withAction(undefined) });
      await until(() => !page.button('Cancel payment').disabled);
      await settled();
      expect(page.text(page.role('alert')[0])).toBe('');
      expect(page.container.querySelector('.sp-notice--danger')).toBeNull();
      expect(page.text(page.container)).toContain('Confirming your payment');
      expect(errors).toEqual([]);
    });

    it('whose answer never comes while the view cannot be read either: the page says the service cannot be reached (Check again), nothing said failed, and the same result is sent again', async () => {
      const { page, server } = await resultUnanswered();
      server.request(2).lose();
      await until(() => page.text(page.container).includes('The payment service cannot be reached. Trying again…'));
      expect(page.text(page.role('alert')[0])).toBe('');
      expect(page.button('Check again')).toBeDefined();
      await jest.advanceTimersByTimeAsync(1_000);
      await until(() => confirmsOf(server).length === 2);
      expect(confirmsOf(server)[1]?.body).toEqual({ input: { method: 'card', details: { threeDSResult: 'result-1' } } });
    });
  });

  it("follows a redirect the result's answer asks for (3-D Secure's fallback), as after a start", async () => {
    const page = pageWithAdapter(() => Promise.resolve({ threeDSResult: 'result-1' }));
    const redirected = pendingView({ methods: [hostedCard], attempts: [attempt({ status: 'AUTHORIZING', redirect: { kind: 'navigate', url: 'https://acs.example/3ds1' } })] });
    const { fetch } = scriptedFetch([withAction(CHALLENGE), redirected]);
    const navigated: string[] = [];
    mount(page.container, { ...base, fetch, navigate: (url) => navigated.push(url) });
    await until(() => navigated.length > 0);
    expect(navigated).toEqual(['https://acs.example/3ds1']);
  });

  describe("the issuer's challenge, shown when the adapter says it asks the payer", () => {
    const FINGERPRINT = { type: 'threeDS2', subtype: 'fingerprint', token: 'eyJm' };
    // As Adyen's adapter does: a challenge is said once it is mounted; a fingerprint (an invisible frame) never is.
    const waiting: HostedFieldsAdapter['runAction'] = (_container, _settings, action, events) => {
      if (action.subtype === 'challenge') events?.challenge?.();
      return new Promise(() => undefined);
    };
    const status = (page: ReturnType<typeof pageWithAdapter>) => page.text(page.role('status')[0]);

    it("is said once: focus goes to its container (focusable by script only) named by the step's short name, and the status region alone says the instruction", async () => {
      for (const [lang, sentence, name] of [
        ['en', 'Your bank asks you to confirm this payment', 'Card verification'],
        ['fr', 'Votre banque vous demande de confirmer ce paiement', 'Vérification de la carte'],
      ] as const) {
        const page = pageWithAdapter(waiting, lang);
        const { fetch } = scriptedFetch([withAction(CHALLENGE)]);
        mount(page.container, { ...base, fetch });
        await until(() => page.ran.length === 1 && status(page).includes(sentence));
        const slot = page.container.querySelector<HTMLElement>('.sp-page-action')!;
        expect(slot.getAttribute('tabindex')).toBe('-1');
        expect(slot.getAttribute('aria-label')).toBe(name);
        expect(status(page)).toBe(sentence);
        expect(page.doc.activeElement).toBe(slot);
        expect(slot.contains(page.ran[0]!.container)).toBe(true);
        expect(page.role('alert')[0]!.textContent).toBe('');
      }
    });

    it('a fingerprint neither takes focus nor says anything of a challenge', async () => {
      const page = pageWithAdapter(waiting);
      const { fetch } = scriptedFetch([withAction(FINGERPRINT)]);
      mount(page.container, { ...base, fetch });
      await until(() => page.ran.length === 1);
      await new Promise((resolve) => setTimeout(resolve, 20));
      const slot = page.container.querySelector<HTMLElement>('.sp-page-action')!;
      expect(page.doc.activeElement).not.toBe(slot);
      expect(slot.hasAttribute('tabindex')).toBe(false);
      expect(status(page)).not.toContain('Your bank asks you to confirm this payment');
    });
  });
});

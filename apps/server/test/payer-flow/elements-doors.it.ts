import type { SessionView } from '@splitpay/domain';
import { pressFakePspButton, type Answer, type ViewAnswer } from '../support/elements-client';
import { useService } from '../support/use-service';
import { financedOrder } from '../support/session-bodies';

/**
 * Every elements door of docs/decisions.md D13 over real HTTP: each refusal code with its status
 * (docs/decisions.md D11), the token rules, CORS and caching.
 */

const UNKNOWN_ATTEMPT = '0190c0de-0000-7000-8000-00000000abcd';
const noneInFlight = (v: SessionView) => v.attempts.length > 0 && v.attempts.every((a) => a.status !== 'AUTHORIZING');

function refusal(res: Answer<ViewAnswer>): [number, string | undefined] {
  return [res.status, res.body.code];
}

jest.setTimeout(30_000);

describe('elements doors over HTTP: answers and refusals', () => {
  const h = useService();

  /** A raw call with the page's token (or any Authorization header), for bodies the client never sends. */
  async function raw(method: string, path: string, init: { auth?: string; contentType?: string; body?: string; origin?: string } = {}): Promise<Answer<ViewAnswer>> {
    const res = await fetch(`${h.url}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        ...(init.auth !== undefined ? { Authorization: init.auth } : {}),
        ...(init.contentType ? { 'Content-Type': init.contentType } : {}),
        ...(init.origin ? { Origin: init.origin } : {}),
      },
      ...(init.body !== undefined ? { body: init.body } : {}),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // kept as text
    }
    return { status: res.status, body: body as ViewAnswer, headers: res.headers };
  }

  const cardOrder = (orderId: string, extra: Record<string, unknown> = {}) => ({ currency: 'EUR', total: 10_000, orderId, methods: [{ method: 'card' }], ...extra });

  describe('InvalidRequest (400), answered before the token is looked at', () => {
    const attempt = `/elements/session/attempts/${UNKNOWN_ATTEMPT}`;
    it.each([
      ['start: not JSON', 'POST', '/elements/session/attempts', 'application/json', '{"methodId":'],
      ['start: a JSON array', 'POST', '/elements/session/attempts', 'application/json', '[]'],
      ['start: an undeclared property', 'POST', '/elements/session/attempts', 'application/json', '{"methodId":"card","amount":100,"sessionId":"x"}'],
      ['start: amount as a string', 'POST', '/elements/session/attempts', 'application/json', '{"methodId":"card","amount":"100"}'],
      ['start: a card input without its cvc', 'POST', '/elements/session/attempts', 'application/json', '{"methodId":"card","amount":100,"input":{"method":"card","cardNumber":"4111111111111111","expiry":"12/30"}}'],
      ['cancel: attempt id not a UUID', 'POST', '/elements/session/attempts/nope/cancel', undefined, undefined],
      ['cancel: a body', 'POST', `${attempt}/cancel`, 'application/json', '{"reason":"x"}'],
      ['abandon: attempt id in capitals', 'POST', `/elements/session/attempts/${UNKNOWN_ATTEMPT.toUpperCase()}/abandon`, undefined, undefined],
      ['confirm: no body', 'POST', `${attempt}/confirm`, undefined, undefined],
      ['confirm: an empty paymentToken', 'POST', `${attempt}/confirm`, 'application/json', '{"input":{"method":"applepay","paymentToken":""}}'],
      ['confirm: another method', 'POST', `${attempt}/confirm`, 'application/json', '{"input":{"method":"card","paymentToken":"x"}}'],
      ['abandon the payment: a body', 'POST', '/elements/session/abandon', 'application/json', '{"now":true}'],
      ['return: attempt id not a UUID', 'GET', '/elements/return/nope', undefined, undefined],
    ] as const)('%s', async (_name, method, path, contentType, body) => {
      for (const auth of ['Bearer pst_unknown', undefined]) {
        const res = await raw(method, path, { ...(auth ? { auth } : {}), ...(contentType ? { contentType } : {}), ...(body !== undefined ? { body } : {}) });
        expect(refusal(res)).toEqual([400, 'InvalidRequest']);
        expect(res.body.message).toEqual(expect.any(String));
      }
    });
  });

  describe('UnsupportedMediaType (415), answered before the token is looked at', () => {
    it.each([
      ['start: a text body', '/elements/session/attempts', 'text/plain', 'pay 100'],
      ['accept-partial: a text body', `/elements/session/attempts/${UNKNOWN_ATTEMPT}/accept-partial`, 'text/plain', 'yes'],
      ['accept-terms: a form body', '/elements/session/accept-terms', 'application/x-www-form-urlencoded', 'agree=yes'],
    ] as const)('%s', async (_name, path, contentType, body) => {
      for (const auth of ['Bearer pst_unknown', undefined]) {
        const res = await raw('POST', path, { ...(auth ? { auth } : {}), contentType, body });
        expect([res.status, res.body]).toEqual([415, { code: 'UnsupportedMediaType', message: 'Request body must be application/json' }]);
      }
    });
  });

  it('InvalidRequest (400): a start whose input names another method than its methodId, nothing recorded', async () => {
    const { page } = await h.openPage(cardOrder('input-mismatch', { methods: [{ method: 'card' }, { method: 'paypal' }], returnUrl: 'https://shop.example/back' }));
    const cardForm = { method: 'card', cardNumber: '4111111111111111', expiry: '12/30', cvc: '123' };
    expect(refusal(await page.start({ methodId: 'paypal', amount: 1_000, input: cardForm }))).toEqual([400, 'InvalidRequest']);
    expect(refusal(await page.start({ methodId: 'card', amount: 1_000, input: { method: 'paypal' } }))).toEqual([400, 'InvalidRequest']);
    expect((await page.view()).body.view.attempts).toEqual([]);
    expect((await page.start({ methodId: 'paypal', amount: 1_000, input: { method: 'paypal' } })).status).toBe(201);
  });

  it('InvalidElementsToken (401, WWW-Authenticate: Bearer): absent, malformed, unknown and past-grace tokens answer alike', async () => {
    const { page } = await h.openPage(cardOrder('token-shapes', { ttlMs: 5_000 }));
    h.clock.advance(5_000);
    await h.runWorkers();
    expect((await page.view()).body.view.status).toBe('EXPIRED');
    h.clock.advance(15 * 60_000 + 1);

    const shapes: (string | undefined)[] = [undefined, '', 'Basic cHN0Og==', 'Bearer', 'Bearer not-a-pst-token', 'Bearer pst_unknown', `Bearer ${page.token}x`, `Bearer ${page.token}`];
    const answers: string[] = [];
    for (const auth of shapes) {
      for (const [method, path, body] of [
        ['GET', '/elements/session', undefined],
        ['POST', '/elements/session/attempts', '{"methodId":"card","amount":100}'],
        ['POST', `/elements/session/attempts/${UNKNOWN_ATTEMPT}/cancel`, undefined],
        ['POST', '/elements/session/accept-terms', undefined],
      ] as const) {
        const res = await raw(method, path, { ...(auth !== undefined ? { auth } : {}), ...(body ? { contentType: 'application/json', body } : {}) });
        expect(refusal(res)).toEqual([401, 'InvalidElementsToken']);
        expect(res.headers.get('www-authenticate')).toBe(auth ? 'Bearer error="invalid_token"' : 'Bearer');
        answers.push(JSON.stringify(res.body));
      }
    }
    expect(new Set(answers).size).toBe(1);
  });

  it('SessionNotPending (409) on every action while the lender studies the file (AWAITING)', async () => {
    const { page } = await h.openPage(financedOrder('awaiting-actions', 30_000, { terms: [{ label: 'CGV', url: 'https://shop.example/cgv' }] }));
    await page.acceptTerms();
    const card = await page.payByCard('card', 10_000);
    await page.waitFor(noneInFlight);
    const oney = await page.start({ methodId: 'oney', amount: 20_000, plan: { installments: 3, withFees: false } });
    await pressFakePspButton(oney.body.view.attempts[1]!.redirect!.url, 'study');
    const awaiting = await page.waitFor((v) => v.status === 'AWAITING');
    expect(awaiting.status).toBe('AWAITING');

    const cardId = card.body.attemptId!;
    const oneyId = oney.body.attemptId!;
    for (const action of [
      () => page.payByCard('card', 1_000),
      () => page.cancel(cardId),
      () => page.abandonAttempt(oneyId),
      () => page.abandonSession(),
      () => page.confirm(cardId, 'wallet-blob'),
      () => page.acceptPartial(cardId),
      () => page.acceptTerms(),
    ]) {
      expect(refusal(await action())).toEqual([409, 'SessionNotPending']);
    }
    expect((await page.view()).body.view).toMatchObject({ status: 'AWAITING', attempts: [{ status: 'AUTHORIZED' }, { status: 'AUTHORIZING' }] });
  });

  it('MethodNotFound (404): no method of the session carries that id', async () => {
    const { page } = await h.openPage(cardOrder('method-not-found'));
    expect(refusal(await page.payByCard('visa', 1_000))).toEqual([404, 'MethodNotFound']);
  });

  it('MethodNotEligible (409): the remaining balance is outside the method window', async () => {
    const { page } = await h.openPage(cardOrder('method-not-eligible', { methods: [{ method: 'card' }, { method: 'card', id: 'big-card', range: { min: 20_000, max: 50_000 } }] }));
    expect((await page.view()).body.view.methods[1]).toMatchObject({ id: 'big-card', eligible: false });
    expect(refusal(await page.payByCard('big-card', 10_000))).toEqual([409, 'MethodNotEligible']);
  });

  it('AmountOutOfRange (422): an amount outside the method range', async () => {
    const { page } = await h.openPage(cardOrder('amount-out-of-range', { methods: [{ method: 'card', range: { min: 1_000, max: 20_000 } }] }));
    expect(refusal(await page.payByCard('card', 999))).toEqual([422, 'AmountOutOfRange']);
  });

  it('AmountExceedsRemaining (422): an amount over the remaining balance', async () => {
    const { page } = await h.openPage(cardOrder('amount-exceeds'));
    expect(refusal(await page.payByCard('card', 10_001))).toEqual([422, 'AmountExceedsRemaining']);
  });

  it('PlanNotOffered (422): a plan the financing offer lacks, or a plan on a method that finances nothing', async () => {
    const { page } = await h.openPage(financedOrder('plan-not-offered', 30_000));
    expect(refusal(await page.start({ methodId: 'oney', amount: 30_000, plan: { installments: 10, withFees: false } }))).toEqual([422, 'PlanNotOffered']);
    expect(refusal(await page.start({ methodId: 'oney', amount: 30_000 }))).toEqual([422, 'PlanNotOffered']);
    expect(refusal(await page.start({ methodId: 'card', amount: 30_000, plan: { installments: 3, withFees: false } }))).toEqual([422, 'PlanNotOffered']);
  });

  it('TermsNotAccepted (409): declared terms not yet accepted', async () => {
    const { page } = await h.openPage(cardOrder('terms-not-accepted', { terms: [{ label: 'CGV', url: 'https://shop.example/cgv' }] }));
    expect(refusal(await page.payByCard('card', 1_000))).toEqual([409, 'TermsNotAccepted']);
    expect((await page.view()).body.view.attempts).toEqual([]);
  });

  it('AttemptInFlight (409): a second start while one attempt is AUTHORIZING', async () => {
    const { page } = await h.openPage(cardOrder('attempt-in-flight', { methods: [{ method: 'wero' }, { method: 'card' }], returnUrl: 'https://shop.example/back' }));
    expect((await page.start({ methodId: 'wero', amount: 4_000 })).status).toBe(201);
    expect(refusal(await page.payByCard('card', 1_000))).toEqual([409, 'AttemptInFlight']);
  });

  it('AttemptNotFound (404) on cancel, abandon, accept-partial and confirm', async () => {
    const { page } = await h.openPage(cardOrder('attempt-not-found'));
    for (const action of [
      () => page.cancel(UNKNOWN_ATTEMPT),
      () => page.abandonAttempt(UNKNOWN_ATTEMPT),
      () => page.acceptPartial(UNKNOWN_ATTEMPT),
      () => page.confirm(UNKNOWN_ATTEMPT, 'wallet-blob'),
    ]) {
      expect(refusal(await action())).toEqual([404, 'AttemptNotFound']);
    }
    // Another session's attempt is not this session's either.
    const other = await h.openPage(cardOrder('attempt-elsewhere'));
    const theirs = await other.page.payByCard('card', 1_000);
    expect(refusal(await page.cancel(theirs.body.attemptId!))).toEqual([404, 'AttemptNotFound']);
  });

  it('AttemptNotCancellable (409): an attempt in flight, a declined one', async () => {
    const { page } = await h.openPage(cardOrder('attempt-not-cancellable', { methods: [{ method: 'paypal' }, { method: 'card' }], returnUrl: 'https://shop.example/back' }));
    const paypal = await page.start({ methodId: 'paypal', amount: 4_000 });
    expect(refusal(await page.cancel(paypal.body.attemptId!))).toEqual([409, 'AttemptNotCancellable']);
    await pressFakePspButton(paypal.body.view.attempts[0]!.redirect!.url, 'decline');
    await page.waitFor(noneInFlight);
    expect(refusal(await page.cancel(paypal.body.attemptId!))).toEqual([409, 'AttemptNotCancellable']);
  });

  it('AttemptNotAbandonable (409): an attempt whose verdict is in (an AUTHORIZED hold is cancelled, not abandoned)', async () => {
    const { page } = await h.openPage(cardOrder('attempt-not-abandonable'));
    const held = await page.payByCard('card', 4_000);
    await page.waitFor(noneInFlight);
    expect(refusal(await page.abandonAttempt(held.body.attemptId!))).toEqual([409, 'AttemptNotAbandonable']);
    expect((await page.cancel(held.body.attemptId!)).status).toBe(200);
  });

  it('ConfirmNotApplicable (409): a card attempt, and an applepay attempt already confirmed', async () => {
    const { page } = await h.openPage(cardOrder('confirm-not-applicable', { methods: [{ method: 'applepay' }, { method: 'card' }] }));
    const card = await page.payByCard('card', 3_000);
    expect(refusal(await page.confirm(card.body.attemptId!, 'wallet-blob'))).toEqual([409, 'ConfirmNotApplicable']);
    await page.waitFor(noneInFlight);
    const wallet = await page.start({ methodId: 'applepay', amount: 3_000, input: { method: 'applepay' } });
    expect((await page.confirm(wallet.body.attemptId!, 'wallet-blob')).status).toBe(200);
    expect(refusal(await page.confirm(wallet.body.attemptId!, 'wallet-blob'))).toEqual([409, 'ConfirmNotApplicable']);
  });

  it('PartialAcceptanceNotApplicable (409): a grant in full has nothing to accept', async () => {
    const { page } = await h.openPage(cardOrder('partial-not-applicable', { methods: [{ method: 'card', partialAuth: true }] }));
    const full = await page.payByCard('card', 4_000);
    expect(refusal(await page.acceptPartial(full.body.attemptId!))).toEqual([409, 'PartialAcceptanceNotApplicable']);
    await page.waitFor(noneInFlight);
    expect(refusal(await page.acceptPartial(full.body.attemptId!))).toEqual([409, 'PartialAcceptanceNotApplicable']);
  });

  it('answers each action with 200 and the view (201 for a start), never cached', async () => {
    const { page } = await h.openPage(cardOrder('answers', { terms: [{ label: 'CGV', url: 'https://shop.example/cgv' }] }));
    const read = await page.view();
    const terms = await page.acceptTerms();
    const started = await page.payByCard('card', 4_000);
    for (const [res, status] of [
      [read, 200],
      [terms, 200],
      [started, 201],
    ] as const) {
      expect(res.status).toBe(status);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.body.view).toMatchObject({ orderId: 'answers' });
    }
    await page.waitFor(noneInFlight);
    const cancelled = await page.cancel(started.body.attemptId!);
    const abandoned = await page.abandonSession();
    expect([cancelled.status, abandoned.status]).toEqual([200, 200]);
  });

  it("carries the session's revision in every view, growing with each stored change: a start's view is newer than a read before it (D85)", async () => {
    const { page } = await h.openPage(cardOrder('revisions', { terms: [{ label: 'CGV', url: 'https://shop.example/cgv' }] }));
    const first = (await page.view()).body.view.revision;
    expect(Number.isInteger(first) && first >= 0).toBe(true);
    expect((await page.view()).body.view.revision).toBe(first);
    const terms = (await page.acceptTerms()).body.view.revision;
    expect(terms).toBeGreaterThan(first);
    const started = await page.payByCard('card', 4_000);
    expect(started.body.view.revision).toBeGreaterThan(terms);
    expect((await page.view()).body.view.revision).toBeGreaterThanOrEqual(started.body.view.revision);
    const held = await page.waitFor(noneInFlight);
    expect(held.revision).toBeGreaterThan(started.body.view.revision);
    const cancelled = await page.cancel(started.body.attemptId!);
    expect(cancelled.body.view.revision).toBeGreaterThan(held.revision);
  });

  it('accept-terms on a session that declared none records nothing and answers 200', async () => {
    const { page } = await h.openPage(cardOrder('no-terms'));
    const res = await page.acceptTerms();
    expect(res.status).toBe(200);
    expect(res.body.view).not.toHaveProperty('termsAcceptedAt');
    expect(res.body.view).not.toHaveProperty('terms');
    expect((await page.payByCard('card', 1_000)).status).toBe(201);
  });

  it('answers CORS for any origin, without credentials, on every door, refusals included', async () => {
    const { page } = await h.openPage(cardOrder('cors'));
    const origin = 'https://any-shop.example';
    for (const path of [
      '/elements/session',
      '/elements/session/attempts',
      `/elements/session/attempts/${UNKNOWN_ATTEMPT}/cancel`,
      `/elements/session/attempts/${UNKNOWN_ATTEMPT}/abandon`,
      `/elements/session/attempts/${UNKNOWN_ATTEMPT}/confirm`,
      `/elements/session/attempts/${UNKNOWN_ATTEMPT}/accept-partial`,
      '/elements/session/abandon',
      '/elements/session/accept-terms',
    ]) {
      const preflight = await fetch(`${h.url}${path}`, {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,content-type' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
      expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
      expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
      expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
    }
    const read = await raw('GET', '/elements/session', { auth: `Bearer ${page.token}`, origin });
    const refused = await raw('POST', `/elements/session/attempts/${UNKNOWN_ATTEMPT}/cancel`, { auth: `Bearer ${page.token}`, origin });
    const noToken = await raw('GET', '/elements/session', { origin });
    for (const [res, status] of [
      [read, 200],
      [refused, 404],
      [noToken, 401],
    ] as const) {
      expect(res.status).toBe(status);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    }
  });

  it('the return door: 303 to returnUrl, to cancelUrl when the payer backed out, 404 for an unknown attempt', async () => {
    const { page } = await h.openPage(cardOrder('return-door-2', { methods: [{ method: 'wero' }], returnUrl: 'https://shop.example/done', cancelUrl: 'https://shop.example/cart' }));
    const started = await page.start({ methodId: 'wero', amount: 10_000 });
    const attemptId = started.body.attemptId!;
    // While the verdict is on its way and the payer is still at the PSP: on to returnUrl.
    const early = await raw('GET', `/elements/return/${attemptId}`);
    expect([early.status, early.headers.get('location')]).toEqual([303, 'https://shop.example/done']);
    await pressFakePspButton(started.body.view.attempts[0]!.redirect!.url, 'cancel');
    const backedOut = await raw('GET', `/elements/return/${attemptId}`);
    expect([backedOut.status, backedOut.headers.get('location')]).toEqual([303, 'https://shop.example/cart']);
    expect(refusal(await raw('GET', `/elements/return/${UNKNOWN_ATTEMPT}`))).toEqual([404, 'NotFound']);
    // The return never applies a verdict: the view moves only when the notification lands.
    expect((await page.waitFor(noneInFlight)).attempts[0]?.status).toBe('CANCELLED');
  });

  it('a session without returnUrl answers its returning payer with a plain page', async () => {
    const { page } = await h.openPage(cardOrder('return-no-page'));
    const started = await page.payByCard('card', 2_000, '4000000000003220');
    const back = await raw('GET', `/elements/return/${started.body.attemptId}`);
    expect(back.status).toBe(200);
    expect(back.headers.get('content-type')).toMatch(/^text\/plain/);
  });
});

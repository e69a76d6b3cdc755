import type { AttemptViewEntry, SessionView } from '@splitpay/domain';
import { navigate, pressFakePspButton } from '../support/elements-client';
import { readSession } from '../support/service-harness';
import { useService } from '../support/use-service';

const paid = (v: SessionView) => v.status === 'PAID';
const lastAttempt = (v: SessionView): AttemptViewEntry | undefined => v.attempts[v.attempts.length - 1];
const attemptSettled = (v: SessionView) => lastAttempt(v)?.status !== 'AUTHORIZING';

jest.setTimeout(30_000);

describe('payer flow: card payments over HTTP with the fake PSP', () => {
  const h = useService();

  it('pays one order in full with one card: authorized, captured, PAID with captured', async () => {
    const { page, sessionId } = await h.openPage({ currency: 'EUR', total: 10_000, orderId: 'card-full', methods: [{ method: 'card' }] });
    const first = await page.view();
    expect(first.status).toBe(200);
    expect(first.body.view).toMatchObject({ status: 'PENDING', remaining: { amount: 10_000, currency: 'EUR' }, methods: [{ method: 'card', integration: 'fake', eligible: true }] });

    const started = await page.payByCard('card', 10_000);
    expect(started.status).toBe(201);
    expect(started.body.attemptId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(started.body.view.attempts).toEqual([expect.objectContaining({ attemptId: started.body.attemptId, status: 'AUTHORIZING', operation: 'authorization', abandonable: true })]);

    const view = await page.waitFor(paid);
    expect(view).toMatchObject({ status: 'PAID', remaining: { amount: 0 } });
    expect(view.attempts[0]).toMatchObject({ status: 'CAPTURED', granted: { amount: 10_000 }, cardScheme: 'visa' });

    const session = await readSession(h, sessionId);
    expect(session.body).toMatchObject({ status: 'PAID', captured: { amount: 10_000, currency: 'EUR' } });
    const attempt = (session.body.attempts as { transactions: { type: string; status: { kind: string } }[] }[])[0];
    expect(attempt?.transactions.map((t) => [t.type, t.status.kind])).toEqual([
      ['authorization', 'succeeded'],
      ['capture', 'succeeded'],
    ]);
  });

  it('never shows the session id, merchant id, provider id or the token in a view', async () => {
    const { page, sessionId } = await h.openPage({ currency: 'EUR', total: 5_000, orderId: 'card-leak', methods: [{ method: 'card' }] });
    await page.payByCard('card', 5_000);
    const view = await page.waitFor(paid);
    const text = JSON.stringify(view);
    expect(text).not.toContain(sessionId);
    expect(text).not.toContain('shop');
    expect(text).not.toContain('"provider"');
    expect(text).not.toContain(page.token);
  });

  it.each([
    ['4000000000000002', 'bank-refusal'],
    ['4000000000009995', 'insufficient-funds'],
    ['4000000000000069', 'expired'],
    ['4111111111111112', 'invalid-card-data'],
  ])('declines card %s with declineCategory %s and never the PSP code or message', async (cardNumber, category) => {
    const { page } = await h.openPage({ currency: 'EUR', total: 3_000, orderId: `decline-${category}`, methods: [{ method: 'card' }] });
    const started = await page.payByCard('card', 3_000, cardNumber);
    expect(started.status).toBe(201);
    const view = await page.waitFor(attemptSettled);
    expect(view.attempts[0]).toEqual(expect.objectContaining({ status: 'DECLINED', declineCategory: category, granted: { amount: 0, currency: 'EUR' } }));
    expect(view).toMatchObject({ status: 'PENDING', remaining: { amount: 3_000 } });
    const text = JSON.stringify(view);
    for (const pspWords of ['Do not honor', 'Insufficient funds', 'Expired card', 'card number is not valid', '"05"', '"51"', '"54"', '"14"']) {
      expect(text).not.toContain(pspWords);
    }
  });

  it('declines a failed 3-D Secure challenge as authentication-failed, and authorizes a passed one', async () => {
    const { page } = await h.openPage({ currency: 'EUR', total: 4_000, orderId: 'card-3ds', methods: [{ method: 'card' }], returnUrl: 'https://shop.example/back' });
    const first = await page.payByCard('card', 2_000, '4000000000003220');
    const redirect = first.body.view.attempts[0]?.redirect;
    expect(redirect).toMatchObject({ kind: 'navigate', url: expect.stringContaining('/fake-psp/pay/') });
    const back = await pressFakePspButton(redirect!.url, 'decline');
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(`${h.url}/elements/return/${first.body.attemptId}`);
    const declined = await page.waitFor(attemptSettled);
    expect(declined.attempts[0]).toMatchObject({ status: 'DECLINED', declineCategory: 'authentication-failed' });
    expect(declined.attempts[0]?.redirect).toBeUndefined();

    const second = await page.payByCard('card', 4_000, '4000000000003220');
    await pressFakePspButton(second.body.view.attempts[1]!.redirect!.url, 'approve');
    expect((await page.waitFor(paid)).attempts[1]).toMatchObject({ status: 'CAPTURED', granted: { amount: 4_000 } });
  });

  it('offers a mandated partial grant, which the payer accepts and completes with a second card', async () => {
    const { page } = await h.openPage({ currency: 'EUR', total: 10_000, orderId: 'partial-accept', methods: [{ method: 'card', partialAuth: true }] });
    expect((await page.view()).body.view.methods[0]).toMatchObject({ partialAuth: 'mandated' });
    const started = await page.payByCard('card', 10_000, '4000000000000010');
    const attemptId = started.body.attemptId!;
    const offered = await page.waitFor(attemptSettled);
    expect(offered.attempts[0]).toMatchObject({ status: 'AUTHORIZED', requested: { amount: 10_000 }, granted: { amount: 5_000 }, awaitingPartialDecision: true });
    // The decision survives a reload: it is derived from recorded state.
    expect((await page.view()).body.view.attempts[0]?.awaitingPartialDecision).toBe(true);
    // While the decision is pending, nothing else starts.
    expect((await page.payByCard('card', 5_000)).body).toMatchObject({ code: 'AttemptInFlight' });

    const accepted = await page.acceptPartial(attemptId);
    expect(accepted.status).toBe(200);
    expect(accepted.body.view).toMatchObject({ remaining: { amount: 5_000 }, attempts: [{ awaitingPartialDecision: false }] });
    const again = await page.acceptPartial(attemptId);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('PartialAcceptanceNotApplicable');

    await page.payByCard('card', 5_000);
    const view = await page.waitFor(paid);
    expect(view.attempts.map((a) => [a.status, a.granted.amount])).toEqual([
      ['CAPTURED', 5_000],
      ['CAPTURED', 5_000],
    ]);
  });

  it('releases a mandated partial grant the payer refuses through cancel', async () => {
    const { page, sessionId } = await h.openPage({ currency: 'EUR', total: 10_000, orderId: 'partial-refuse', methods: [{ method: 'card', partialAuth: true }] });
    const started = await page.payByCard('card', 10_000, '4000000000000010');
    await page.waitFor(attemptSettled);
    const cancelled = await page.cancel(started.body.attemptId!);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.view.remaining.amount).toBe(10_000);
    const view = await page.waitFor((v) => v.attempts[0]?.status === 'VOIDED');
    expect(view).toMatchObject({ status: 'PENDING', remaining: { amount: 10_000 } });
    const session = await readSession(h, sessionId);
    const txs = (session.body.attempts as { transactions: { type: string; status: { kind: string } }[] }[])[0]?.transactions;
    expect(txs?.map((t) => [t.type, t.status.kind])).toEqual([
      ['authorization', 'succeeded'],
      ['void', 'succeeded'],
    ]);
    expect((await page.acceptPartial(started.body.attemptId!)).body.code).toBe('PartialAcceptanceNotApplicable');
  });

  it('refuses and voids a lower grant when the card method does not allow partial authorization, marked mandated', async () => {
    const { page, sessionId } = await h.openPage({ currency: 'EUR', total: 10_000, orderId: 'partial-refused', methods: [{ method: 'card' }] });
    expect((await page.view()).body.view.methods[0]).not.toHaveProperty('partialAuth');
    const started = await page.payByCard('card', 10_000, '4000000000000010');
    const view = await page.waitFor((v) => v.attempts[0]?.status === 'VOIDED');
    expect(view).toMatchObject({ status: 'PENDING', remaining: { amount: 10_000 } });
    // The issuer lowered the grant, so the attempt says so; the payer has nothing to decide.
    expect(view.attempts[0]).toMatchObject({ granted: { amount: 5_000 }, partialAuth: 'mandated', awaitingPartialDecision: false });
    const accept = await page.acceptPartial(started.body.attemptId!);
    expect([accept.status, accept.body.code]).toEqual([409, 'PartialAcceptanceNotApplicable']);
    // The merchant reads why the attempt failed.
    const session = await readSession(h, sessionId);
    expect((session.body.attempts as unknown[])[0]).toMatchObject({
      status: 'VOIDED',
      partialAuth: 'mandated',
      requested: { amount: 10_000 },
      granted: { amount: 5_000 },
      refundable: { amount: 0 },
    });
    // The service refused the grant: the payer can pay with another card at once.
    await page.payByCard('card', 10_000);
    expect((await page.waitFor(paid)).remaining.amount).toBe(0);
  });

  it('sends a returning payer on to the returnUrl, or the cancelUrl when they backed out at the PSP', async () => {
    const { page } = await h.openPage({
      currency: 'EUR',
      total: 6_000,
      orderId: 'return-door',
      methods: [{ method: 'paypal' }, { method: 'card' }],
      returnUrl: 'https://shop.example/thanks',
      cancelUrl: 'https://shop.example/cart',
    });
    const cancelled = await page.start({ methodId: 'paypal', amount: 6_000 });
    const back = await pressFakePspButton(cancelled.body.view.attempts[0]!.redirect!.url, 'cancel');
    const hop = await navigate(back.headers.get('location')!);
    expect(hop.status).toBe(303);
    expect(hop.headers.get('location')).toBe('https://shop.example/cart');
    expect((await page.waitFor(attemptSettled)).attempts[0]?.status).toBe('CANCELLED');

    const approved = await page.start({ methodId: 'paypal', amount: 6_000 });
    const back2 = await pressFakePspButton(approved.body.view.attempts[1]!.redirect!.url, 'approve');
    const hop2 = await navigate(back2.headers.get('location')!);
    expect(hop2.status).toBe(303);
    expect(hop2.headers.get('location')).toBe('https://shop.example/thanks');
    expect((await page.waitFor(paid)).attempts[1]).toMatchObject({ method: 'paypal', status: 'CAPTURED' });
  });
});

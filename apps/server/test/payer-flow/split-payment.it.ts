import type { SessionView } from '@splitpay/domain';
import { WebhookReceiver } from '@splitpay/webhooks/src/testing/webhook-receiver';
import { pressFakePspButton } from '../support/elements-client';
import { readSession } from '../support/service-harness';
import { useService } from '../support/use-service';

const paid = (v: SessionView) => v.status === 'PAID';
const noneInFlight = (v: SessionView) => v.attempts.length > 0 && v.attempts.every((a) => a.status !== 'AUTHORIZING');

interface StoredAttempt {
  method: string;
  status: string;
  granted: { amount: number };
  partialAuth?: string;
  cardAlias?: string;
  transactions: { type: string; status: { kind: string } }[];
}

jest.setTimeout(30_000);

describe('payer flow: one order split across tranches', () => {
  const receiver = new WebhookReceiver();
  beforeAll(() => receiver.start());
  const h = useService();
  afterAll(() => receiver.stop());

  it('splits one order across two cards: both held, then both captured, PAID', async () => {
    const { page, sessionId } = await h.openPage({ currency: 'EUR', total: 10_000, orderId: 'split-cards', methods: [{ method: 'card' }] });
    await page.payByCard('card', 6_000);
    const held = await page.waitFor(noneInFlight);
    expect(held).toMatchObject({ status: 'PENDING', remaining: { amount: 4_000 }, attempts: [{ status: 'AUTHORIZED', granted: { amount: 6_000 } }] });
    await page.payByCard('card', 4_000, '5555555555554444');
    const view = await page.waitFor(paid);
    expect(view.attempts.map((a) => [a.status, a.granted.amount, a.cardScheme])).toEqual([
      ['CAPTURED', 6_000, 'visa'],
      ['CAPTURED', 4_000, 'mastercard'],
    ]);
    expect((await readSession(h, sessionId)).body).toMatchObject({ status: 'PAID', captured: { amount: 10_000 } });
  });

  it('splits one order across a card and ancv vouchers, the payer choosing a lower voucher amount', async () => {
    const { page, sessionId } = await h.openPage({
      currency: 'EUR',
      total: 10_000,
      orderId: 'split-ancv',
      methods: [{ method: 'ancv' }, { method: 'card' }],
      returnUrl: 'https://shop.example/back',
    });
    const ancv = await page.start({ methodId: 'ancv', amount: 7_000 });
    expect(ancv.status).toBe(201);
    expect(ancv.body.view.attempts[0]).toMatchObject({ method: 'ancv', operation: 'payment', redirect: { kind: 'navigate' } });
    // In the voucher app the payer pays 30.00 of the 70.00 asked: a chosen partial.
    await pressFakePspButton(ancv.body.view.attempts[0]!.redirect!.url, 'approve', { amount: 3_000 });
    const afterVouchers = await page.waitFor(noneInFlight);
    expect(afterVouchers).toMatchObject({ status: 'PENDING', remaining: { amount: 7_000 } });
    expect(afterVouchers.attempts[0]).toMatchObject({ status: 'CAPTURED', partialAuth: 'chosen', requested: { amount: 7_000 }, granted: { amount: 3_000 } });
    expect(afterVouchers.attempts[0]?.awaitingPartialDecision).toBeUndefined();

    await page.payByCard('card', 7_000);
    const view = await page.waitFor(paid);
    expect(view.attempts.map((a) => [a.method, a.status, a.granted.amount])).toEqual([
      ['ancv', 'CAPTURED', 3_000],
      ['card', 'CAPTURED', 7_000],
    ]);
    const session = await readSession(h, sessionId);
    expect(session.body).toMatchObject({ status: 'PAID', captured: { amount: 10_000 } });
    const [vouchers, card] = session.body.attempts as StoredAttempt[];
    expect(vouchers?.transactions.map((t) => [t.type, t.status.kind])).toEqual([['payment', 'succeeded']]);
    expect(card?.transactions.map((t) => [t.type, t.status.kind])).toEqual([
      ['authorization', 'succeeded'],
      ['capture', 'succeeded'],
    ]);
  });

  it('keeps one attempt in flight at a time', async () => {
    const { page } = await h.openPage({ currency: 'EUR', total: 10_000, orderId: 'in-flight', methods: [{ method: 'paypal' }, { method: 'card' }], returnUrl: 'https://shop.example/back' });
    const first = await page.start({ methodId: 'paypal', amount: 5_000 });
    expect(first.status).toBe(201);
    const second = await page.payByCard('card', 5_000);
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('AttemptInFlight');
    // Walking away from the pending attempt frees the page for another.
    const abandoned = await page.abandonAttempt(first.body.attemptId!);
    expect(abandoned.status).toBe(200);
    // Ended already: a CANCELLED attempt has nothing left to abandon (D142-c).
    expect(abandoned.body.view.attempts[0]).toMatchObject({ status: 'CANCELLED', abandonable: false });
    expect((await page.payByCard('card', 5_000)).status).toBe(201);
    expect((await page.abandonAttempt(first.body.attemptId!)).body.code).toBe('AttemptNotAbandonable');
  });

  it('refuses an amount over the remaining balance, and one outside the method range', async () => {
    const { page } = await h.openPage({
      currency: 'EUR',
      total: 10_000,
      orderId: 'amounts',
      methods: [{ method: 'card' }, { method: 'card', id: 'small-card', range: { min: 1_000, max: 20_000 } }],
    });
    const over = await page.payByCard('card', 10_001);
    expect(over.status).toBe(422);
    expect(over.body.code).toBe('AmountExceedsRemaining');
    const below = await page.payByCard('small-card', 999);
    expect(below.status).toBe(422);
    expect(below.body.code).toBe('AmountOutOfRange');
    await page.payByCard('card', 9_500);
    const held = await page.waitFor(noneInFlight);
    // 5.00 remain: outside small-card's window, so it stays listed but not eligible.
    expect(held.methods.find((m) => m.id === 'small-card')).toMatchObject({ eligible: false, range: { min: 1_000, max: 20_000, currency: 'EUR' } });
    expect((await page.payByCard('small-card', 500)).body.code).toBe('MethodNotEligible');
    expect((await page.payByCard('card', 501)).body.code).toBe('AmountExceedsRemaining');
    expect((await page.payByCard('nope', 500)).body.code).toBe('MethodNotFound');
  });

  it('requires the terms before the first tranche and records consent once', async () => {
    const terms = [{ label: 'Conditions générales', url: 'https://shop.example/cgv' }];
    const { page } = await h.openPage({ currency: 'EUR', total: 2_000, orderId: 'terms', methods: [{ method: 'card' }], terms });
    expect((await page.view()).body.view).toMatchObject({ terms });
    expect((await page.view()).body.view.termsAcceptedAt).toBeUndefined();
    const refused = await page.payByCard('card', 2_000);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('TermsNotAccepted');

    const accepted = await page.acceptTerms();
    expect(accepted.status).toBe(200);
    const at = accepted.body.view.termsAcceptedAt;
    expect(at).toBe(h.clock.now());
    h.clock.advance(1_000);
    const again = await page.acceptTerms();
    expect(again.status).toBe(200);
    expect(again.body.view.termsAcceptedAt).toBe(at);

    await page.payByCard('card', 2_000);
    expect((await page.waitFor(paid)).termsAcceptedAt).toBe(at);
  });

  it('forbids a split when the order registers the card, and produces a card alias, announced as cardAlias', async () => {
    const { page, sessionId } = await h.openPage({
      currency: 'EUR',
      total: 8_000,
      orderId: 'alias',
      mustCreateAlias: true,
      notificationUrl: receiver.url('/hooks/alias'),
      methods: [{ method: 'card', createAlias: { mode: 'oneclick', recurringFrequency: 30, recurringExpiry: '2030-12-31' } }, { method: 'paypal' }],
      returnUrl: 'https://shop.example/back',
    });
    const first = (await page.view()).body.view;
    expect(first).toMatchObject({ mustCreateAlias: true });
    expect(first.methods.find((m) => m.id === 'card')).toMatchObject({ eligible: true, mustSettleRemaining: true });
    expect(first.methods.find((m) => m.id === 'paypal')?.eligible).toBe(false);

    const part = await page.payByCard('card', 4_000);
    expect(part.status).toBe(422);
    expect(part.body.code).toBe('AmountOutOfRange');
    await page.payByCard('card', 8_000);
    await page.waitFor(paid);
    const [attempt] = (await readSession(h, sessionId)).body.attempts as StoredAttempt[];
    expect(attempt?.cardAlias).toMatch(/^fka_/);
    expect(JSON.stringify((await page.view()).body.view)).not.toContain(attempt!.cardAlias!);

    // The ending is where the merchant learns the alias (docs/decisions.md D16: cardAlias on the attempt).
    await h.runWorkers();
    const [call] = receiver.callsTo('/hooks/alias');
    const payload = JSON.parse(call?.body ?? '{}') as { status?: string; attempts?: Record<string, unknown>[] };
    expect(payload.status).toBe('PAID');
    expect(payload.attempts).toEqual([expect.objectContaining({ method: 'card', status: 'CAPTURED', cardAlias: attempt!.cardAlias })]);
  });
});

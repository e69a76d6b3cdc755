import type { SessionId, SessionView } from '@splitpay/domain';
import { ElementsClient } from '../support/elements-client';
import { useService } from '../support/use-service';

const noneInFlight = (v: SessionView) => v.attempts.length > 0 && v.attempts.every((a) => a.status !== 'AUTHORIZING');

jest.setTimeout(30_000);

/**
 * The payer's page sends an idempotency-key with each press of Pay (docs/decisions.md D91): when the
 * start's answer is lost and the press is sent again, the service answers the attempt it made instead
 * of holding the money a second time.
 */
describe('elements start door: a press of Pay sent again', () => {
  const h = useService();
  const cardOrder = (orderId: string) => ({ currency: 'EUR', total: 12_000, orderId, methods: [{ method: 'card' }] });
  const card = { method: 'card', cardNumber: '4111111111111111', expiry: '12/30', cvc: '123' };

  it('answers the attempt the first start made, held, and holds nothing more', async () => {
    const { page, sessionId } = await h.openPage(cardOrder('start-replayed'));
    const pressed = new ElementsClient(h.url, page.token, { 'Idempotency-Key': 'press-0001' });
    const first = await pressed.start({ methodId: 'card', amount: 4_000, input: card });
    expect(first.status).toBe(201);
    const held = await page.waitFor(noneInFlight);
    expect(held).toMatchObject({ remaining: { amount: 8_000 }, attempts: [{ status: 'AUTHORIZED' }] });

    const again = await pressed.start({ methodId: 'card', amount: 4_000, input: card });
    expect(again.status).toBe(201);
    expect(again.body.attemptId).toBe(first.body.attemptId);
    expect(again.body.view).toMatchObject({ remaining: { amount: 8_000 }, attempts: [{ attemptId: first.body.attemptId, status: 'AUTHORIZED' }] });
    const stored = await h.stores.sessions.findById(sessionId as SessionId);
    expect(stored?.attempts.map((a) => a.startKey)).toEqual(['press-0001']);
    // The card data is never stored; the key is, on its attempt.
    expect(JSON.stringify(stored)).not.toContain(card.cardNumber);

    // Another press is another key: a second tranche.
    const next = await new ElementsClient(h.url, page.token, { 'Idempotency-Key': 'press-0002' }).start({ methodId: 'card', amount: 4_000, input: card });
    expect(next.status).toBe(201);
    expect(next.body.attemptId).not.toBe(first.body.attemptId);
  });

  it('refuses the same key with another amount with 409 IdempotencyKeyConflict, and a key over 64 characters with 400', async () => {
    const { page } = await h.openPage(cardOrder('start-key-conflict'));
    const pressed = new ElementsClient(h.url, page.token, { 'Idempotency-Key': 'press-0003' });
    expect((await pressed.start({ methodId: 'card', amount: 4_000, input: card })).status).toBe(201);
    await page.waitFor(noneInFlight);
    const other = await pressed.start({ methodId: 'card', amount: 5_000, input: card });
    expect([other.status, other.body.code]).toEqual([409, 'IdempotencyKeyConflict']);
    const long = await new ElementsClient(h.url, page.token, { 'Idempotency-Key': 'k'.repeat(65) }).start({ methodId: 'card', amount: 4_000, input: card });
    expect([long.status, long.body.code]).toEqual([400, 'InvalidRequest']);
    expect((await page.view()).body.view.attempts).toHaveLength(1);
  });

  it('lets a page of another origin send the key (CORS preflight)', async () => {
    const preflight = await fetch(`${h.url}/elements/session/attempts`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://any-shop.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,content-type,idempotency-key' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('idempotency-key');
  });
});

/**
 * A repeat of a recorded start opens nothing at a PSP: the start door's card-testing budgets (D53) do
 * not count it, while every new key is counted (D97). Two starts per token here.
 */
describe('elements start door: a press sent again spends no card-testing budget', () => {
  const h = useService({ env: { ELEMENTS_ATTEMPTS_PER_TOKEN: '2' } });
  const card = { method: 'card', cardNumber: '4111111111111111', expiry: '12/30', cvc: '123' };

  it('answers every repeat of a recorded key, then still starts one more new key; the next new key is refused 429', async () => {
    const { page } = await h.openPage({ currency: 'EUR', total: 12_000, orderId: 'start-replay-budget', methods: [{ method: 'card' }] });
    const press = (key: string) => new ElementsClient(h.url, page.token, { 'Idempotency-Key': key }).start({ methodId: 'card', amount: 4_000, input: card });
    const first = await press('press-budget-1');
    expect(first.status).toBe(201);
    await page.waitFor(noneInFlight);
    for (let repeat = 0; repeat < 3; repeat++) {
      const again = await press('press-budget-1');
      expect([again.status, again.body.attemptId]).toEqual([201, first.body.attemptId]);
    }

    const second = await press('press-budget-2');
    expect(second.status).toBe(201);
    expect(second.body.attemptId).not.toBe(first.body.attemptId);
    const third = await press('press-budget-3');
    expect([third.status, third.body.code]).toEqual([429, 'TooManyRequests']);
    // A repeat is still answered once the budget is spent: it opens nothing.
    expect((await press('press-budget-2')).status).toBe(201);
  });
});

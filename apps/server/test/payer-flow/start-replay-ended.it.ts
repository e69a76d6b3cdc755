import type { SessionView } from '@splitpay/domain';
import { ElementsClient } from '../support/elements-client';
import { useService } from '../support/use-service';

jest.setTimeout(30_000);

// D91-a: a repeat of a recorded start answers its attempt even once the session ended.
describe('a press of Pay sent again after its one-tranche payment completed', () => {
  const h = useService();
  const card = { method: 'card', cardNumber: '4111111111111111', expiry: '12/30', cvc: '123' };

  it('answers the attempt it made (201), not a refusal; a new key is SessionReadOnly', async () => {
    const { page } = await h.openPage({ currency: 'EUR', total: 4_000, orderId: 'start-replay-ended', methods: [{ method: 'card' }] });
    const pressed = new ElementsClient(h.url, page.token, { 'Idempotency-Key': 'press-ended-1' });
    const first = await pressed.start({ methodId: 'card', amount: 4_000, input: card });
    expect(first.status).toBe(201);
    const paid = await page.waitFor((v: SessionView) => v.status === 'PAID');
    expect(paid.status).toBe('PAID');

    const again = await pressed.start({ methodId: 'card', amount: 4_000, input: card });
    expect([again.status, again.body.attemptId]).toEqual([201, first.body.attemptId]);

    const conflicting = await pressed.start({ methodId: 'card', amount: 3_000, input: card });
    expect([conflicting.status, conflicting.body.code]).toEqual([409, 'IdempotencyKeyConflict']);

    const fresh = new ElementsClient(h.url, page.token, { 'Idempotency-Key': 'press-ended-2' });
    const refused = await fresh.start({ methodId: 'card', amount: 4_000, input: card });
    expect([refused.status, refused.body.code]).toEqual([409, 'SessionReadOnly']);
  });
});

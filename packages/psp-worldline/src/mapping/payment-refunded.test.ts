import { applyFact, money, type Session } from '@splitpay/domain';
import { eventFacts } from './webhook-event';

/**
 * `payment.refunded` carrying the payment names no refund: it says the payment's status only. A
 * payment still CAPTURED (a partial refund's event, perhaps late, about an earlier refund) settles
 * nothing; a REFUNDED one settles the attempt's pending refund only if that refund completes it.
 */
const OPENING = 'opening-tx';
const payment = (status: string, statusCode: number) => ({ id: '3066019730_0', status, statusOutput: { statusCode }, paymentOutput: { references: { merchantReference: OPENING } } });
const context = { asked: money(1_000, 'EUR'), payerChoosesAmount: false } as never;
const ctx = { now: 10, newId: () => 'x', policy: { dispatchRetryDelaysMs: [1] } } as never;

/** A captured card attempt of 1 000 with refund r1 (300) succeeded and refund r2 (`pending` amount) pending. */
function refunding(pending: number): Session {
  const t = (id: string, type: string, amount: number, kind: string, providerRef?: string) => ({ id, createdAt: 1, updatedAt: 1, type, amount: money(amount, 'EUR'), status: { kind }, ...(providerRef ? { providerRef } : {}) });
  return {
    id: 's', merchantId: 'm', orderId: 'o', status: 'PAID', currency: 'EUR', total: money(1_000, 'EUR'), captured: money(1_000, 'EUR'), createdAt: 1, updatedAt: 1, expiresAt: 9e15, version: 3,
    offers: [], methods: [],
    attempts: [{
      id: 'a', createdAt: 1, updatedAt: 1, method: 'card', methodId: 'card', provider: 'worldline', status: 'CAPTURED',
      requested: money(1_000, 'EUR'), granted: money(1_000, 'EUR'), refunded: money(300, 'EUR'),
      transactions: [t(OPENING, 'authorization', 1_000, 'succeeded', '3066019730_0'), t('cap', 'capture', 1_000, 'succeeded', '3066019730_0'),
        t('r1', 'refund', 300, 'succeeded', '3066019730_1'), t('r2', 'refund', pending, 'pending')],
    }],
  } as unknown as Session;
}
const r2 = (s: Session) => s.attempts[0]!.transactions.find((x) => x.id === 'r2')!;

describe('payment.refunded carrying the payment', () => {
  it('a payment still CAPTURED (status code 9): no fact, so a stale event about refund #1 never settles refund #2', () => {
    expect(eventFacts({ type: 'payment.refunded', payment: payment('CAPTURED', 9) } as never, context)).toEqual([]);
  });

  it('a REFUNDED payment settles the pending refund that completes the attempt (300 + 700 of 1 000)', () => {
    const facts = eventFacts({ type: 'payment.refunded', payment: payment('REFUNDED', 8) } as never, context);
    expect(facts).toEqual([{ kind: 'refunded', success: true, inFull: true, ref: { providerRef: '3066019730_0' }, statusCode: '8' }]);
    const after = applyFact(refunding(700), facts[0]!, ctx);
    expect(r2(after).status.kind).toBe('succeeded');
    expect(after.attempts[0]!.refunded.amount).toBe(1_000);
  });

  it('a REFUNDED payment leaves a pending refund that would not complete it (300 + 200 of 1 000) pending', () => {
    const [fact] = eventFacts({ type: 'payment.refunded', payment: payment('REFUNDED', 8) } as never, context);
    const session = refunding(200);
    const after = applyFact(session, fact!, ctx);
    expect(after).toBe(session);
    expect(r2(after).status.kind).toBe('pending');
  });
});

import type { MethodOffer } from '../method/method';
import { buildSessionEndedPayload } from '../notification/session-ended.payload';
import { applyFact } from './apply-fact';
import { abandonAttempt } from './payer-decisions';
import { ALL_OFFERS, aSession, authorized, captured, card, ctxAt, T0 } from './session.fixture';
import type { Session } from './session.model';
import { startAttempt } from './start-attempt';

const ctx = ctxAt(T0 + 1_000);

/** A card entry that asks for its own registration (createAlias), on an order that does not. */
const registeringCard: MethodOffer = {
  ...card,
  id: 'registering-card',
  createAlias: { mode: 'oneclick', recurringFrequency: 30, recurringExpiry: '2030-12-31' },
};

/** Pays the whole order by `methodId`; the PSP's grant names `cardAlias`. Returns the PAID session. */
function paidWithAlias(session: Session, methodId: string, cardAlias: string): Session {
  const started = startAttempt(session, { methodId, amount: session.total.amount }, ctx);
  const granted = applyFact(started.session, authorized(started.transactionId, session.total.amount, { cardScheme: 'visa', cardAlias }), ctx);
  const capture = granted.attempts[0]!.transactions.find((t) => t.type === 'capture')!;
  return applyFact(granted, captured(capture.id), ctx);
}

describe('card alias: recorded only when the order asked for a registration', () => {
  it('an alias the PSP returned unasked is not recorded: neither on the attempt nor in the session-ended payload', () => {
    const paid = paidWithAlias(aSession(), 'card', 'unasked-alias');
    expect(paid.status).toBe('PAID');
    expect(paid.attempts[0]).toMatchObject({ status: 'CAPTURED', cardScheme: 'visa' });
    expect(paid.attempts[0]).not.toHaveProperty('cardAlias');
    expect(JSON.stringify(buildSessionEndedPayload(paid))).not.toContain('unasked-alias');
  });

  it('is recorded when the order asked through mustCreateAlias, and announced at the ending', () => {
    const paid = paidWithAlias(aSession({ mustCreateAlias: true }), 'card', 'asked-alias');
    expect(paid.attempts[0]).toMatchObject({ cardAlias: 'asked-alias' });
    const payload = buildSessionEndedPayload(paid) as { attempts: Record<string, unknown>[] };
    expect(payload.attempts[0]).toMatchObject({ cardAlias: 'asked-alias' });
  });

  it('is recorded when the method entry asked through its own createAlias', () => {
    const paid = paidWithAlias(aSession({ methods: [...ALL_OFFERS, registeringCard] }), 'registering-card', 'entry-alias');
    expect(paid.attempts[0]).toMatchObject({ cardAlias: 'entry-alias' });
  });

  it('a late grant handed back at once follows the same rule', () => {
    const session = aSession();
    const started = startAttempt(session, { methodId: 'card', amount: 4_000 }, ctx);
    const abandoned = abandonAttempt(started.session, started.session.attempts[0]!.id, ctx);
    const late = applyFact(abandoned, authorized(started.transactionId, 4_000, { cardAlias: 'late-alias' }), ctx);
    expect(late.attempts[0]?.releasedAt).toBe(ctx.now);
    expect(late.attempts[0]).not.toHaveProperty('cardAlias');

    const asked = startAttempt(aSession({ mustCreateAlias: true }), { methodId: 'card', amount: 10_000 }, ctx);
    const askedAbandoned = abandonAttempt(asked.session, asked.session.attempts[0]!.id, ctx);
    const askedLate = applyFact(askedAbandoned, authorized(asked.transactionId, 10_000, { cardAlias: 'late-asked' }), ctx);
    expect(askedLate.attempts[0]).toMatchObject({ cardAlias: 'late-asked' });
  });
});

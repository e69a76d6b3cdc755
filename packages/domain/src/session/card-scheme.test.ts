import { createSession } from '../creation/create-session';
import { context, request } from '../creation/creation.fixtures';
import type { CardScheme } from '../method/method';
import { money } from '../money/money';
import { buildSessionEndedPayload } from '../notification/session-ended.payload';
import { remainingBalance } from '../rules/remaining-balance.rule';
import { sessionView } from '../view/session-view';
import { applyFact } from './apply-fact';
import { owedOperations } from './owed-operations';
import { authorized, captured, ctxAt, EUR, voided } from './session.fixture';
import type { Session } from './session.model';
import { startAttempt } from './start-attempt';

const NOW = 1_700_000_000_000;
const ctx = ctxAt(NOW + 1_000);

/** A session whose card entry accepts Mastercard only. */
const mastercardOnly = (): Session => createSession(request({ methods: [{ method: 'card', schemes: ['mastercard'] }] }), context({ now: NOW }));

/** The card's whole grant, the PSP naming `cardScheme` (or no network). */
function grantedOn(session: Session, cardScheme: CardScheme | undefined, amount = 4_000) {
  const started = startAttempt(session, { methodId: 'card', amount }, ctx);
  const next = applyFact(started.session, authorized(started.transactionId, amount, cardScheme ? { cardScheme } : {}), ctx);
  return { started, next };
}

describe('card schemes: a grant on a network the offer does not list is refused and handed back', () => {
  it('a Visa grant on a Mastercard-only offer: released with one void owed, VOIDED once voided, method-unavailable', () => {
    const { started, next } = grantedOn(mastercardOnly(), 'visa');
    expect(next.attempts[0]).toMatchObject({ status: 'AUTHORIZED', cardScheme: 'visa', releasedAt: ctx.now, declineCategory: 'method-unavailable' });
    expect(remainingBalance(next)).toEqual(money(10_000, EUR));
    const owed = owedOperations(next, Number.MAX_SAFE_INTEGER);
    expect(owed).toEqual([expect.objectContaining({ type: 'void', amount: money(4_000, EUR), target: { transactionId: started.transactionId } })]);

    const released = applyFact(next, voided(owed[0]!.transactionId), ctx);
    expect(released.status).toBe('PENDING');
    const view = sessionView(released, { now: ctx.now });
    expect(view.attempts[0]).toMatchObject({ status: 'VOIDED', cardScheme: 'visa', declineCategory: 'method-unavailable', released: true });
    expect(view.methods[0]).toMatchObject({ schemes: ['mastercard'], eligible: true });
    // The payer pays with an accepted card at once.
    const again = grantedOn(released, 'mastercard', 10_000).next;
    expect(again.attempts[1]).toMatchObject({ status: 'AUTHORIZED', cardScheme: 'mastercard' });
    expect(again.status).toBe('CAPTURING');
  });

  it('the ending tells the merchant why the refused tranche took nothing: method-unavailable on its attempt', () => {
    const { next } = grantedOn(mastercardOnly(), 'visa');
    const released = applyFact(next, voided(owedOperations(next, Number.MAX_SAFE_INTEGER)[0]!.transactionId), ctx);
    const covered = grantedOn(released, 'mastercard', 10_000).next;
    const paid = applyFact(covered, captured(owedOperations(covered, Number.MAX_SAFE_INTEGER)[0]!.transactionId), ctx);
    expect(paid.status).toBe('PAID');
    const payload = buildSessionEndedPayload(paid) as { attempts: Record<string, unknown>[] };
    expect(payload.attempts[0]).toMatchObject({ status: 'VOIDED', cardScheme: 'visa', declineCategory: 'method-unavailable' });
    expect(payload.attempts[1]).toMatchObject({ status: 'CAPTURED', cardScheme: 'mastercard' });
    expect(payload.attempts[1]).not.toHaveProperty('declineCategory');
  });

  it('a grant on a listed network is authorized', () => {
    const { next } = grantedOn(mastercardOnly(), 'mastercard');
    expect(next.attempts[0]).toMatchObject({ status: 'AUTHORIZED', cardScheme: 'mastercard' });
    expect(next.attempts[0]).not.toHaveProperty('releasedAt');
    expect(next.attempts[0]).not.toHaveProperty('declineCategory');
    expect(remainingBalance(next)).toEqual(money(6_000, EUR));
  });

  it('a grant naming no network is authorized: nothing tells it is not one the offer lists', () => {
    const { next } = grantedOn(mastercardOnly(), undefined);
    expect(next.attempts[0]).toMatchObject({ status: 'AUTHORIZED', granted: money(4_000, EUR) });
    expect(next.attempts[0]).not.toHaveProperty('releasedAt');
    expect(owedOperations(next, Number.MAX_SAFE_INTEGER)).toEqual([]);
  });

  it('a co-badged card the PSP reports as visa is refused on an offer listing only cb', () => {
    const cbOnly = createSession(request({ methods: [{ method: 'card', schemes: ['cb'] }] }), context({ now: NOW }));
    expect(grantedOn(cbOnly, 'visa').next.attempts[0]).toMatchObject({ releasedAt: ctx.now, declineCategory: 'method-unavailable' });
  });
});

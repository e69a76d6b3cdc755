import type { MethodOffer } from '../method/method';
import { HOLD_CAPS } from '../testing';
import { applyFact } from './apply-fact';
import { overdueAuthorizations } from './overdue';
import { owedOperations } from './owed-operations';
import { abandonAttempt, abandonSession } from './payer-decisions';
import { recordOpenOutcome } from './record-open-outcome';
import { nextDueAt } from './schedule';
import { aSession, ctxAt, T0, TTL, voided } from './session.fixture';
import type { Session } from './session.model';
import { startAttempt } from './start-attempt';
import { expireIfDue } from './timeouts';
import { markConfirmSent } from './wallet-confirm';

// Apple Pay as Adyen has it: the start opens nothing there (no reference); as the fake PSP has it: a payment waits for the token.
const noObjectAtPsp: MethodOffer = { id: 'applepay', method: 'applepay', provider: 'adyen', capabilities: { ...HOLD_CAPS, statusLookup: false, confirm: true }, partialRefunds: true };
const waitingAtPsp: MethodOffer = { ...noObjectAtPsp, provider: 'fake', capabilities: { ...HOLD_CAPS, confirm: true } };

const ctx = ctxAt(T0 + 1_000);
const far = Number.MAX_SAFE_INTEGER;

function started(offer: MethodOffer, providerRef?: string): { session: Session; attemptId: string } {
  const s = startAttempt(aSession({ methods: [offer] }), { methodId: offer.id, amount: 4_000 }, ctx);
  const acked = recordOpenOutcome(s.session, s.attemptId, { ack: { outcome: 'accepted', ...(providerRef ? { providerRef } : {}) }, facts: [] }, ctx);
  return { session: acked, attemptId: s.attemptId };
}

function ended(session: Session) {
  const attempt = session.attempts[0]!;
  return { status: attempt.status, opening: attempt.transactions[0]?.status.kind, verdictDueAt: attempt.verdictDueAt };
}

describe('an in-page wallet whose token never came, when its session ends', () => {
  it('expiry: the attempt is CANCELLED and its opening cancelled; nothing owed, looked up or alerted; the session EXPIRED', () => {
    const { session } = started(noObjectAtPsp);
    const expired = expireIfDue(session, ctxAt(T0 + TTL));
    expect(expired.status).toBe('EXPIRED');
    expect(ended(expired)).toEqual({ status: 'CANCELLED', opening: 'cancelled', verdictDueAt: undefined });
    expect(owedOperations(expired, far)).toEqual([]);
    expect(overdueAuthorizations(expired, far)).toEqual([]);
    expect(nextDueAt(expired)).toBeUndefined();
  });

  it('the payer abandons the payment: ABORTED, the attempt CANCELLED, its opening cancelled', () => {
    const { session } = started(noObjectAtPsp);
    const aborted = abandonSession(session, ctxAt(T0 + 2_000));
    expect(aborted.status).toBe('ABORTED');
    expect(ended(aborted)).toEqual({ status: 'CANCELLED', opening: 'cancelled', verdictDueAt: undefined });
    expect(owedOperations(aborted, far)).toEqual([]);
  });

  it('the payer abandons the attempt alone: CANCELLED with its opening cancelled, not left awaiting a verdict', () => {
    const { session, attemptId } = started(noObjectAtPsp);
    const next = abandonAttempt(session, attemptId, ctxAt(T0 + 2_000));
    expect(ended(next)).toEqual({ status: 'CANCELLED', opening: 'cancelled', verdictDueAt: undefined });
    expect(overdueAuthorizations(next, far)).toEqual([]);
  });

  it('a payment its PSP opened to wait for the token is cancelled there by a void; the session ends once it is done', () => {
    const { session } = started(waitingAtPsp, 'fkp_waiting');
    const expiring = expireIfDue(session, ctxAt(T0 + TTL));
    expect(expiring.status).toBe('EXPIRING');
    expect(ended(expiring)).toEqual({ status: 'CANCELLED', opening: 'cancelled', verdictDueAt: undefined });
    const [owed, ...more] = owedOperations(expiring, far);
    expect(more).toEqual([]);
    expect(owed).toMatchObject({ type: 'void', target: { providerRef: 'fkp_waiting' } });
    const done = applyFact(expiring, voided(owed!.transactionId), ctxAt(T0 + TTL + 1));
    expect(done.status).toBe('EXPIRED');
    expect(done.attempts[0]?.status).toBe('CANCELLED');
  });

  it('a wallet whose token was sent keeps waiting for its verdict (the token may have paid)', () => {
    const { session, attemptId } = started(noObjectAtPsp);
    const confirmed = markConfirmSent(session, attemptId, 'applepay', ctxAt(T0 + 2_000));
    const expired = expireIfDue(confirmed, ctxAt(T0 + TTL));
    expect(expired.attempts[0]?.status).toBe('AUTHORIZING');
    expect(expired.attempts[0]?.transactions[0]?.status.kind).toBe('pending');
  });
});

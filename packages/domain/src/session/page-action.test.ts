import type { PageAction } from '../attempt/attempt.model';
import { DomainError } from '../errors/domain-error';
import { sessionView } from '../view/session-view';
import { applyFact } from './apply-fact';
import { takePageAction } from './page-action';
import { recordOpenOutcome } from './record-open-outcome';
import { aSession, authorized, ctxAt, T0 } from './session.fixture';
import { startAttempt } from './start-attempt';

const ctx = ctxAt(T0 + 1_000);
const FINGERPRINT: PageAction = { kind: 'hosted-fields', action: { type: 'threeDS2', subtype: 'fingerprint', token: 'eyJ0' }, resultFields: ['threeDSResult'] };
const CHALLENGE: PageAction = { kind: 'hosted-fields', action: { type: 'threeDS2', subtype: 'challenge', token: 'eyJj' } };

/** A card tranche whose opening the PSP answered with an in-page action. */
function withFingerprint() {
  const s = startAttempt(aSession(), { methodId: 'card', amount: 4_000 }, ctx);
  return { attemptId: s.attemptId, session: recordOpenOutcome(s.session, s.attemptId, { ack: { outcome: 'accepted' }, pageAction: FINGERPRINT, facts: [] }, ctx) };
}

describe("an attempt's in-page action", () => {
  it('is recorded from the opening, shown in the view while AUTHORIZING, and no longer once a verdict came', () => {
    const { session, attemptId } = withFingerprint();
    expect(session.attempts[0]?.pageAction).toEqual(FINGERPRINT);
    expect(sessionView(session, { now: T0 + 2_000 }).attempts[0]?.pageAction).toEqual(FINGERPRINT);
    const transactionId = session.attempts[0]!.transactions[0]!.id;
    const granted = applyFact(session, authorized(transactionId, 4_000), ctx);
    expect(granted.attempts.find((a) => a.id === attemptId)?.status).toBe('AUTHORIZED');
    expect(sessionView(granted, { now: T0 + 2_000 }).attempts[0]).not.toHaveProperty('pageAction');
  });

  it("is taken once: the result's answer may record the next one; a second take is ConfirmNotApplicable", () => {
    const { session, attemptId } = withFingerprint();
    const taken = takePageAction(session, attemptId, 'card', ['threeDSResult'], ctx);
    expect(taken.taken).toEqual(FINGERPRINT);
    expect(taken.session.attempts[0]).not.toHaveProperty('pageAction');
    expect(() => takePageAction(taken.session, attemptId, 'card', ['threeDSResult'], ctx)).toThrow(expect.objectContaining({ code: 'ConfirmNotApplicable' }));
    const next = recordOpenOutcome(taken.session, attemptId, { ack: { outcome: 'accepted' }, pageAction: CHALLENGE, facts: [] }, ctx);
    expect(takePageAction(next, attemptId, 'card', ['threeDSResult'], ctx).taken).toEqual(CHALLENGE);
  });

  it('is refused for an input of another method, an unknown attempt, an ended session', () => {
    const { session, attemptId } = withFingerprint();
    expect(() => takePageAction(session, attemptId, 'applepay', ['threeDSResult'], ctx)).toThrow(expect.objectContaining({ code: 'ConfirmNotApplicable' }));
    expect(() => takePageAction(session, '0190c0de-0000-7000-8000-00000000dead', 'card', ['threeDSResult'], ctx)).toThrow(expect.objectContaining({ code: 'AttemptNotFound' }));
    expect(() => takePageAction(session, attemptId, 'card', ['threeDSResult'], ctxAt(session.expiresAt + 1))).toThrow(DomainError);
  });

  it("refuses a result whose names are none of the action's resultFields, or others too, with InvalidRequest naming the accepted ones: the action stays due", () => {
    const { session, attemptId } = withFingerprint();
    for (const names of [['foo'], [], ['threeDSResult', 'foo'], ['redirectResult']]) {
      let refusal: unknown;
      try {
        takePageAction(session, attemptId, 'card', names, ctx);
      } catch (error) {
        refusal = error;
      }
      expect(refusal).toBeInstanceOf(DomainError);
      expect(refusal).toMatchObject({ code: 'InvalidRequest', message: expect.stringContaining('threeDSResult') });
    }
    expect(session.attempts[0]?.pageAction).toEqual(FINGERPRINT);
    expect(takePageAction(session, attemptId, 'card', ['threeDSResult'], ctx).taken).toEqual(FINGERPRINT);
  });

  it('takes any result for an action that names no resultFields (one stored before they existed): the driver judges it', () => {
    const s = startAttempt(aSession(), { methodId: 'card', amount: 4_000 }, ctx);
    const legacy = recordOpenOutcome(s.session, s.attemptId, { ack: { outcome: 'accepted' }, pageAction: CHALLENGE, facts: [] }, ctx);
    expect(takePageAction(legacy, s.attemptId, 'card', ['foo'], ctx).taken).toEqual(CHALLENGE);
  });
});

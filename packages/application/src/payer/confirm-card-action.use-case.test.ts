import { recordOpenOutcome, startAttempt, DomainError, type ActionResultInput, type OpenOutput, type PageAction, type PspDriver, type Session } from '@splitpay/domain';
import { CapturingLogger, CARD_CAPS } from '@splitpay/domain/src/testing';
import { createEmbeddedStores } from '@splitpay/store-embedded';
import { ConfirmAttemptUseCase } from './confirm-attempt.use-case';
import { aSession, ctxAt, T0 } from './payer.fixture';
import { payerUseCaseParts, type TestStores } from '../testing/payer-use-case.fixture';

const FINGERPRINT: PageAction = { kind: 'hosted-fields', action: { type: 'threeDS2', subtype: 'fingerprint', token: 'fp-token' }, resultFields: ['threeDSResult'] };
const CHALLENGE: PageAction = { kind: 'hosted-fields', action: { type: 'threeDS2', subtype: 'challenge', token: 'ch-token' }, resultFields: ['threeDSResult'] };
const FINGERPRINT_RESULT = 'ZmluZ2VycHJpbnQtcmVzdWx0LXNlY3JldA==';
const CHALLENGE_RESULT = 'Y2hhbGxlbmdlLXJlc3VsdC1zZWNyZXQ=';

/** A card driver on provider `psp` whose PSP asks for a challenge after the fingerprint, then only acknowledges. */
class CardActionDriver implements Partial<PspDriver> {
  readonly provider = 'psp';
  readonly method = 'card' as const;
  readonly capabilities = CARD_CAPS;
  readonly calls: ActionResultInput[] = [];
  async completeAction(input: ActionResultInput): Promise<OpenOutput> {
    this.calls.push(input);
    return this.calls.length === 1 ? { ack: { outcome: 'accepted', code: 'ChallengeShopper' }, pageAction: CHALLENGE, facts: [] } : { ack: { outcome: 'accepted', code: 'Received' }, facts: [] };
  }
}

/** A stored session whose card tranche of 40.00 the PSP opened with a 3-D Secure 2 fingerprint to run in the page. */
async function cardTrancheWithFingerprint() {
  const stores = createEmbeddedStores();
  const started = startAttempt(aSession(), { methodId: 'card', amount: 4_000 }, ctxAt(T0));
  const opened = recordOpenOutcome(started.session, started.attemptId, { ack: { outcome: 'accepted', code: 'IdentifyShopper' }, pageAction: FINGERPRINT, facts: [] }, ctxAt(T0));
  await stores.sessions.insert({ ...opened, version: 1 });
  return { stores, session: (await stores.sessions.findById(opened.id))!, attemptId: started.attemptId };
}

function useCaseOver(stores: TestStores, session: Session, driver: CardActionDriver, logger: CapturingLogger) {
  const { deps, access, views } = payerUseCaseParts(stores, session, [driver as unknown as PspDriver], logger);
  return new ConfirmAttemptUseCase(deps, access, views);
}

const stored = async (stores: TestStores, session: Session) => (await stores.sessions.findById(session.id))!;

describe('ConfirmAttemptUseCase (a card page sends the result of its in-page action)', () => {
  it("hands the result to the driver's completeAction with the opening as target, records the next action, then none", async () => {
    const { stores, session, attemptId } = await cardTrancheWithFingerprint();
    const driver = new CardActionDriver();
    const logger = new CapturingLogger();
    const useCase = useCaseOver(stores, session, driver, logger);

    await useCase.execute('pst_x', attemptId, { input: { method: 'card', details: { threeDSResult: FINGERPRINT_RESULT } }, payerDevice: { ip: '203.0.113.9' } });
    const opening = session.attempts[0]!.transactions[0]!;
    expect(driver.calls[0]).toMatchObject({ target: { transactionId: opening.id }, transactionId: opening.id, amount: { amount: 4_000 }, details: { threeDSResult: FINGERPRINT_RESULT }, payerDevice: { ip: '203.0.113.9' } });
    const afterFingerprint = await stored(stores, session);
    expect(afterFingerprint.attempts[0]).toMatchObject({ status: 'AUTHORIZING', pageAction: CHALLENGE });

    await useCaseOver(stores, afterFingerprint, driver, logger).execute('pst_x', attemptId, { input: { method: 'card', details: { threeDSResult: CHALLENGE_RESULT } } });
    const afterChallenge = await stored(stores, session);
    expect(afterChallenge.attempts[0]?.status).toBe('AUTHORIZING');
    expect(afterChallenge.attempts[0]).not.toHaveProperty('pageAction');
    // An acknowledgement, not a verdict: the opening still awaits its notification.
    expect(afterChallenge.attempts[0]?.transactions[0]?.status.kind).toBe('pending');
    for (const secret of [FINGERPRINT_RESULT, CHALLENGE_RESULT, '203.0.113.9']) {
      expect(JSON.stringify(afterChallenge)).not.toContain(secret);
      expect(logger.lines.join("\n")).not.toContain(secret);
    }
    expect(logger.lines.some((l) => l.includes("psp.action_completed"))).toBe(true);
  });

  it('refuses a result when no action is due (sent twice, or never asked) with ConfirmNotApplicable, calling no driver', async () => {
    const { stores, session, attemptId } = await cardTrancheWithFingerprint();
    const driver = new CardActionDriver();
    const input = { method: 'card' as const, details: { threeDSResult: FINGERPRINT_RESULT } };
    await useCaseOver(stores, session, driver, new CapturingLogger()).execute('pst_x', attemptId, { input });
    await useCaseOver(stores, await stored(stores, session), driver, new CapturingLogger()).execute('pst_x', attemptId, { input: { method: 'card', details: { threeDSResult: CHALLENGE_RESULT } } });
    const settled = await stored(stores, session);
    const again = useCaseOver(stores, settled, driver, new CapturingLogger()).execute('pst_x', attemptId, { input });
    await expect(again).rejects.toBeInstanceOf(DomainError);
    await expect(again).rejects.toMatchObject({ code: 'ConfirmNotApplicable' });
    expect(driver.calls).toHaveLength(2);
  });

  it("refuses a result the action's PSP cannot use (none of its resultFields, or others) with InvalidRequest before the action is taken: nothing recorded, no driver call, the action still due", async () => {
    const { stores, session, attemptId } = await cardTrancheWithFingerprint();
    const driver = new CardActionDriver();
    const logger = new CapturingLogger();
    const secret = 'dGFtcGVyZWQtcmVzdWx0';
    for (const details of [{ foo: secret }, { threeDSResult: FINGERPRINT_RESULT, foo: secret }] as Record<string, string>[]) {
      const run = useCaseOver(stores, session, driver, logger).execute('pst_x', attemptId, { input: { method: 'card', details } });
      await expect(run).rejects.toBeInstanceOf(DomainError);
      await expect(run).rejects.toMatchObject({ code: 'InvalidRequest', message: expect.stringContaining('threeDSResult') });
      await expect(run).rejects.not.toMatchObject({ message: expect.stringContaining(secret) });
    }
    expect(driver.calls).toHaveLength(0);
    const after = await stored(stores, session);
    expect(after.version).toBe(session.version);
    expect(after.attempts[0]).toEqual(session.attempts[0]);
    expect(after.attempts[0]).toMatchObject({ status: 'AUTHORIZING', pageAction: FINGERPRINT });
    expect(logger.lines.join('\n')).not.toContain(secret);
    // The page's right result is still taken.
    await useCaseOver(stores, after, driver, logger).execute('pst_x', attemptId, { input: { method: 'card', details: { threeDSResult: FINGERPRINT_RESULT } } });
    expect(driver.calls).toHaveLength(1);
  });

  it('answers InternalError once recorded when the driver had no usable answer (its resends spent, or it threw): the attempt in flight, its action not put back, the result not sent again (D138)', async () => {
    for (const fault of ['unknown', 'throws'] as const) {
      const { stores, session, attemptId } = await cardTrancheWithFingerprint();
      const driver = new CardActionDriver();
      driver.completeAction = async (input: ActionResultInput) => {
        driver.calls.push(input);
        if (fault === 'throws') throw new Error('socket hang up');
        return { ack: { outcome: 'unknown', message: 'socket hang up' }, facts: [] };
      };
      const input = { method: 'card' as const, details: { threeDSResult: FINGERPRINT_RESULT } };
      const run = useCaseOver(stores, session, driver, new CapturingLogger()).execute('pst_x', attemptId, { input });
      await expect(run).rejects.toMatchObject({ code: 'InternalError' });
      await expect(run).rejects.not.toMatchObject({ message: expect.stringContaining('socket') });
      const after = await stored(stores, session);
      expect(after.attempts[0]?.status).toBe('AUTHORIZING');
      expect(after.attempts[0]).not.toHaveProperty('pageAction');
      expect(after.attempts[0]?.transactions[0]?.status.kind).toBe('pending');
      const again = useCaseOver(stores, after, driver, new CapturingLogger()).execute('pst_x', attemptId, { input });
      await expect(again).rejects.toMatchObject({ code: 'ConfirmNotApplicable' });
      expect(driver.calls).toHaveLength(1);
    }
  });

  it('refuses a card result on an attempt of another method', async () => {
    const stores = createEmbeddedStores();
    const started = startAttempt(aSession(), { methodId: 'applepay', amount: 4_000 }, ctxAt(T0));
    const opened = recordOpenOutcome(started.session, started.attemptId, { ack: { outcome: 'accepted' }, facts: [] }, ctxAt(T0));
    await stores.sessions.insert({ ...opened, version: 1 });
    const session = (await stores.sessions.findById(opened.id))!;
    const run = useCaseOver(stores, session, new CardActionDriver(), new CapturingLogger()).execute('pst_x', started.attemptId, { input: { method: 'card', details: { threeDSResult: 'x' } } });
    await expect(run).rejects.toMatchObject({ code: 'ConfirmNotApplicable' });
  });
});

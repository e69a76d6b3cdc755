import { isDomainError, recordOpenOutcome, startAttempt, type PageAction, type PspDriver } from '@splitpay/domain';
import { CapturingLogger, CARD_CAPS, HOLD_CAPS } from '@splitpay/domain/src/testing';
import { createEmbeddedStores } from '@splitpay/store-embedded';
import { ConfirmAttemptUseCase } from './confirm-attempt.use-case';
import { aSession, ctxAt, T0 } from './payer.fixture';
import { payerUseCaseParts } from '../testing/payer-use-case.fixture';

const FINGERPRINT: PageAction = { kind: 'hosted-fields', action: { type: 'threeDS2', subtype: 'fingerprint', token: 'fp-token' }, resultFields: ['threeDSResult'] };
const CARD_RESULT = { method: 'card', details: { threeDSResult: 'cmVzdWx0LXNlY3JldA==' } } as const;
const WALLET_TOKEN = { method: 'applepay', paymentToken: '{"data":"d2FsbGV0LXNlY3JldA=="}' } as const;

/** A stored session whose tranche of `methodId` the PSP opened (a card's with a fingerprint due in the page). */
async function openedTranche(methodId: 'card' | 'applepay') {
  const stores = createEmbeddedStores();
  const started = startAttempt(aSession(), { methodId, amount: 4_000 }, ctxAt(T0));
  const pageAction = methodId === 'card' ? { pageAction: FINGERPRINT } : {};
  const opened = recordOpenOutcome(started.session, started.attemptId, { ack: { outcome: 'accepted' }, ...pageAction, facts: [] }, ctxAt(T0));
  await stores.sessions.insert({ ...opened, version: 1 });
  return { stores, session: (await stores.sessions.findById(opened.id))!, attemptId: started.attemptId };
}

async function confirmWith(driver: Partial<PspDriver>, methodId: 'card' | 'applepay') {
  const { stores, session, attemptId } = await openedTranche(methodId);
  const logger = new CapturingLogger();
  const { deps, access, views } = payerUseCaseParts(stores, session, [driver], logger);
  // A confirm without a usable answer, a wallet's token or a card's action result, is answered InternalError (D126-b, D138).
  const answered = await new ConfirmAttemptUseCase(deps, access, views)
    .execute('pst_x', attemptId, { input: methodId === 'card' ? CARD_RESULT : WALLET_TOKEN })
    .then(() => 'view', (error: unknown) => (isDomainError(error) ? error.code : error));
  return { logger, after: (await stores.sessions.findById(session.id))!, attemptId, answered };
}

const throwing = async (): Promise<never> => {
  throw new Error('socket hang up');
};

describe('ConfirmAttemptUseCase when the driver has no such call or fails', () => {
  it.each([
    ['confirm', 'applepay', { provider: 'psp', method: 'applepay', capabilities: HOLD_CAPS }],
    ['action', 'card', { provider: 'psp', method: 'card', capabilities: CARD_CAPS }],
  ] as const)('logs psp.driver_missing (type %s) when the driver of the %s tranche lacks the call, and sends nothing', async (type, methodId, driver) => {
    const { logger, attemptId, answered } = await confirmWith(driver as Partial<PspDriver>, methodId);
    expect(answered).toBe('InternalError');
    expect(logger.named('psp.driver_missing')).toEqual([{ level: 'error', event: 'psp.driver_missing', fields: { sessionId: expect.any(String), attemptId, provider: 'psp', method: methodId, type } }]);
    expect(logger.named('psp.driver_failed')).toHaveLength(0);
  });

  it.each([
    ['confirm', 'applepay', { provider: 'psp', method: 'applepay', capabilities: { ...HOLD_CAPS, confirm: true }, confirm: throwing }],
    ['action', 'card', { provider: 'psp', method: 'card', capabilities: CARD_CAPS, completeAction: throwing }],
  ] as const)('logs psp.driver_failed (type %s) with the error when the driver of the %s tranche throws, and neither the token nor the result', async (type, methodId, driver) => {
    const { logger, attemptId, answered } = await confirmWith(driver as unknown as Partial<PspDriver>, methodId);
    expect(answered).toBe('InternalError');
    const [failed, ...more] = logger.named('psp.driver_failed');
    expect(more).toHaveLength(0);
    expect(failed?.fields).toMatchObject({ attemptId, provider: 'psp', method: methodId, type, error: expect.objectContaining({ message: 'socket hang up' }) });
    expect(logger.named('psp.driver_missing')).toHaveLength(0);
    expect(logger.lines.join('\n')).not.toMatch(/cmVzdWx0LXNlY3JldA|d2FsbGV0LXNlY3JldA/);
  });

  it.each([
    ['lacks completeAction', { provider: 'psp', method: 'card', capabilities: CARD_CAPS }],
    ['throws', { provider: 'psp', method: 'card', capabilities: CARD_CAPS, completeAction: throwing }],
  ] as const)('does not put the card action back when the driver %s: the attempt in flight, its opening pending (D138)', async (_, driver) => {
    const { after } = await confirmWith(driver as unknown as Partial<PspDriver>, 'card');
    expect(after.attempts[0]).not.toHaveProperty('pageAction');
    expect(after.attempts[0]).toMatchObject({ status: 'AUTHORIZING', transactions: [{ status: { kind: 'pending' } }] });
  });
});

import type { Session } from '@splitpay/domain';
import { CapturingLogger } from '@splitpay/domain/src/testing';
import { payerUseCaseParts, storedPayerSession, type TestStores } from '../testing/payer-use-case.fixture';
import { StartAttemptUseCase } from './start-attempt.use-case';

/** Provider `psp` registered on this instance without a card driver (a session created where it had one). */
function useCaseWithoutCardDriver(stores: TestStores, session: Session, logger: CapturingLogger) {
  const { deps, access, views } = payerUseCaseParts(stores, session, [], logger);
  return new StartAttemptUseCase(deps, access, views);
}

describe('StartAttemptUseCase when no driver serves the method on this instance', () => {
  it('declines the tranche as method-unavailable; its operation carries the service sentence only (no code, no category, no ack)', async () => {
    const { stores, session } = await storedPayerSession();
    const logger = new CapturingLogger();
    const { attemptId } = await useCaseWithoutCardDriver(stores, session, logger).execute('pst_x', { methodId: 'card', amount: 4_000 });

    const attempt = (await stores.sessions.findById(session.id))!.attempts.find((a) => a.id === attemptId)!;
    expect(attempt).toMatchObject({ status: 'DECLINED', declineCategory: 'method-unavailable' });
    expect(attempt.transactions).toHaveLength(1);
    expect(attempt.transactions[0]!.status).toEqual({ kind: 'failed', statusMessage: 'No driver serves this method' });
    expect(attempt.transactions[0]!.ack).toBeUndefined();
    expect(logger.named('psp.driver_missing')).toEqual([
      { level: 'error', event: 'psp.driver_missing', fields: { sessionId: session.id, attemptId, provider: 'psp', method: 'card', type: 'open' } },
    ]);
  });
});

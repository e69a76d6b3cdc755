import { DEFAULT_POLICY, nextDueAt, PspRegistry, type PspDriver, type Session } from '@splitpay/domain';
import { CapturingLogger } from '@splitpay/domain/src/testing';
import { CounterMetrics, ManualClock, UuidV7IdGenerator } from '@splitpay/infra';
import { createEmbeddedStores } from '@splitpay/store-embedded';
import { OwedOperationDispatcher } from '../psp/owed-operation.dispatcher';
import { PspGateway } from '../psp/psp-gateway';
import { SessionWriter } from '../session-writer';
import type { ElementsAccess } from './elements-access';
import type { PayerDeps } from './payer.deps';
import { aSession, T0 } from './payer.fixture';
import { StartAttemptUseCase } from './start-attempt.use-case';
import type { ViewPresenter } from './view-presenter';

/** Provider `psp` registered on this instance without a card driver (a session created where it had one). */
function useCaseWithoutCardDriver(stores: ReturnType<typeof createEmbeddedStores>, session: Session, logger: CapturingLogger) {
  const clock = new ManualClock(T0);
  const registry = new PspRegistry([{ id: 'psp', drivers: [], parseNotification: async () => ({ kind: 'rejected', reason: '', reply: { status: 401, contentType: '', body: '' } }) }]);
  const gateway = new PspGateway({ registry, merchants: { findById: async () => null } as never, sealer: { open: (s) => s } });
  const writer = new SessionWriter({ sessions: stores.sessions, clock, ids: new UuidV7IdGenerator(), policy: DEFAULT_POLICY, nextDueAt });
  const dispatcher = new OwedOperationDispatcher({ gateway, writer, logger, metrics: new CounterMetrics() });
  const deps = { sessions: stores.sessions, writer, gateway, dispatcher, clock, logger, publicBaseUrl: () => 'https://pay.example/' } as unknown as PayerDeps;
  const access = { act: async () => session } as unknown as ElementsAccess;
  const views = { present: async () => ({}) } as unknown as ViewPresenter;
  return new StartAttemptUseCase(deps, access, views);
}

describe('StartAttemptUseCase when no driver serves the method on this instance', () => {
  it('declines the tranche as method-unavailable; its operation carries the service sentence only (no code, no category, no ack)', async () => {
    const stores = createEmbeddedStores();
    const created = aSession();
    await stores.sessions.insert({ ...created, version: 1 });
    const session = (await stores.sessions.findById(created.id))!;
    const logger = new CapturingLogger();
    const { attemptId } = await useCaseWithoutCardDriver(stores, session, logger).execute('pst_x', { methodId: 'card', amount: 4_000 });

    const attempt = (await stores.sessions.findById(session.id))!.attempts.find((a) => a.id === attemptId)!;
    expect(attempt).toMatchObject({ status: 'DECLINED', declineCategory: 'method-unavailable' });
    expect(attempt.transactions).toHaveLength(1);
    expect(attempt.transactions[0]!.status).toEqual({ kind: 'failed', statusMessage: 'No driver serves this method' });
    expect(attempt.transactions[0]!.ack).toBeUndefined();
    expect(logger.named('psp.driver_missing')).toHaveLength(1);
  });
});

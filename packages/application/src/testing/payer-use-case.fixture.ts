import { DEFAULT_POLICY, nextDueAt, PspRegistry, type PspDriver, type Session } from '@splitpay/domain';
import type { CapturingLogger } from '@splitpay/domain/src/testing';
import { CounterMetrics, ManualClock, UuidV7IdGenerator } from '@splitpay/infra';
import { createEmbeddedStores } from '@splitpay/store-embedded';
import { OwedOperationDispatcher } from '../psp/owed-operation.dispatcher';
import { PspGateway } from '../psp/psp-gateway';
import { SessionWriter } from '../session-writer';
import type { ElementsAccess } from '../payer/elements-access';
import type { PayerDeps } from '../payer/payer.deps';
import { aSession, T0 } from '../payer/payer.fixture';
import type { ViewPresenter } from '../payer/view-presenter';

export type TestStores = ReturnType<typeof createEmbeddedStores>;

/**
 * What a payer use case is built from in these tests: embedded stores, provider `psp` with `drivers`
 * (none: no driver serves its methods on this instance), the elements token opening `session`, and
 * a presenter that answers an empty view.
 */
export function payerUseCaseParts(stores: TestStores, session: Session, drivers: readonly Partial<PspDriver>[], logger: CapturingLogger) {
  const clock = new ManualClock(T0);
  const registry = new PspRegistry([
    { id: 'psp', drivers: drivers as PspDriver[], parseNotification: async () => ({ kind: 'rejected', reason: '', reply: { status: 401, contentType: '', body: '' } }) },
  ]);
  const gateway = new PspGateway({ registry, merchants: { findById: async () => null } as never, sealer: { open: (s) => s } });
  const writer = new SessionWriter({ sessions: stores.sessions, clock, ids: new UuidV7IdGenerator(), policy: DEFAULT_POLICY, nextDueAt });
  const dispatcher = new OwedOperationDispatcher({ gateway, writer, logger, metrics: new CounterMetrics() });
  const deps = { sessions: stores.sessions, writer, gateway, dispatcher, clock, logger, publicBaseUrl: () => 'https://pay.example/' } as unknown as PayerDeps;
  const access = { read: async () => session, act: async () => session } as unknown as ElementsAccess;
  const views = { present: async () => ({}) } as unknown as ViewPresenter;
  return { deps, access, views };
}

/** A PENDING session offering card and applepay (payer.fixture), stored and read back. */
export async function storedPayerSession(): Promise<{ stores: TestStores; session: Session }> {
  const stores = createEmbeddedStores();
  const created = aSession();
  await stores.sessions.insert({ ...created, version: 1 });
  return { stores, session: (await stores.sessions.findById(created.id))! };
}

import { DEFAULT_POLICY, merchantId, nextDueAt, PspRegistry, recordOpenOutcome, startAttempt, type PspDriver, type Redirect, type Session } from '@splitpay/domain';
import { CapturingLogger } from '@splitpay/domain/src/testing';
import { CounterMetrics, ManualClock, SystemTimer, UuidV7IdGenerator } from '@splitpay/infra';
import { createEmbeddedStores, type EmbeddedStores } from '@splitpay/store-embedded';
import { SessionFactory } from '../notification/notification.fixtures';
import { SessionWriter } from '../session-writer';
import { OwedOperationDispatcher } from '../psp/owed-operation.dispatcher';
import { PspGateway } from '../psp/psp-gateway';
import { VerdictLookup } from '../psp/verdict-lookup';
import { SessionWorker } from '../worker/session-worker';

/** What the use cases that call drivers are built on in tests: an embedded store, one provider `fake` with the given drivers, the writer and the dispatcher. */
export interface DispatchingCore {
  readonly stores: EmbeddedStores;
  readonly clock: ManualClock;
  readonly logger: CapturingLogger;
  readonly gateway: PspGateway;
  readonly writer: SessionWriter;
  readonly dispatcher: OwedOperationDispatcher;
  readonly factory: SessionFactory;
}

export function dispatchingCore(drivers: readonly Partial<PspDriver>[]): DispatchingCore {
  const stores = createEmbeddedStores();
  const clock = new ManualClock(Date.UTC(2026, 0, 1));
  const ids = new UuidV7IdGenerator();
  const logger = new CapturingLogger();
  const registry = new PspRegistry([
    {
      id: 'fake',
      drivers: drivers as PspDriver[],
      parseNotification: async () => ({ kind: 'rejected', reason: 'x', reply: { status: 401, contentType: 'text/plain', body: '' } }),
    },
  ]);
  const gateway = new PspGateway({ registry, merchants: stores.merchants, sealer: { open: (sealed) => sealed } });
  const writer = new SessionWriter({ sessions: stores.sessions, clock, ids, policy: DEFAULT_POLICY, nextDueAt });
  const dispatcher = new OwedOperationDispatcher({ gateway, writer, logger, metrics: new CounterMetrics() });
  const factory = new SessionFactory({ merchantId: merchantId('shop'), now: () => clock.now(), newId: () => ids.newId() });
  return { stores, clock, logger, gateway, writer, dispatcher, factory };
}

/** The session worker of instance `owner` on the core: its store, writer, dispatcher, gateway (lookups too), clock and logger, a real timer. */
export function sessionWorkerOn(core: DispatchingCore, owner: string): SessionWorker {
  return new SessionWorker({
    sessions: core.stores.sessions,
    writer: core.writer,
    dispatcher: core.dispatcher,
    lookup: new VerdictLookup({ gateway: core.gateway, logger: core.logger }),
    gateway: core.gateway,
    clock: core.clock,
    timer: new SystemTimer(),
    logger: core.logger,
    owner,
  });
}

/**
 * A stored session of 100.00 (with `fields` besides) whose one card tranche of `amount` the PSP
 * accepted to open (reference psp-ref-1, `redirect` if any); answers it as stored, with the tranche's
 * ids.
 */
export async function openedTranche(
  core: DispatchingCore,
  amount: number,
  options: { readonly fields?: Partial<Session>; readonly redirect?: Redirect } = {},
): Promise<{ readonly session: Session; readonly attemptId: string; readonly transactionId: string }> {
  const pending = { ...core.factory.pending({ total: 10_000 }), ...options.fields };
  const started = startAttempt(pending, { methodId: 'card', amount }, core.factory.ctx());
  const opened = recordOpenOutcome(
    started.session,
    started.attemptId,
    { ack: { outcome: 'accepted', providerRef: 'psp-ref-1' }, ...(options.redirect ? { redirect: options.redirect } : {}), facts: [] },
    core.factory.ctx(),
  );
  await core.stores.sessions.insert({ ...opened, version: 1 });
  return { session: (await core.stores.sessions.findById(opened.id))!, attemptId: started.attemptId, transactionId: started.transactionId };
}

import { randomBytes } from 'node:crypto';
import { DEFAULT_POLICY, merchantId, nextDueAt, nextNotificationAt, type Session, type SessionId } from '@splitpay/domain';
import { CapturingLogger } from '@splitpay/domain/src/testing';
import { AesGcmSecretSealer, CounterMetrics, ManualClock, SystemTimer, UuidV7IdGenerator } from '@splitpay/infra';
import { createEmbeddedStores, type EmbeddedStores } from '@splitpay/store-embedded';
import { ChargebackWorker } from '../chargeback/chargeback.worker';
import { ScriptedSender, SessionFactory } from '../notification/notification.fixtures';
import { SessionEndedDelivery } from '../notification/session-ended.delivery';
import { SessionWriter } from '../session-writer';

/** What a test of a webhook delivery (session ending, chargeback) runs on: real stores, a manual clock, a scripted sender. */
export interface DeliveryBench {
  readonly clock: ManualClock;
  readonly stores: EmbeddedStores;
  readonly sender: ScriptedSender;
  readonly logger: CapturingLogger;
  readonly metrics: CounterMetrics;
  readonly sealer: AesGcmSecretSealer;
  readonly ids: UuidV7IdGenerator;
  /** Sessions of merchant `m1`. */
  readonly factory: SessionFactory;
  /** Adds a merchant account, its webhook secrets sealed as the service stores them. */
  account(id: string, webhook: { readonly authorization?: string; readonly signingSecret?: string; readonly chargebackUrl?: string }): Promise<void>;
  /** Stores a session as the worker's write leaves it (its dueAt and notificationDueAt set) and reads it back. */
  store(session: Session): Promise<Session>;
}

/** A fresh bench for the calling file's tests, rebuilt before each test; read it inside tests and hooks only. */
export function useDeliveryBench(): DeliveryBench {
  let bench: DeliveryBench | undefined;
  beforeEach(() => {
    bench = deliveryBench();
  });
  const get = (): DeliveryBench => {
    if (!bench) throw new Error('the delivery bench is built before each test');
    return bench;
  };
  return {
    get clock() {
      return get().clock;
    },
    get stores() {
      return get().stores;
    },
    get sender() {
      return get().sender;
    },
    get logger() {
      return get().logger;
    },
    get metrics() {
      return get().metrics;
    },
    get sealer() {
      return get().sealer;
    },
    get ids() {
      return get().ids;
    },
    get factory() {
      return get().factory;
    },
    account: (id, webhook) => get().account(id, webhook),
    store: (session) => get().store(session),
  };
}

export function deliveryBench(): DeliveryBench {
  const clock = new ManualClock(Date.UTC(2026, 0, 1));
  const stores = createEmbeddedStores();
  const sealer = new AesGcmSecretSealer({ key: randomBytes(32) });
  const ids = new UuidV7IdGenerator();
  return {
    clock,
    stores,
    sender: new ScriptedSender(),
    logger: new CapturingLogger(),
    metrics: new CounterMetrics(),
    sealer,
    ids,
    factory: new SessionFactory({ merchantId: 'm1', now: () => clock.now(), newId: () => ids.newId() }),
    async account(id, webhook) {
      await stores.merchants.upsert({
        merchantId: merchantId(id),
        secretHash: 'x',
        ...(webhook.chargebackUrl ? { chargebackUrl: webhook.chargebackUrl } : {}),
        ...(webhook.authorization ? { webhookAuthorizationSealed: sealer.seal(webhook.authorization) } : {}),
        webhookSigningSecretSealed: sealer.seal(webhook.signingSecret ?? 'whsec_c2VjcmV0'),
        contracts: [],
        contacts: [],
      });
    },
    async store(session) {
      const due = nextDueAt(session);
      const notificationDue = nextNotificationAt(session);
      await stores.sessions.insert({ ...session, version: 1, ...(due !== undefined ? { dueAt: due } : {}), ...(notificationDue !== undefined ? { notificationDueAt: notificationDue } : {}) });
      return (await stores.sessions.findById(session.id))!;
    },
  };
}

/** The session-ended delivery step on a bench, and one try of it (deliver if due, record through the writer). */
export function sessionEndedTurns(b: DeliveryBench, retryDelaysMs: readonly number[]): { readonly step: SessionEndedDelivery; readonly writer: SessionWriter; turn(id: SessionId): Promise<Session> } {
  const writer = new SessionWriter({ sessions: b.stores.sessions, clock: b.clock, ids: b.ids, policy: { ...DEFAULT_POLICY, webhookRetryDelaysMs: retryDelaysMs }, nextDueAt });
  const step = new SessionEndedDelivery({ merchants: b.stores.merchants, sealer: b.sealer, sender: b.sender, clock: b.clock, logger: b.logger, metrics: b.metrics, retryDelaysMs });
  return {
    step,
    writer,
    async turn(id) {
      const session = (await b.stores.sessions.findById(id))!;
      const command = await step.deliverDue(session);
      if (command) await writer.update(id, command, { initial: session });
      return (await b.stores.sessions.findById(id))!;
    },
  };
}

/** A chargeback worker on the bench's stores, sealer, sender and clock, as instance-1, with `overrides`. */
export function chargebackWorkerOn(
  b: DeliveryBench,
  retryDelaysMs: readonly number[],
  overrides: Partial<ConstructorParameters<typeof ChargebackWorker>[0]> = {},
): ChargebackWorker {
  return new ChargebackWorker({
    chargebacks: b.stores.chargebacks,
    sessions: b.stores.sessions,
    merchants: b.stores.merchants,
    sealer: b.sealer,
    sender: b.sender,
    clock: b.clock,
    timer: new SystemTimer(),
    logger: b.logger,
    metrics: b.metrics,
    retryDelaysMs,
    owner: 'instance-1',
    ...overrides,
  });
}

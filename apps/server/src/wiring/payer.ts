import type { Router } from 'express';
import {
  ConfirmAttemptUseCase,
  ElementsAccess,
  OwedOperationDispatcher,
  PayerDecisionsUseCase,
  PayerReturnUseCase,
  PspGateway,
  PspNotificationIntake,
  ReadSessionViewUseCase,
  SessionWorker,
  StartAttemptUseCase,
  VerdictLookup,
  ViewPresenter,
  WalletSessionUseCase,
  type ChargebackIntake,
  type PayerDeps,
  type SessionWriter,
} from '@splitpay/application';
import type { PspRegistry, SecretSealer, TokenMinter } from '@splitpay/domain';
import { elementsRouter, pspNotificationsRouter, type HitCounters } from '@splitpay/http-api';
import { workerOwner, type Core, type Worker } from './core';

export interface PayerWiringDeps {
  /** The drivers the platform carries (the PSP wiring's registry). */
  readonly registry: PspRegistry;
  /** Opens the contract settings sealed at rest. */
  readonly sealer: Pick<SecretSealer, 'open'>;
  /** Digests elements tokens (the auth area's token minter). */
  readonly tokenMinter: Pick<TokenMinter, 'digest'>;
  /** The one session writer (optimistic retries, dueAt). */
  readonly writer: SessionWriter;
  /** The webhooks area's chargeback intake, where `chargeback` facts go. */
  readonly chargebacks: Pick<ChargebackIntake, 'receive'>;
  /** The service's public base URL when known only once listening; default config.publicBaseUrl. */
  readonly publicBaseUrl?: () => string;
  /** Counters the attempt budgets share with the other instances (D55); default this process's memory. */
  readonly attemptCounters?: HitCounters;
}

export interface PayerWiring {
  /** Sends owed captures, voids and refunds now; the refunds area's RefundSender. */
  readonly dispatcher: OwedOperationDispatcher;
  /** /elements doors and POST /psp/{provider}/notifications. */
  readonly routers: Router[];
  /** The session worker (expiry, lender bound, owed PSP operations, overdue lookups, session-ended delivery). */
  readonly workers: Worker[];
}

/** The payer flow: the elements doors, PSP notification intake, the dispatcher of owed operations, the session worker. */
export function wirePayer(core: Core, deps: PayerWiringDeps): PayerWiring {
  const { stores, clock, logger, metrics, config } = core;
  const gateway = new PspGateway({ registry: deps.registry, merchants: stores.merchants, sealer: deps.sealer });
  const dispatcher = new OwedOperationDispatcher({ gateway, writer: deps.writer, logger, metrics });
  const payer: PayerDeps = {
    sessions: stores.sessions,
    writer: deps.writer,
    tokens: deps.tokenMinter,
    gateway,
    dispatcher,
    clock,
    logger,
    publicBaseUrl: deps.publicBaseUrl ?? (() => config.publicBaseUrl),
    elementsGraceMs: config.elementsGraceMs,
  };
  const access = new ElementsAccess(payer);
  const views = new ViewPresenter(payer);
  const elements = elementsRouter({
    read: new ReadSessionViewUseCase(access, views),
    start: new StartAttemptUseCase(payer, access, views),
    decisions: new PayerDecisionsUseCase(payer, access, views),
    confirm: new ConfirmAttemptUseCase(payer, access, views),
    returns: new PayerReturnUseCase(payer),
    walletSessions: new WalletSessionUseCase(payer, access),
    tokenDigest: (token) => deps.tokenMinter.digest(token),
    attemptRateLimit: config.attemptRateLimit,
    ...(deps.attemptCounters ? { attemptCounters: { counters: deps.attemptCounters, logger } } : {}),
  });
  const intake = new PspNotificationIntake({
    registry: deps.registry,
    sessions: stores.sessions,
    writer: deps.writer,
    dispatcher,
    gateway,
    chargebacks: deps.chargebacks,
    logger,
    metrics,
  });
  const worker = new SessionWorker({
    sessions: stores.sessions,
    writer: deps.writer,
    dispatcher,
    lookup: new VerdictLookup({ gateway, logger }),
    gateway,
    clock,
    timer: core.timer,
    logger,
    owner: workerOwner(core.instanceId, 'session-worker'),
    ...(core.config.workerLeaseMs !== undefined ? { leaseMs: core.config.workerLeaseMs } : {}),
    ...(core.config.workerConcurrency !== undefined ? { concurrency: core.config.workerConcurrency } : {}),
  });
  return { dispatcher, routers: [elements, pspNotificationsRouter({ intake, logger })], workers: [worker] };
}

import { Router, type Express } from 'express';
import type { Stores } from '@splitpay/application';
import type { Clock, Logger, PasswordHasher, PspProvider, Timer } from '@splitpay/domain';
import type { MongoStores } from '@splitpay/store-mongo';
import { apiNoStoreRouter, createHttpApp, listExpressRoutes, metricsRouter, type HitCounters } from '@splitpay/http-api';
import { PromMetrics, requestScope, SystemClock, SystemTimer, UuidV7IdGenerator } from '@splitpay/infra';
import type { ServerConfig } from './config';
import { policyOf } from './domain-policy';
import { sessionWriterOf } from './session-writer';
import { wireAuth } from './wiring/auth';
import { wireDashboard } from './wiring/dashboard';
import { wireDemo } from './wiring/demo';
import { wireElementsSdk, wireHostedFieldsAdapters } from './wiring/elements-sdk';
import { abortedRequestsCounter, counterCatalog } from './wiring/metrics';
import { wireMerchantApi } from './wiring/merchant-api';
import { wirePayer } from './wiring/payer';
import { createPspRegistry } from './wiring/psp';
import { DeadlineCuts } from './wiring/deadline-cuts';
import { deadlinedRegistry } from './wiring/psp-deadline';
import { meteredRegistry } from './wiring/psp-metrics';
import { wireRefunds } from './wiring/refunds';
import { searchEntryRepairWorker } from './wiring/search-entry-repair';
import { withMerchantAccountCache } from './wiring/stores';
import { wireWebhooks } from './wiring/webhooks';
import type { AppServices, Core, Worker } from './wiring/core';

export type { AppServices, Core, Worker } from './wiring/core';

export interface InstanceOptions {
  readonly config: ServerConfig;
  /** Created by the caller, so that several instances can share one store. */
  readonly stores: Stores;
  readonly logger: Logger;
  readonly clock?: Clock;
  /** Real time: the workers' lease heartbeats and the service's deadline on driver calls; default Node's timers. */
  readonly timer?: Timer;
  readonly instanceId?: string;
  /** Node's process metrics at /metrics: on for the one process of `npm start`, off for instances in tests. */
  readonly processMetrics?: boolean;
  /** Replaces the scrypt hasher built from the configuration (tests count the hashing work). */
  readonly passwordHasher?: PasswordHasher;
  /** Providers carried beside the configured ones (tests: a stub acquirer). */
  readonly extraProviders?: readonly PspProvider[];
  /**
   * Where the rate limits count when every instance shares them (docs/decisions.md D55; wiring/
   * stores.ts sharedHitCountersOf): the payer doors' budgets, the token endpoint's and the sign-in
   * form's; default each instance's own memory.
   */
  readonly limitCounters?: HitCounters;
  /** The store whose lagging search entries this instance's worker repairs (wiring/search-entry-repair.ts); default none. */
  readonly searchEntries?: Pick<MongoStores, 'repairSearchEntries'>;
  /** Where this process listens, once it does (server.ts): its fake drivers call their own fake PSP there. */
  readonly ownUrl?: () => string;
}

/** One service instance: its HTTP app and its workers, over a store it may share with others. */
export interface AppInstance {
  readonly core: Core;
  readonly services: AppServices;
  readonly app: Express;
  readonly workers: readonly Worker[];
  /** Runs every worker once (tests drive time by hand); returns how many items were processed. */
  runWorkersOnce(): Promise<number>;
  startWorkers(intervalMs?: number): void;
  stopWorkers(): void;
  /** Stops the workers and the fake PSP's pending notifications (end of a test). */
  close(): void;
  /** Graceful stop: no new worker run, the turns running finished (their leases released), then close(). */
  stop(): Promise<void>;
  /** Resolves once the PSP calls started in the background (what a notification's verdict owes) have ended and their acks were saved or logged. */
  idle(): Promise<void>;
}

/** Composition of one instance: every area adds its routers and workers here, wired by hand. */
export function createAppInstance(options: InstanceOptions): AppInstance {
  const clock = options.clock ?? new SystemClock();
  // Before the providers, which count with it; its catalog once they are known (its label sets name them).
  const metrics = new PromMetrics({ processMetrics: options.processMetrics ?? false });
  const psp = createPspRegistry(options.config, {
    logger: options.logger,
    clock,
    metrics,
    ...(options.extraProviders ? { extraProviders: options.extraProviders } : {}),
    ...(options.ownUrl ? { ownUrl: options.ownUrl } : {}),
  });
  for (const counter of counterCatalog(psp.registry.providerIds())) metrics.declare(counter);
  const core: Core = {
    config: options.config,
    stores: withMerchantAccountCache(options.stores, options.config.merchantAccountCacheTtlMs, clock),
    clock,
    timer: options.timer ?? new SystemTimer(),
    ids: new UuidV7IdGenerator(),
    logger: options.logger,
    metrics,
    policy: policyOf(options.config),
    instanceId: options.instanceId ?? new UuidV7IdGenerator().newId(),
  };

  const routers: Router[] = [];
  const workers: Worker[] = [];

  routers.push(metricsRouter({ exposition: metrics, ...(options.config.metricsToken ? { token: options.config.metricsToken } : {}) }));
  routers.push(apiNoStoreRouter());

  // Areas: each wiring function builds its adapters and use cases from `core` and adds its routers
  // and workers (apps/server/src/wiring/*.ts).
  const auth = wireAuth(core, {
    ...(options.passwordHasher ? { passwordHasher: options.passwordHasher } : {}),
    ...(options.limitCounters ? { limitCounters: options.limitCounters } : {}),
  });
  routers.push(...auth.routers);
  const services: AppServices = {
    accessTokens: auth.accessTokens,
    secretSealer: auth.secretSealer,
    passwordHasher: auth.passwordHasher,
    tokenMinter: auth.tokenMinter,
  };
  // Counted outside the deadline, which names the calls it cut short to the counter (outcome `deadline`, D160).
  const cuts = new DeadlineCuts();
  const registry = meteredRegistry(deadlinedRegistry(psp.registry, { deadlineMs: options.config.pspDeadlineMs, timer: core.timer, logger: core.logger, cuts }), metrics, cuts);
  for (const mount of psp.mounts) routers.push(Router().use(mount.mountPath, mount.router));
  const writer = sessionWriterOf(core.config, { sessions: core.stores.sessions, clock: core.clock, ids: core.ids });
  const webhooks = wireWebhooks(core, { sealer: services.secretSealer, tokens: services.accessTokens, writer });
  const payer = wirePayer(core, {
    registry,
    sealer: services.secretSealer,
    tokenMinter: services.tokenMinter,
    writer,
    chargebacks: webhooks.chargebacks,
    ...(options.limitCounters ? { attemptCounters: options.limitCounters } : {}),
  });
  const refunds = wireRefunds(core, { tokens: services.accessTokens, writer, sender: payer.dispatcher });
  const merchantApi = wireMerchantApi(core, { accessTokens: services.accessTokens, tokenMinter: services.tokenMinter, psps: registry });
  // The SDK files (the components', the providers' hosted-fields adapters) before the elements and PSP
  // doors, whose no-store, token and body rules are not theirs.
  routers.push(...merchantApi.routers, ...refunds.routers, ...webhooks.routers, wireElementsSdk(), wireHostedFieldsAdapters(psp.hostedFieldsAdapters), ...payer.routers, ...wireDemo(core));
  routers.push(...wireDashboard(core.config).routers);
  workers.push(...payer.workers, ...webhooks.workers);
  for (const worker of workers) if (worker.slotsInUse) metrics.watchSlots(worker.name, () => worker.slotsInUse?.() ?? 0);
  if (options.searchEntries) workers.push(searchEntryRepairWorker(options.searchEntries));

  const app = createHttpApp({
    logger: core.logger,
    routers,
    trustProxy: options.config.trustProxy ?? false,
    requestScope,
    observer: metrics,
    metrics,
  });
  metrics.declare(abortedRequestsCounter(listExpressRoutes(app as never)));

  const timers: NodeJS.Timeout[] = [];
  const runs = new Set<Promise<number>>();
  const runOnce = async (worker: Worker): Promise<number> => {
    const started = process.hrtime.bigint();
    try {
      return await worker.runOnce();
    } catch (error) {
      core.logger.error('worker.failed', { worker: worker.name, error });
      return 0;
    } finally {
      metrics.observeWorkerTurn(worker.name, Number(process.hrtime.bigint() - started) / 1e9);
    }
  };
  const runWorkersOnce = async (): Promise<number> => {
    let processed = 0;
    for (const worker of workers) processed += await runOnce(worker);
    return processed;
  };
  const stopTimers = (): void => {
    for (const timer of timers.splice(0)) clearInterval(timer);
  };
  const close = (): void => {
    stopTimers();
    psp.close();
  };
  return {
    core,
    services,
    app,
    workers,
    runWorkersOnce,
    startWorkers(intervalMs = 250) {
      if (timers.length > 0) return;
      // Each worker on its own schedule, and a run started at every tick even while earlier turns
      // still wait: the worker's own bound on turns at once says how much a new run may take
      // (docs/decisions.md D82). A slow turn holds back neither the other workers nor the next run.
      for (const worker of workers) {
        const timer = setInterval(() => {
          const run = runOnce(worker).finally(() => runs.delete(run));
          runs.add(run);
        }, worker.intervalMs ?? intervalMs);
        timer.unref();
        timers.push(timer);
      }
    },
    stopWorkers: stopTimers,
    close,
    async stop() {
      stopTimers();
      for (const worker of workers) worker.stop?.();
      await Promise.all([...runs, payer.dispatcher.idle()]);
      close();
    },
    idle: () => payer.dispatcher.idle(),
  };
}

import { Router, type Express } from 'express';
import { SessionWriter, type Stores } from '@splitpay/application';
import { DEFAULT_POLICY, nextDueAt, type Clock, type DomainPolicy, type Logger, type PspProvider } from '@splitpay/domain';
import { createHttpApp } from '@splitpay/http-api';
import { CounterMetrics, SystemClock, UuidV7IdGenerator } from '@splitpay/infra';
import type { ServerConfig } from './config';
import { wireAuth } from './wiring/auth';
import { wireDemo } from './wiring/demo';
import { wireElementsSdk } from './wiring/elements-sdk';
import { wireMerchantApi } from './wiring/merchant-api';
import { wirePayer } from './wiring/payer';
import { createPspRegistry } from './wiring/psp';
import { wireRefunds } from './wiring/refunds';
import { wireWebhooks } from './wiring/webhooks';
import type { AppServices, Core, Worker } from './wiring/core';

export type { AppServices, Core, Worker } from './wiring/core';

export interface InstanceOptions {
  readonly config: ServerConfig;
  /** Created by the caller, so that several instances can share one store. */
  readonly stores: Stores;
  readonly logger: Logger;
  readonly clock?: Clock;
  readonly instanceId?: string;
  /** Providers carried beside the configured ones (tests: a stub acquirer). */
  readonly extraProviders?: readonly PspProvider[];
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
  /** Stops the workers and the fake PSP's pending notifications (shutdown, end of a test). */
  close(): void;
}

export function policyOf(config: ServerConfig): DomainPolicy {
  return { ...DEFAULT_POLICY, lenderWaitMs: config.lenderWaitMs, webhookRetryDelaysMs: config.webhookRetryDelaysMs };
}

/** Composition of one instance: every area adds its routers and workers here, wired by hand. */
export function createAppInstance(options: InstanceOptions): AppInstance {
  const core: Core = {
    config: options.config,
    stores: options.stores,
    clock: options.clock ?? new SystemClock(),
    ids: new UuidV7IdGenerator(),
    logger: options.logger,
    metrics: new CounterMetrics(),
    policy: policyOf(options.config),
    instanceId: options.instanceId ?? new UuidV7IdGenerator().newId(),
  };

  const routers: Router[] = [];
  const workers: Worker[] = [];

  const operations = Router();
  operations.get('/metrics', (_req, res) => {
    res.type('text/plain').send(core.metrics.render());
  });
  routers.push(operations);

  // Areas: each wiring function builds its adapters and use cases from `core` and adds its routers
  // and workers (apps/server/src/wiring/*.ts).
  const auth = wireAuth(core);
  routers.push(...auth.routers);
  const services: AppServices = {
    accessTokens: auth.accessTokens,
    secretSealer: auth.secretSealer,
    passwordHasher: auth.passwordHasher,
    tokenMinter: auth.tokenMinter,
  };
  const psp = createPspRegistry(core.config, { logger: core.logger, clock: core.clock, ...(options.extraProviders ? { extraProviders: options.extraProviders } : {}) });
  for (const mount of psp.mounts) routers.push(Router().use(mount.mountPath, mount.router));
  const writer = new SessionWriter({ sessions: core.stores.sessions, clock: core.clock, ids: core.ids, policy: core.policy, nextDueAt });
  const webhooks = wireWebhooks(core, { sealer: services.secretSealer, tokens: services.accessTokens, writer });
  const payer = wirePayer(core, {
    registry: psp.registry,
    sealer: services.secretSealer,
    tokenMinter: services.tokenMinter,
    writer,
    sessionEnded: webhooks.sessionEnded,
    chargebacks: webhooks.chargebacks,
  });
  const refunds = wireRefunds(core, { tokens: services.accessTokens, writer, sender: payer.dispatcher });
  const merchantApi = wireMerchantApi(core, { accessTokens: services.accessTokens, tokenMinter: services.tokenMinter, psps: psp.registry });
  // The SDK files before the elements doors, whose no-store and token rules are not theirs.
  routers.push(...merchantApi.routers, ...refunds.routers, ...webhooks.routers, wireElementsSdk(), ...payer.routers, ...wireDemo(core));
  workers.push(...payer.workers, ...webhooks.workers);

  const app = createHttpApp({ logger: core.logger, routers });

  let timer: NodeJS.Timeout | undefined;
  let running = false;
  const runWorkersOnce = async (): Promise<number> => {
    let processed = 0;
    for (const worker of workers) {
      try {
        processed += await worker.runOnce();
      } catch (error) {
        core.logger.error('worker.failed', { worker: worker.name, error });
      }
    }
    return processed;
  };

  return {
    core,
    services,
    app,
    workers,
    runWorkersOnce,
    startWorkers(intervalMs = 250) {
      if (timer) return;
      timer = setInterval(() => {
        if (running) return;
        running = true;
        void runWorkersOnce().finally(() => {
          running = false;
        });
      }, intervalMs);
      timer.unref();
    },
    stopWorkers() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
    close() {
      if (timer) clearInterval(timer);
      timer = undefined;
      psp.close();
    },
  };
}

import { Router, type Express } from 'express';
import type { Stores } from '@splitpay/application';
import { DEFAULT_POLICY, type Clock, type DomainPolicy, type Logger } from '@splitpay/domain';
import { createHttpApp } from '@splitpay/http-api';
import { CounterMetrics, SystemClock, UuidV7IdGenerator } from '@splitpay/infra';
import type { ServerConfig } from './config';
import { wireAuth } from './wiring/auth';
import type { AppServices, Core, Worker } from './wiring/core';

export type { AppServices, Core, Worker } from './wiring/core';

export interface InstanceOptions {
  readonly config: ServerConfig;
  /** Created by the caller, so that several instances can share one store. */
  readonly stores: Stores;
  readonly logger: Logger;
  readonly clock?: Clock;
  readonly instanceId?: string;
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
  };
}

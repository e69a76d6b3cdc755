import type { Router } from 'express';
import {
  ChargebackIntake,
  ChargebackWorker,
  ReplaySessionNotification,
  SessionEndedDelivery,
  type AccessTokens,
  type MessageDeliveryDeps,
  type SessionWriter,
} from '@splitpay/application';
import type { SecretSealer, WebhookSender } from '@splitpay/domain';
import { notificationRouter } from '@splitpay/http-api';
import { AxiosWebhookSender, DEFAULT_WEBHOOK_TIMEOUT_MS } from '@splitpay/webhooks';
import type { Core, Worker } from './core';

export interface WebhooksWiringDeps {
  /** Opens the accounts' sealed webhook authorization values and signing secrets. */
  readonly sealer: SecretSealer;
  /** Verifies /api access tokens (the replay door takes contact tokens only). */
  readonly tokens: AccessTokens;
  /** The session writer the replay re-arms the calendar through. */
  readonly writer: SessionWriter;
  /** Replaces the HTTP sender (tests). */
  readonly sender?: WebhookSender;
}

export interface WebhooksWiring {
  readonly sender: WebhookSender;
  /** The session-ended delivery step, handed to the session worker. */
  readonly sessionEnded: SessionEndedDelivery;
  /** Where the PSP notification intake hands `chargeback` facts. */
  readonly chargebacks: ChargebackIntake;
  readonly workers: readonly Worker[];
  readonly routers: readonly Router[];
}

/** Webhooks: the sender, the session-ended delivery step, the chargeback intake and worker, the replay door. */
export function wireWebhooks(core: Core, deps: WebhooksWiringDeps): WebhooksWiring {
  // webhook-timestamp is compared by receivers with their own wall clock, so it is read from the
  // system time, not from the instance's (possibly manual) clock.
  const sender = deps.sender ?? new AxiosWebhookSender({ timeoutMs: core.config.webhookTimeoutMs ?? DEFAULT_WEBHOOK_TIMEOUT_MS });
  const delivery: MessageDeliveryDeps = {
    merchants: core.stores.merchants,
    sealer: deps.sealer,
    sender,
    clock: core.clock,
    logger: core.logger,
    metrics: core.metrics,
    retryDelaysMs: core.policy.webhookRetryDelaysMs,
  };
  const chargebackWorker = new ChargebackWorker({
    ...delivery,
    chargebacks: core.stores.chargebacks,
    timer: core.timer,
    owner: core.instanceId,
    ...(core.config.workerLeaseMs !== undefined ? { leaseMs: core.config.workerLeaseMs } : {}),
    ...(core.config.workerConcurrency !== undefined ? { concurrency: core.config.workerConcurrency } : {}),
  });
  const replay = new ReplaySessionNotification({ sessions: core.stores.sessions, writer: deps.writer, logger: core.logger });
  return {
    sender,
    sessionEnded: new SessionEndedDelivery(delivery),
    chargebacks: new ChargebackIntake({
      sessions: core.stores.sessions,
      chargebacks: core.stores.chargebacks,
      merchants: core.stores.merchants,
      clock: core.clock,
      logger: core.logger,
    }),
    workers: [chargebackWorker],
    routers: [notificationRouter({ tokens: deps.tokens, replay })],
  };
}

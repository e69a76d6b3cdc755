import type { Router } from 'express';
import {
  ChargebackIntake,
  ChargebackWorker,
  ReplayChargebackNotification,
  ReplaySessionNotification,
  SessionEndedDelivery,
  SessionEndedWorker,
  type AccessTokens,
  type MessageDeliveryDeps,
  type SessionWriter,
} from '@splitpay/application';
import type { SecretSealer, WebhookSender } from '@splitpay/domain';
import { notificationRouter } from '@splitpay/http-api';
import { AxiosWebhookSender, DEFAULT_WEBHOOK_TIMEOUT_MS } from '@splitpay/webhooks';
import { workerOwner, type Core, type Worker } from './core';

export interface WebhooksWiringDeps {
  /** Opens the accounts' sealed webhook authorization values and signing secrets. */
  readonly sealer: SecretSealer;
  /** Verifies /api access tokens (the replay door takes contact tokens only). */
  readonly tokens: AccessTokens;
  /** The session writer the replay re-arms the calendar through, and the session-ended worker records its tries with. */
  readonly writer: SessionWriter;
  /** Replaces the HTTP sender (tests). */
  readonly sender?: WebhookSender;
}

export interface WebhooksWiring {
  readonly sender: WebhookSender;
  /** Where the PSP notification intake hands `chargeback` facts. */
  readonly chargebacks: ChargebackIntake;
  readonly workers: readonly Worker[];
  readonly routers: readonly Router[];
}

/** Webhooks: the sender, the session-ended and chargeback workers, the chargeback intake, the replay door. */
export function wireWebhooks(core: Core, deps: WebhooksWiringDeps): WebhooksWiring {
  // webhook-timestamp is compared by receivers with their own wall clock, so it is read from the
  // system time, not from the instance's (possibly manual) clock.
  const sender = deps.sender ?? new AxiosWebhookSender({ timeoutMs: core.config.webhookTimeoutMs ?? DEFAULT_WEBHOOK_TIMEOUT_MS, logger: core.logger });
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
    sessions: core.stores.sessions,
    timer: core.timer,
    owner: workerOwner(core.instanceId, 'chargebacks'),
    ...(core.config.workerLeaseMs !== undefined ? { leaseMs: core.config.workerLeaseMs } : {}),
    ...(core.config.workerConcurrency !== undefined ? { concurrency: core.config.workerConcurrency } : {}),
  });
  // Its own worker and slots, outside the session turns (docs/decisions.md D108).
  const sessionEndedWorker = new SessionEndedWorker({
    sessions: core.stores.sessions,
    writer: deps.writer,
    delivery: new SessionEndedDelivery(delivery),
    clock: core.clock,
    timer: core.timer,
    logger: core.logger,
    owner: workerOwner(core.instanceId, 'session-ended'),
    ...(core.config.workerLeaseMs !== undefined ? { leaseMs: core.config.workerLeaseMs } : {}),
    ...(core.config.workerConcurrency !== undefined ? { concurrency: core.config.workerConcurrency } : {}),
  });
  // The session's door replays both of its messages: the ending and its abandoned chargebacks (D145-b).
  const replayChargeback = new ReplayChargebackNotification({ chargebacks: core.stores.chargebacks, clock: core.clock, logger: core.logger });
  const replay = new ReplaySessionNotification({
    sessions: core.stores.sessions,
    writer: deps.writer,
    logger: core.logger,
    chargebacks: { repository: core.stores.chargebacks, replay: replayChargeback },
  });
  return {
    sender,
    chargebacks: new ChargebackIntake({
      sessions: core.stores.sessions,
      chargebacks: core.stores.chargebacks,
      merchants: core.stores.merchants,
      clock: core.clock,
      logger: core.logger,
    }),
    workers: [sessionEndedWorker, chargebackWorker],
    routers: [notificationRouter({ tokens: deps.tokens, replay })],
  };
}

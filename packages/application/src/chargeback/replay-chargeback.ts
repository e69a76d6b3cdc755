import { DomainError, isDeliveryOwed, rearm, refuse, type Chargeback, type ChargebackRepository, type Clock, type Logger, type MerchantId } from '@splitpay/domain';

/** The chargeback message's state when the replay was asked (never its address). */
export interface ChargebackReplayAnswer {
  readonly failures: number;
  readonly abandoned: boolean;
}

export interface ReplayChargebackDeps {
  readonly chargebacks: ChargebackRepository;
  readonly clock: Clock;
  readonly logger: Logger;
}

/** A replay that lost this many version races in a row gives up: something rewrites the chargeback in a loop. */
const MAX_TRIES = 5;

/**
 * Re-arms a chargeback message's whole calendar with the same notificationId, as the session replay
 * does for an ending: failures back to zero, due at once, so the chargeback worker sends it. Refusals,
 * in this order: NotFound (unknown or another merchant's), NoNotificationUrl (the account declared no
 * chargeback address when it arrived: nothing was ever owed), NotificationNotAbandoned (the calendar
 * still runs). A delivered message is replayable, as an ending is; with `onlyIfAbandoned` (the ops
 * command's walk, D113-a) it is refused NotificationNotAbandoned, checked on the version the save
 * expects, so that one replayed and delivered since it was listed is not sent again.
 */
export class ReplayChargebackNotification {
  constructor(private readonly deps: ReplayChargebackDeps) {}

  async execute(input: { readonly merchantId: MerchantId; readonly notificationId: string; readonly onlyIfAbandoned?: boolean }): Promise<ChargebackReplayAnswer> {
    for (let tries = 0; tries < MAX_TRIES; tries++) {
      const current = await this.deps.chargebacks.findByNotificationId(input.notificationId);
      if (!current || current.merchantId !== input.merchantId) throw new DomainError('NotFound', 'Chargeback not found');
      const delivery = current.delivery;
      if (!delivery) refuse('NoNotificationUrl', 'The account declared no chargeback address when the chargeback arrived');
      if (isDeliveryOwed(delivery)) refuse('NotificationNotAbandoned', 'The delivery calendar is still running');
      if (input.onlyIfAbandoned && !delivery.abandoned) refuse('NotificationNotAbandoned', 'The delivery is no longer abandoned: delivered or replayed meanwhile');
      const now = this.deps.clock.now();
      const next: Chargeback = { ...current, delivery: rearm(delivery, now), dueAt: now, version: current.version + 1 };
      if ((await this.deps.chargebacks.save(next, { expectedVersion: current.version })) === 'saved') {
        this.deps.logger.info('notification.replayed', { notificationId: current.notificationId, merchantId: input.merchantId });
        return { failures: delivery.failures, abandoned: delivery.abandoned };
      }
    }
    throw new Error(`Chargeback ${input.notificationId}: changed by another writer on each of ${MAX_TRIES} tries`);
  }
}

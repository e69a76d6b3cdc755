import { isDeliveryDue, type Chargeback, type ChargebackRepository, type Logger } from '@splitpay/domain';
import { tryDelivery, type MessageDeliveryDeps } from '../notification/message-delivery';

export interface ChargebackWorkerDeps extends MessageDeliveryDeps {
  readonly chargebacks: ChargebackRepository;
  readonly logger: Logger;
  /** Names this instance's leases. */
  readonly owner: string;
  /** Longer than one delivery try (10 s), so no other instance takes the work over mid-send. */
  readonly leaseMs?: number;
  /** At most this many chargebacks per run. */
  readonly batchSize?: number;
}

/**
 * Delivers owed chargeback messages on their calendar: claims a due chargeback with a lease, makes one
 * delivery try, and saves the outcome with its lease (which the save releases).
 */
export class ChargebackWorker {
  readonly name = 'chargebacks';

  constructor(private readonly deps: ChargebackWorkerDeps) {}

  /** Does what is due now; answers how many chargebacks it worked on. */
  async runOnce(): Promise<number> {
    const { chargebacks, clock, owner } = this.deps;
    const batch = this.deps.batchSize ?? 50;
    let processed = 0;
    while (processed < batch) {
      const claimed = await chargebacks.claimDue(clock.now(), owner, this.deps.leaseMs ?? 60_000);
      if (!claimed) break;
      processed++;
      try {
        await this.work(claimed);
      } catch (error) {
        // A store fault on one chargeback must not starve the others: log it and go on. Its lease is
        // kept, so it is tried again once the lease lapses (a back-off), by whichever instance claims it.
        this.deps.logger.error('chargeback_worker.work_failed', { notificationId: claimed.notificationId, error });
      }
    }
    return processed;
  }

  private async work(claimed: Chargeback): Promise<void> {
    const delivery = claimed.delivery;
    const next: Chargeback =
      delivery && isDeliveryDue(delivery, this.deps.clock.now())
        ? { ...claimed, delivery: (await tryDelivery(delivery, claimed.merchantId, 'chargeback', this.deps)).next }
        : claimed;
    const { dueAt: _due, ...rest } = next;
    const nextAttemptAt = next.delivery?.nextAttemptAt;
    const saved = await this.deps.chargebacks.save(
      { ...rest, version: claimed.version + 1, ...(nextAttemptAt !== undefined ? { dueAt: nextAttemptAt } : {}) },
      { expectedVersion: claimed.version, leaseOwner: this.deps.owner },
    );
    if (saved === 'conflict') this.deps.logger.warn('chargeback.save_conflict', { notificationId: claimed.notificationId });
  }
}

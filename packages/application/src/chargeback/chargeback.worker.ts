import { isDeliveryDue, type Chargeback, type ChargebackRepository, type Logger, type Timer } from '@splitpay/domain';
import { tryDelivery, type MessageDeliveryDeps } from '../notification/message-delivery';
import { runClaimedTurns, TurnSlots } from '../worker/claimed-turns';
import { LeaseHeartbeat, type Heartbeat, type LeaseRenewal } from '../worker/lease-heartbeat';

export interface ChargebackWorkerDeps extends MessageDeliveryDeps {
  readonly chargebacks: ChargebackRepository;
  readonly logger: Logger;
  /** Paces the lease renewals of a running delivery try (real time, not the clock). */
  readonly timer: Timer;
  /** Names this instance's leases. */
  readonly owner: string;
  /** How long a claim holds without renewal; renewed every third of it while a delivery try runs. Default 60 s. */
  readonly leaseMs?: number;
  /** At most this many chargebacks per run. */
  readonly batchSize?: number;
  /** Delivery tries running at once at most (across overlapping runs), each on its own chargeback under its own lease. Default 8. */
  readonly concurrency?: number;
}

/**
 * Delivers owed chargeback messages on their calendar: claims a due chargeback with a lease, makes one
 * delivery try, and saves the outcome with its lease (which the save releases). Tries on different
 * chargebacks run side by side, each renewing its lease while it runs (docs/decisions.md D82).
 */
export class ChargebackWorker {
  readonly name = 'chargebacks';

  private readonly slots: TurnSlots;
  private readonly heartbeat: LeaseHeartbeat;

  constructor(private readonly deps: ChargebackWorkerDeps) {
    this.slots = new TurnSlots(deps.concurrency);
    this.heartbeat = new LeaseHeartbeat(deps.timer);
  }

  /** Does what is due now; answers how many chargebacks it worked on. */
  runOnce(): Promise<number> {
    const { chargebacks, clock, owner, logger } = this.deps;
    const leaseMs = this.deps.leaseMs ?? 60_000;
    return runClaimedTurns<Chargeback>(
      {
        claim: () => chargebacks.claimDue(clock.now(), owner, leaseMs),
        keyOf: (claimed) => claimed.notificationId,
        release: (claimed) => chargebacks.releaseLease(claimed.notificationId, owner),
        turn: (claimed) => this.heartbeat.run(this.renewalOf(claimed, leaseMs), (heartbeat) => this.work(claimed, heartbeat)),
        // A store fault on one chargeback must not starve the others: log it and go on. Its lease is
        // kept, so it is tried again once the lease lapses (a back-off), by whichever instance claims it.
        failed: (claimed, error) => logger.error('chargeback_worker.work_failed', { notificationId: claimed.notificationId, error }),
      },
      { batchSize: this.deps.batchSize ?? 50, slots: this.slots },
    );
  }

  private renewalOf(claimed: Chargeback, leaseMs: number): LeaseRenewal {
    const { chargebacks, clock, owner, logger } = this.deps;
    return {
      renew: () => chargebacks.renewLease(claimed.notificationId, owner, clock.now(), leaseMs),
      everyMs: leaseMs / 3,
      lost: () => logger.warn('worker.lease_lost', { worker: this.name, notificationId: claimed.notificationId }),
      failed: (error) => logger.warn('worker.lease_renewal_failed', { worker: this.name, notificationId: claimed.notificationId, error }),
    };
  }

  private async work(claimed: Chargeback, heartbeat: Heartbeat): Promise<void> {
    const delivery = claimed.delivery;
    const next: Chargeback =
      delivery && isDeliveryDue(delivery, this.deps.clock.now())
        ? { ...claimed, delivery: (await tryDelivery(delivery, claimed.merchantId, 'chargeback', this.deps)).next }
        : claimed;
    const { dueAt: _due, ...rest } = next;
    const nextAttemptAt = next.delivery?.nextAttemptAt;
    // Renewed until the save lands: a store that stalls a whole lease must not hand the chargeback to
    // another instance, which would try the message again.
    const saved = await heartbeat.releasingWith(() =>
      this.deps.chargebacks.save(
        { ...rest, version: claimed.version + 1, ...(nextAttemptAt !== undefined ? { dueAt: nextAttemptAt } : {}) },
        { expectedVersion: claimed.version, leaseOwner: this.deps.owner },
      ),
    );
    if (saved === 'conflict') this.deps.logger.warn('chargeback.save_conflict', { notificationId: claimed.notificationId });
  }
}

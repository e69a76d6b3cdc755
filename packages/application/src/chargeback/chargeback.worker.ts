import { isDeliveryDue, isDeliveryOwed, type Chargeback, type ChargebackRepository, type MerchantId, type SessionRepository } from '@splitpay/domain';
import { DEFAULT_TRIES_PER_MERCHANT, DestinationSlots, type MerchantCapOptions } from '../notification/destination-slots';
import { tryDelivery, type MessageDeliveryDeps } from '../notification/message-delivery';
import { runClaimedTurns, TurnSlots } from '../worker/claimed-turns';
import { LeaseHeartbeat, workerLeaseRenewal, type Heartbeat, type LeaseRenewal } from '../worker/lease-heartbeat';
import type { LeasedWorkerOptions } from '../worker/leased-worker-options';

export interface ChargebackWorkerDeps extends MessageDeliveryDeps, MerchantCapOptions, LeasedWorkerOptions {
  readonly chargebacks: ChargebackRepository;
  /** Read to hold a chargeback while its session's ending is still owed (D145-c). */
  readonly sessions: SessionRepository;
  /** How long a held chargeback waits past its session ending's next try before it looks again (1 s). */
  readonly endingHoldMs?: number;
}

/** A chargeback held behind its session's ending looks again this long after the ending's next try. */
export const DEFAULT_ENDING_HOLD_MS = 1_000;

/**
 * Delivers owed chargeback messages on their calendar: claims a due chargeback with a lease, makes one
 * delivery try, and saves the outcome with its lease (which the save releases). Tries on different
 * chargebacks run side by side, each renewing its lease while it runs (docs/decisions.md D82), and at
 * most `perMerchant` of them for one merchant: a merchant whose chargebackUrl hangs holds back no other
 * merchant's chargebacks (D108-b). A chargeback of a merchant at its cap is postponed (capBackoffMs).
 * A chargeback whose session still owes its ending message (not delivered, calendar still running) is
 * held, untried, until the ending is delivered or abandoned: the merchant learns the ending, with the
 * references the chargeback names, first (D145-c).
 */
export class ChargebackWorker {
  readonly name = 'chargebacks';

  private readonly slots: TurnSlots;
  private readonly destinations: DestinationSlots<MerchantId>;
  private readonly heartbeat: LeaseHeartbeat;
  /** Set by stop(): no claim is made any more; the tries in flight end as usual. */
  private stopping = false;

  constructor(private readonly deps: ChargebackWorkerDeps) {
    this.slots = new TurnSlots(deps.concurrency);
    this.destinations = new DestinationSlots(deps.perMerchant ?? DEFAULT_TRIES_PER_MERCHANT);
    this.heartbeat = new LeaseHeartbeat(deps.timer);
  }

  /** Tries running now: /metrics' worker_slots_in_use. */
  slotsInUse(): number {
    return this.destinations.total();
  }

  /** Does what is due now; answers how many chargebacks it worked on. */
  runOnce(): Promise<number> {
    const { chargebacks, clock, owner, logger } = this.deps;
    const leaseMs = this.deps.leaseMs ?? 60_000;
    return runClaimedTurns<Chargeback>(
      {
        claim: () => this.claim(leaseMs),
        keyOf: (claimed) => claimed.notificationId,
        release: async (claimed) => {
          this.destinations.give(claimed.merchantId);
          await chargebacks.releaseLease(claimed.notificationId, owner);
        },
        turn: async (claimed) => {
          try {
            await this.heartbeat.run(this.renewalOf(claimed, leaseMs), (heartbeat) => this.work(claimed, heartbeat));
          } finally {
            this.destinations.give(claimed.merchantId);
          }
        },
        // A store fault on one chargeback must not starve the others: log it and go on. Its lease is
        // kept, so it is tried again once the lease lapses (a back-off), by whichever instance claims it.
        failed: (claimed, error) => logger.error('chargeback_worker.work_failed', { notificationId: claimed.notificationId, error }),
      },
      { batchSize: this.deps.batchSize ?? 50, slots: this.slots },
    );
  }

  /**
   * Graceful stop: no claim from now on, in this run or any later one; the tries in flight end and
   * save their outcome (which releases their leases). What is left stays due for any instance.
   */
  stop(): void {
    this.stopping = true;
  }

  /**
   * The next due chargeback of a merchant below its cap. One of a merchant at its cap is postponed
   * (its dueAt moved, its lease released by the save), so it is due no more in this run and the loop ends.
   */
  private async claim(leaseMs: number): Promise<Chargeback | null> {
    const { chargebacks, clock, owner, logger } = this.deps;
    while (!this.stopping) {
      const claimed = await chargebacks.claimDue(clock.now(), owner, leaseMs);
      if (!claimed || !this.destinations.isFull(claimed.merchantId)) {
        if (claimed) this.destinations.take(claimed.merchantId);
        return claimed;
      }
      const dueAt = clock.now() + (this.deps.capBackoffMs ?? 10_000);
      const saved = await chargebacks.save({ ...claimed, version: claimed.version + 1, dueAt }, { expectedVersion: claimed.version, leaseOwner: owner });
      if (saved === 'conflict') {
        // Written meanwhile by another: left to the next run rather than claimed again at once.
        logger.warn('chargeback.save_conflict', { notificationId: claimed.notificationId });
        await chargebacks.releaseLease(claimed.notificationId, owner);
        return null;
      }
    }
    return null;
  }

  private renewalOf(claimed: Chargeback, leaseMs: number): LeaseRenewal {
    const { chargebacks, clock, owner, logger } = this.deps;
    return workerLeaseRenewal({ name: this.name, logger, leaseMs }, { notificationId: claimed.notificationId }, () =>
      chargebacks.renewLease(claimed.notificationId, owner, clock.now(), leaseMs),
    );
  }

  private async work(claimed: Chargeback, heartbeat: Heartbeat): Promise<void> {
    const delivery = claimed.delivery;
    const due = delivery !== undefined && isDeliveryDue(delivery, this.deps.clock.now());
    const heldUntil = due ? await this.endingOwedUntil(claimed) : undefined;
    const next: Chargeback =
      delivery && due && heldUntil === undefined ? { ...claimed, delivery: (await tryDelivery(delivery, claimed.merchantId, 'chargeback', this.deps)).next } : claimed;
    const { dueAt: _due, ...rest } = next;
    const nextAttemptAt = heldUntil ?? next.delivery?.nextAttemptAt;
    // Renewed until the save lands: a store that stalls a whole lease must not hand the chargeback to
    // another instance, which would try the message again.
    const saved = await heartbeat.releasingWith(() =>
      this.deps.chargebacks.save(
        { ...rest, version: claimed.version + 1, ...(nextAttemptAt !== undefined ? { dueAt: nextAttemptAt } : {}) },
        { expectedVersion: claimed.version, leaseOwner: this.deps.owner },
      ),
    );
    if (saved === 'conflict') this.deps.logger.warn('chargeback.save_conflict', { notificationId: claimed.notificationId });
    else if (heldUntil !== undefined) this.deps.logger.info('chargeback.held', { notificationId: claimed.notificationId, merchantId: claimed.merchantId });
  }

  /**
   * When to look again at a chargeback whose session's ending message is still owed (its calendar
   * running): just after the ending's next try. Undefined when the ending is delivered, abandoned, or
   * was never owed (no address, or the session has not ended): the chargeback goes now.
   */
  private async endingOwedUntil(claimed: Chargeback): Promise<number | undefined> {
    const ending = (await this.deps.sessions.findById(claimed.sessionId))?.notification?.delivery;
    if (!ending || !isDeliveryOwed(ending)) return undefined;
    return Math.max(ending.nextAttemptAt ?? 0, this.deps.clock.now()) + (this.deps.endingHoldMs ?? DEFAULT_ENDING_HOLD_MS);
  }
}

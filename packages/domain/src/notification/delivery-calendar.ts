import type { DeliveryOutcome } from '../ports/webhook-sender.port';
import type { Delivery } from '../session/session.model';

/** What a message is, before any delivery attempt. */
export interface OwedMessage {
  readonly url: string;
  readonly notificationId: string;
  readonly payload: Readonly<Record<string, unknown>>;
}

/** A message newly owed: nothing tried yet, the first attempt due at `now`. */
export function openDelivery(message: OwedMessage, now: number): Delivery {
  return { url: message.url, notificationId: message.notificationId, payload: message.payload, failures: 0, abandoned: false, nextAttemptAt: now };
}

/** Still owed: neither acknowledged nor abandoned. */
export function isDeliveryOwed(delivery: Delivery): boolean {
  return delivery.deliveredAt === undefined && !delivery.abandoned && delivery.nextAttemptAt !== undefined;
}

/** Owed, and its next attempt is due at `now`. */
export function isDeliveryDue(delivery: Delivery, now: number): boolean {
  return isDeliveryOwed(delivery) && (delivery.nextAttemptAt ?? Infinity) <= now;
}

/** Attempts the calendar allows in all: the first one, then one per retry delay (four by default). */
export function deliveryAttemptsAllowed(delaysMs: readonly number[]): number {
  return delaysMs.length + 1;
}

/**
 * Records what one delivery attempt gave.
 *
 * - received: `deliveredAt` is set and nothing more is owed.
 * - failure: `failures` grows by one; retry n is due at `t + delaysMs[n - 1]`, where `t` is when the
 *   calendar's first attempt failed (t+1 s, t+1 min, t+5 min by default), and never before `now`.
 *   The failure that spends the calendar marks it `abandoned`, and nothing more is owed.
 *
 * An outcome for a delivery that is no longer owed changes nothing.
 */
export function recordDeliveryOutcome(delivery: Delivery, outcome: DeliveryOutcome, now: number, delaysMs: readonly number[]): Delivery {
  if (!isDeliveryOwed(delivery)) return delivery;
  const { nextAttemptAt: _next, ...rest } = delivery;
  if (outcome.received) return { ...rest, deliveredAt: now };

  const failures = delivery.failures + 1;
  const firstFailedAt = delivery.firstFailedAt ?? now;
  if (failures >= deliveryAttemptsAllowed(delaysMs)) return { ...rest, failures, firstFailedAt, abandoned: true };
  const delay = delaysMs[failures - 1] ?? 0;
  return { ...rest, failures, firstFailedAt, nextAttemptAt: Math.max(now, firstFailedAt + delay) };
}

/**
 * Re-arms the whole calendar for a replay: same notificationId and payload, failures back to zero,
 * not abandoned, no longer acknowledged, the first attempt due at `now`.
 */
export function rearm(delivery: Delivery, now: number): Delivery {
  const { deliveredAt: _delivered, firstFailedAt: _first, nextAttemptAt: _next, ...rest } = delivery;
  return { ...rest, failures: 0, abandoned: false, nextAttemptAt: now };
}

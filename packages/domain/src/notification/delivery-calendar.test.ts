import type { DeliveryOutcome } from '../ports/webhook-sender.port';
import type { Delivery } from '../session/session.model';
import { deliveryAttemptsAllowed, isDeliveryDue, isDeliveryOwed, openDelivery, rearm, recordDeliveryOutcome } from './delivery-calendar';

const DELAYS = [1_000, 60_000, 300_000];
const T = Date.UTC(2026, 0, 1);
const failed: DeliveryOutcome = { received: false, reason: 'status 500', httpStatus: 500 };
const received: DeliveryOutcome = { received: true, httpStatus: 200 };

const owed = (): Delivery => openDelivery({ url: 'https://m.example/hook', notificationId: 'sid:PAID', payload: { event: 'session-ended' } }, T);

function failTimes(delivery: Delivery, times: readonly number[]): Delivery {
  return times.reduce((d, at) => recordDeliveryOutcome(d, failed, at, DELAYS), delivery);
}

describe('delivery calendar', () => {
  it('opens owed, due at once, nothing failed', () => {
    const d = owed();
    expect(d).toMatchObject({ failures: 0, abandoned: false, nextAttemptAt: T });
    expect(d).not.toHaveProperty('deliveredAt');
    expect(isDeliveryOwed(d)).toBe(true);
    expect(isDeliveryDue(d, T - 1)).toBe(false);
    expect(isDeliveryDue(d, T)).toBe(true);
  });

  it('a received delivery records deliveredAt and owes nothing more', () => {
    const d = recordDeliveryOutcome(owed(), received, T + 5, DELAYS);
    expect(d.deliveredAt).toBe(T + 5);
    expect(d.failures).toBe(0);
    expect(d.abandoned).toBe(false);
    expect(d).not.toHaveProperty('nextAttemptAt');
    expect(isDeliveryOwed(d)).toBe(false);
    expect(isDeliveryDue(d, T + 10 ** 9)).toBe(false);
  });

  it('retries at t+1 s, t+1 min, t+5 min counted from the first failure, then abandons after the fourth attempt', () => {
    let d = recordDeliveryOutcome(owed(), failed, T, DELAYS);
    expect(d).toMatchObject({ failures: 1, abandoned: false, nextAttemptAt: T + 1_000, firstFailedAt: T });

    d = recordDeliveryOutcome(d, failed, T + 1_000, DELAYS);
    expect(d).toMatchObject({ failures: 2, abandoned: false, nextAttemptAt: T + 60_000 });

    d = recordDeliveryOutcome(d, failed, T + 60_000, DELAYS);
    expect(d).toMatchObject({ failures: 3, abandoned: false, nextAttemptAt: T + 300_000 });

    d = recordDeliveryOutcome(d, failed, T + 300_000, DELAYS);
    expect(d).toMatchObject({ failures: 4, abandoned: true });
    expect(d).not.toHaveProperty('nextAttemptAt');
    expect(d).not.toHaveProperty('deliveredAt');
    expect(isDeliveryOwed(d)).toBe(false);
    expect(deliveryAttemptsAllowed(DELAYS)).toBe(4);
  });

  it('a late attempt is never scheduled in the past', () => {
    const d = failTimes(owed(), [T, T + 90_000]);
    expect(d.nextAttemptAt).toBe(T + 90_000);
  });

  it('the fourth attempt succeeding delivers, with its three failures kept', () => {
    const d = recordDeliveryOutcome(failTimes(owed(), [T, T + 1_000, T + 60_000]), received, T + 300_000, DELAYS);
    expect(d).toMatchObject({ failures: 3, abandoned: false, deliveredAt: T + 300_000 });
  });

  it('an outcome for a message no longer owed changes nothing', () => {
    const delivered = recordDeliveryOutcome(owed(), received, T, DELAYS);
    expect(recordDeliveryOutcome(delivered, failed, T + 1, DELAYS)).toBe(delivered);
    const abandoned = failTimes(owed(), [T, T + 1_000, T + 60_000, T + 300_000]);
    expect(recordDeliveryOutcome(abandoned, received, T + 400_000, DELAYS)).toBe(abandoned);
  });

  it('follows a short configured calendar: as many attempts as delays plus one', () => {
    const short = [10, 20];
    const twice = [T, T + 10].reduce((x, at) => recordDeliveryOutcome(x, failed, at, short), owed());
    expect(twice).toMatchObject({ failures: 2, abandoned: false, nextAttemptAt: T + 20 });
    const spent = recordDeliveryOutcome(twice, failed, T + 20, short);
    expect(spent).toMatchObject({ failures: 3, abandoned: true });
    expect(deliveryAttemptsAllowed(short)).toBe(3);
  });

  describe('rearm', () => {
    it('re-arms an abandoned calendar from scratch with the same notificationId and payload', () => {
      const abandoned = failTimes(owed(), [T, T + 1_000, T + 60_000, T + 300_000]);
      const d = rearm(abandoned, T + 900_000);
      expect(d).toEqual({ url: abandoned.url, notificationId: 'sid:PAID', payload: abandoned.payload, failures: 0, abandoned: false, nextAttemptAt: T + 900_000 });
      const again = recordDeliveryOutcome(d, failed, T + 900_000, DELAYS);
      expect(again.nextAttemptAt).toBe(T + 901_000);
    });

    it('re-arms an acknowledged message: owed again', () => {
      const d = rearm(recordDeliveryOutcome(owed(), received, T, DELAYS), T + 50);
      expect(d).not.toHaveProperty('deliveredAt');
      expect(isDeliveryDue(d, T + 50)).toBe(true);
    });
  });
});

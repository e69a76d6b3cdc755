import { KIT_AMOUNT } from '../kit-session';
import type { PspKitTarget, TransportFault } from '../kit-target';
import { check, type KitCheck } from './check';
import { authorizedInFull } from './opening.checks';

/** A transport fault -> an `unknown` ack; the retry carries the same idempotency key and goes through. */
export function transportChecks(target: PspKitTarget): KitCheck[] {
  const faults: readonly TransportFault[] = ['reset', 'timeout'];
  return faults.map((fault) =>
    check(target, `a ${fault === 'reset' ? 'connection reset' : 'timeout'} -> an unknown ack, and the retry carries the same idempotency key`, async (kit) => {
      const opened = await authorizedInFull(kit);
      const kind = opened.model.attempt().operation === 'authorization' ? 'capture' : 'refund';
      const input = kit.followUpInput(opened.model, KIT_AMOUNT);
      const { keysSeen } = await kit.run.script.transportFault(fault, kind, input);
      const failed = await kit.driver[kind](input);
      kit.seen(failed);
      expect({ outcome: failed.ack.outcome, httpStatus: failed.ack.httpStatus, facts: failed.facts }).toEqual({ outcome: 'unknown', httpStatus: undefined, facts: [] });
      // The service retries the same operation (same transaction id): the PSP must see the same key.
      const again = await kit.driver[kind](input);
      kit.seen(again);
      const keys = keysSeen();
      expect(keys).toHaveLength(2);
      expect(keys[1]).toBe(keys[0]);
      expect(keys[0]).toEqual(expect.any(String));
      expect(again.ack.outcome).toBe('accepted');
    }),
  );
}

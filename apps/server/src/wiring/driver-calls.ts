import type { PspDriver } from '@splitpay/domain';
import { overlay } from './overlay';

/** Every driver call that reaches a PSP, by the port's member name. */
export const DRIVER_CALLS = ['open', 'confirm', 'capture', 'void', 'refund', 'lookup', 'lookupFollowUp', 'completeReturn', 'completeAction', 'walletSession'] as const;

export type DriverCall = (typeof DRIVER_CALLS)[number];

/** One driver call, whatever its input and answer. */
export type AnyDriverCall = (input: { readonly transactionId?: string; readonly attemptId?: string }) => Promise<unknown>;

/** Synchronous members read through the overlay: bound, for drivers with private fields. */
const READS = ['capabilitiesFor', 'hostedFields'] as const;

/**
 * `driver` with each call it has replaced by what `wrap` makes of it; every other member is read
 * through (the decorators of the core's registry: the service deadline, the call metrics).
 */
export function wrapDriverCalls(driver: PspDriver, wrap: (name: DriverCall, call: AnyDriverCall) => AnyDriverCall): PspDriver {
  const members = driver as unknown as Record<string, unknown>;
  const own: Record<string, unknown> = {};
  for (const name of DRIVER_CALLS) {
    const member = members[name];
    if (typeof member === 'function') own[name] = wrap(name, (input) => member.call(driver, input) as Promise<unknown>);
  }
  for (const read of READS) {
    const member = members[read];
    if (typeof member === 'function') own[read] = member.bind(driver);
  }
  return overlay(driver, own as Partial<PspDriver>);
}

import { PspRegistry, type Metrics, type OperationOutput, type OpenOutput, type PspDriver, type PspProvider } from '@splitpay/domain';
import { overlay } from './overlay';

export const PSP_CALLS_METRIC = 'psp_calls_total';
export const PSP_CALL_OPERATIONS = ['open', 'confirm', 'capture', 'void', 'refund', 'lookup'] as const;
export const PSP_CALL_OUTCOMES = ['accepted', 'rejected', 'unknown', 'error'] as const;

type Operation = (typeof PSP_CALL_OPERATIONS)[number];


/** A driver whose every call is counted by outcome; what it answers is untouched. */
function meteredDriver(driver: PspDriver, metrics: Metrics): PspDriver {
  const count = async <T extends OpenOutput | OperationOutput>(operation: Operation, call: () => Promise<T>): Promise<T> => {
    try {
      const output = await call();
      metrics.increment(PSP_CALLS_METRIC, { provider: driver.provider, operation, outcome: output.ack.outcome });
      return output;
    } catch (error) {
      metrics.increment(PSP_CALLS_METRIC, { provider: driver.provider, operation, outcome: 'error' });
      throw error;
    }
  };
  const { confirm, lookup, hostedFields } = driver;
  // Every other member is read through the prototype; methods are bound, for drivers with private fields.
  return overlay(driver, {
    open: (input: Parameters<PspDriver['open']>[0]) => count('open', () => driver.open(input)),
    capture: (input: Parameters<PspDriver['capture']>[0]) => count('capture', () => driver.capture(input)),
    void: (input: Parameters<PspDriver['void']>[0]) => count('void', () => driver.void(input)),
    refund: (input: Parameters<PspDriver['refund']>[0]) => count('refund', () => driver.refund(input)),
    ...(confirm ? { confirm: (input: Parameters<typeof confirm>[0]) => count('confirm', () => confirm.call(driver, input)) } : {}),
    ...(lookup ? { lookup: (input: Parameters<typeof lookup>[0]) => count('lookup', () => lookup.call(driver, input)) } : {}),
    ...(hostedFields ? { hostedFields: hostedFields.bind(driver) } : {}),
  });
}

/**
 * The registry the core uses, its drivers counted (psp_calls_total by provider, operation and
 * outcome). Built over the PSP wiring's registry, so that adding a provider needs no change here.
 */
export function meteredRegistry(registry: PspRegistry, metrics: Metrics): PspRegistry {
  const providers: PspProvider[] = registry.providerIds().map((id) => {
    const provider = registry.provider(id) as PspProvider;
    return overlay(provider, {
      drivers: provider.drivers.map((driver) => meteredDriver(driver, metrics)),
      parseNotification: provider.parseNotification.bind(provider),
    });
  });
  return new PspRegistry(providers);
}

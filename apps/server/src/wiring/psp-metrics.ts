import { PspRegistry, type Metrics, type ParsedNotification, type PspDriver, type PspProvider } from '@splitpay/domain';
import { DeadlineCuts } from './deadline-cuts';
import { DRIVER_CALLS, wrapDriverCalls } from './driver-calls';
import { overlay } from './overlay';

export const PSP_CALLS_METRIC = 'psp_calls_total';

/**
 * The `operation` label's values: fixed names, never ids. The first six keep the values dashboards
 * were built on; each added call has its own (D160).
 */
export const PSP_CALL_OPERATIONS = [...DRIVER_CALLS, 'parseNotification'] as const;

/** `deadline`: the service's own deadline cut the call (D150), which reads as `unknown` to the core. */
export const PSP_CALL_OUTCOMES = ['accepted', 'rejected', 'unknown', 'error', 'deadline'] as const;

type Operation = (typeof PSP_CALL_OPERATIONS)[number];
type Outcome = (typeof PSP_CALL_OUTCOMES)[number];

/** Counts one provider's calls by operation and outcome; what they answer or throw is untouched. */
class CallCounter {
  constructor(
    private readonly provider: string,
    private readonly metrics: Metrics,
    private readonly cuts: DeadlineCuts,
  ) {}

  async count<T>(operation: Operation, call: () => Promise<T>, outcomeOf: (answer: T) => Outcome): Promise<T> {
    try {
      const answer = await call();
      this.increment(operation, this.cuts.cut(answer) ? 'deadline' : outcomeOf(answer));
      return answer;
    } catch (error) {
      this.increment(operation, this.cuts.cut(error) ? 'deadline' : 'error');
      throw error;
    }
  }

  private increment(operation: Operation, outcome: Outcome): void {
    this.metrics.increment(PSP_CALLS_METRIC, { provider: this.provider, operation, outcome });
  }
}

const ackOutcome = (output: { readonly ack: { readonly outcome: 'accepted' | 'rejected' | 'unknown' } }): Outcome => output.ack.outcome;

function meteredDriver(driver: PspDriver, metrics: Metrics, cuts: DeadlineCuts): PspDriver {
  const counter = new CallCounter(driver.provider, metrics, cuts);
  return wrapDriverCalls(driver, (name, call) => (input) => counter.count(name, () => call(input) as Promise<Parameters<typeof ackOutcome>[0]>, ackOutcome));
}

/** An authenticated reading is `accepted`; one refused (unauthenticated, unreadable) `rejected`. */
const readingOutcome = (parsed: ParsedNotification): Outcome => parsed.kind;

/**
 * The registry the core uses, every driver call and notification reading counted (psp_calls_total by
 * provider, operation and outcome). Built over the PSP wiring's registry, so that adding a provider
 * needs no change here. `cuts` tells the calls the service's deadline cut short (given to the deadline
 * registry beneath, D150).
 */
export function meteredRegistry(registry: PspRegistry, metrics: Metrics, cuts: DeadlineCuts = new DeadlineCuts()): PspRegistry {
  const providers: PspProvider[] = registry.providerIds().map((id) => {
    const provider = registry.provider(id) as PspProvider;
    const readings = new CallCounter(provider.id, metrics, cuts);
    return overlay(provider, {
      drivers: provider.drivers.map((driver) => meteredDriver(driver, metrics, cuts)),
      parseNotification: (notification, context) => readings.count('parseNotification', () => provider.parseNotification(notification, context), readingOutcome),
    });
  });
  return new PspRegistry(providers);
}

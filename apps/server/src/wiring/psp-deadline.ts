import { PspRegistry, transportFailureMessage, type DriverAck, type Logger, type PspDriver, type PspProvider, type Timer } from '@splitpay/domain';
import type { DeadlineCuts } from './deadline-cuts';
import { wrapDriverCalls, type DriverCall } from './driver-calls';
import { overlay } from './overlay';

/** The service's own wait for one driver call (PSP_DEADLINE_MS), above the drivers' timeout. */
export interface ServiceDeadline {
  readonly deadlineMs: number;
  readonly timer: Timer;
  readonly logger: Logger;
  /** Told each stand-in the deadline answers, for the metrics to count it apart (D160). */
  readonly cuts?: DeadlineCuts;
}

/** What names a call in the log: never its input, which may carry a payment token or card data. */
type CallName = Readonly<Record<string, string | undefined>>;

/** Past the deadline a driver call reads as one that got no answer: the PSP may have acted. */
function unansweredAck(provider: string): DriverAck {
  return { outcome: 'unknown', message: transportFailureMessage('ETIMEDOUT', provider) };
}

function mark<T>(deadline: ServiceDeadline, standIn: T): T {
  if (deadline.cuts && typeof standIn === 'object' && standIn !== null) deadline.cuts.mark(standIn);
  return standIn;
}

/**
 * `start()`'s outcome, or `unanswered()`'s once the deadline passes first. What the call settles to
 * afterwards is dropped (logged): the verdict comes from the status lookup or the notification, as
 * for any call the PSP left unanswered.
 */
function within<T>(deadline: ServiceDeadline, name: CallName, start: () => Promise<T>, unanswered: () => T): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let over = false;
    const cancel = deadline.timer.after(deadline.deadlineMs, () => {
      over = true;
      deadline.logger.warn('psp.deadline_passed', { ...name, deadlineMs: deadline.deadlineMs });
      try {
        resolve(mark(deadline, unanswered()));
      } catch (error) {
        reject(mark(deadline, error));
      }
    });
    const settle = (then: () => void) => () => {
      if (over) return;
      cancel();
      then();
    };
    let call: Promise<T>;
    try {
      call = start();
    } catch (error) {
      settle(() => reject(error))();
      return;
    }
    call.then(
      (output) => (over ? deadline.logger.warn('psp.answered_after_deadline', name) : settle(() => resolve(output))()),
      (error: unknown) => (over ? deadline.logger.error('psp.failed_after_deadline', { ...name, error }) : settle(() => reject(error))()),
    );
  });
}

function deadlinedDriver(driver: PspDriver, deadline: ServiceDeadline): PspDriver {
  // A wallet session answers an ack alone; every other call an ack with facts.
  const standIn = (name: DriverCall) => (name === 'walletSession' ? { ack: unansweredAck(driver.provider) } : { ack: unansweredAck(driver.provider), facts: [] });
  return wrapDriverCalls(driver, (name, call) => (input) => {
    const callName: CallName = { provider: driver.provider, method: driver.method, operation: name, transactionId: input.transactionId, attemptId: input.attemptId };
    return within<unknown>(deadline, callName, () => call(input), () => standIn(name));
  });
}

/**
 * The registry the core uses, every driver call and notification reading bounded by the service's
 * own deadline (docs/decisions.md D150). A driver honours its own timeout (PSP_TIMEOUT_MS, checked by
 * the driver kit); this holds no payer, merchant or worker forever on one that never settles. A
 * notification still being read at the deadline fails (the PSP sends it again).
 */
export function deadlinedRegistry(registry: PspRegistry, deadline: ServiceDeadline): PspRegistry {
  const providers: PspProvider[] = registry.providerIds().map((id) => {
    const provider = registry.provider(id) as PspProvider;
    return overlay(provider, {
      drivers: provider.drivers.map((driver) => deadlinedDriver(driver, deadline)),
      parseNotification: (notification, context) =>
        within(deadline, { provider: provider.id, operation: 'parseNotification' }, () => provider.parseNotification(notification, context), () => {
          throw new Error(`${provider.id}'s notification was not read within the service's deadline`);
        }),
    });
  });
  return new PspRegistry(providers);
}

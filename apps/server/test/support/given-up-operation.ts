import type { TappedNotification } from './notification-tap';
import type { PspOperationTap } from './psp-operation-tap';
import type { ServiceHarness } from './service-harness';

/**
 * The next `event` operation (a capture or a refund) is made by the PSP, but the service learns
 * nothing of it: the answer to its first send is lost on its way back, and the PSP's confirmation is
 * swallowed by the notification tap (a slow PSP). Settles with that confirmation, to replay later.
 */
export function loseWhatThePspSays(h: ServiceHarness, psp: PspOperationTap, event: 'capture' | 'refund'): Promise<TappedNotification> {
  psp.loseNextAnswer();
  return h.tap.dropNext((json) => json.event === event);
}

/** Runs the workers once at each step of the retry calendar, on the instance's manual clock. */
export async function runRetryCalendar(h: ServiceHarness): Promise<void> {
  for (const delay of h.instance.core.policy.dispatchRetryDelaysMs) {
    h.clock.advance(delay);
    await h.runWorkers();
  }
}

/** Every retry of a call to the fake PSP whose path matches `operationPath` is answered 503, so the service gives the operation up. */
export async function giveUpAfterRetries(h: ServiceHarness, operationPath: RegExp): Promise<void> {
  const clear = h.injectFault((method, path) => method === 'POST' && operationPath.test(path));
  try {
    await runRetryCalendar(h);
  } finally {
    clear();
  }
}

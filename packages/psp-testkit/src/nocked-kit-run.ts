import type { PspKitRun } from './kit-target';
import { loadNock } from './nock-isolation';

/**
 * A kit run against nock playing the PSP: the network is shut (only interceptors answer) until
 * `stop`, and the service's doors are the ones it would give (`https://pay.example/psp/{provider}/notifications`,
 * `/elements/return/{attemptId}`). The file running it calls `isolateNock()`, which installs and removes the interceptor.
 */
export function nockedKitRun(run: Pick<PspKitRun, 'plugin' | 'settings' | 'script'> & { readonly secrets?: readonly string[] }): PspKitRun {
  const nock = loadNock();
  nock.disableNetConnect();
  return {
    ...run,
    notificationUrl: `https://pay.example/psp/${run.plugin.id}/notifications`,
    returnUrl: (attemptId) => `https://pay.example/elements/return/${attemptId}`,
    secrets: run.secrets ?? [],
    stop: async () => {
      // A hang's delayed answer (KIT_HANG_MS) is still timed after the driver gave up: dropped with it.
      nock.abortPendingRequests();
      nock.cleanAll();
      nock.enableNetConnect();
    },
  };
}

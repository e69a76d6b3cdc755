import { DEFAULT_POLICY, type DomainPolicy } from '@splitpay/domain';
import type { ServerConfig } from './config';

/**
 * The domain's policy as the settings make it (lender waits and lookups, the webhook calendar, the alert on an overdue verdict, and the
 * drivers' timeout, after which an owed operation's first send can have ended: D90).
 */
export function policyOf(config: ServerConfig): DomainPolicy {
  return {
    ...DEFAULT_POLICY,
    lenderWaitMs: config.lenderWaitMs,
    lenderLookupDelaysMs: config.lenderLookupDelaysMs,
    lenderBoundRetryDelaysMs: config.lenderBoundRetryDelaysMs,
    lenderLookupAfterEndMs: config.lenderLookupAfterEndMs,
    webhookRetryDelaysMs: config.webhookRetryDelaysMs,
    dispatchCallMs: config.pspTimeoutMs,
    verdictOverdueAlertMs: config.verdictOverdueAfterMs,
  };
}

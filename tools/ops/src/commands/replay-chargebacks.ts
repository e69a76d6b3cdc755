import { ReplayChargebackNotification } from '@splitpay/application';
import { DomainError, type AbandonedChargebackSearch, type ChargebackRepository, type Logger, type MerchantId } from '@splitpay/domain';
import { SystemClock } from '@splitpay/infra';
import { iso, type Output } from '../output';
import { walkAbandoned } from './abandoned-walk';

/** What one walk found and did, added to the command's summary. */
export interface ReplayTally {
  found: number;
  replayed: number;
  refused: number;
}

/** Whose messages, which window of first failures, and whether only to list them (the command's request). */
export interface ChargebackReplayRequest {
  readonly merchantId: string;
  readonly since?: number;
  readonly until?: number;
  readonly dryRun: boolean;
}

/**
 * Re-arms every abandoned chargeback message of one merchant whose delivery first failed in
 * [since, until), through the chargeback replay (same notificationId, calendar re-armed): a running
 * service's chargeback worker delivers them. One line each, `chargeback <notificationId> ...`, never
 * the address.
 */
export async function replayChargebacks(
  deps: { readonly chargebacks: ChargebackRepository; readonly logger: Logger },
  request: ChargebackReplayRequest,
  out: Output,
  tally: ReplayTally,
): Promise<void> {
  const replay = new ReplayChargebackNotification({ chargebacks: deps.chargebacks, clock: new SystemClock(), logger: deps.logger });
  const merchantId = request.merchantId as MerchantId;
  await walkAbandoned((query: AbandonedChargebackSearch) => deps.chargebacks.findAbandonedDeliveries(query), { ...request, merchantId }, async (chargeback) => {
    tally.found++;
    const delivery = chargeback.delivery;
    const facts = `failures ${delivery?.failures ?? 0}, first failed ${delivery?.firstFailedAt !== undefined ? iso(delivery.firstFailedAt) : '-'}`;
    const name = `chargeback ${chargeback.notificationId}`;
    if (request.dryRun) {
      out.line(`${name} would be replayed (${facts})`);
      return;
    }
    try {
      await replay.execute({ merchantId, notificationId: chargeback.notificationId, onlyIfAbandoned: true });
      tally.replayed++;
      out.line(`${name} replayed (${facts})`);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      tally.refused++;
      out.line(`${name} refused: ${error.code}`);
    }
  });
}

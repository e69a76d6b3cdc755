import { ReplayChargebackNotification } from '@splitpay/application';
import { DomainError, type AbandonedChargebackPosition, type ChargebackRepository, type Logger, type MerchantId } from '@splitpay/domain';
import { SystemClock } from '@splitpay/infra';
import { iso, type Output } from '../output';

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

/** Chargebacks read per page of the abandoned-delivery index. */
const PAGE = 100;

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
  let after: AbandonedChargebackPosition | undefined;
  do {
    const page = await deps.chargebacks.findAbandonedDeliveries({
      merchantId,
      limit: PAGE,
      ...(request.since !== undefined ? { from: request.since } : {}),
      ...(request.until !== undefined ? { to: request.until } : {}),
      ...(after ? { after } : {}),
    });
    for (const chargeback of page.items) {
      tally.found++;
      const delivery = chargeback.delivery;
      const facts = `failures ${delivery?.failures ?? 0}, first failed ${delivery?.firstFailedAt !== undefined ? iso(delivery.firstFailedAt) : '-'}`;
      const name = `chargeback ${chargeback.notificationId}`;
      if (request.dryRun) {
        out.line(`${name} would be replayed (${facts})`);
        continue;
      }
      try {
        await replay.execute({ merchantId, notificationId: chargeback.notificationId });
        tally.replayed++;
        out.line(`${name} replayed (${facts})`);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        tally.refused++;
        out.line(`${name} refused: ${error.code}`);
      }
    }
    after = page.next;
  } while (after);
}

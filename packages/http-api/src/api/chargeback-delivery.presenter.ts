import type { Chargeback } from '@splitpay/domain';
import { presentChargeback, type ChargebackJson } from './chargeback.presenter';

/** Where a chargeback message stands: delivered, still being tried (or held behind its ending, D145-c), or its calendar spent. */
export type ChargebackDeliveryState = 'delivered' | 'trying' | 'abandoned';

/** One dispute as the dashboard reads it: the merchant API's fields and its message's delivery state, absent when nothing is sent (no chargeback address). */
export interface DashboardChargebackJson extends ChargebackJson {
  readonly delivery?: ChargebackDeliveryState;
}

export function chargebackDeliveryState(cb: Chargeback): ChargebackDeliveryState | undefined {
  if (!cb.delivery) return undefined;
  if (cb.delivery.deliveredAt !== undefined) return 'delivered';
  return cb.delivery.abandoned ? 'abandoned' : 'trying';
}

export function presentDashboardChargeback(cb: Chargeback): DashboardChargebackJson {
  const delivery = chargebackDeliveryState(cb);
  return { ...presentChargeback(cb), ...(delivery ? { delivery } : {}) };
}

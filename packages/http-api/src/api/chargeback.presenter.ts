import { chargebackEventFields, type Chargeback, type ChargebackEventFields } from '@splitpay/domain';

/** One dispute of GET /api/sessions/{id}/chargebacks: the fields of the chargeback event and when we received it, never its delivery state. */
export interface ChargebackJson extends ChargebackEventFields {
  readonly receivedAt: number;
}

export function presentChargeback(cb: Chargeback): ChargebackJson {
  return { ...chargebackEventFields(cb), receivedAt: cb.receivedAt };
}

import type { OneySettings } from '../settings/oney.settings';

export const PURCHASE_PATH = 'payments/v1/purchase/facilypay_url';

/** The purchase's path at Oney: our reference sent as `CMDE|<external_reference>`, URL-encoded. */
export function purchasePath(settings: OneySettings, externalReference: string): string {
  return `payments/v1/purchase/psp_guid/${encodeURIComponent(settings.pspGuid)}/merchant_guid/${encodeURIComponent(settings.merchantGuid)}/reference/${encodeURIComponent(`CMDE|${externalReference}`)}`;
}

import type { DriverCapabilities } from '@splitpay/domain';
import { ANCV_PRODUCTS, WERO_PRODUCT, type AncvProduct, type WorldlineSettings } from './worldline.settings';

const ANCV_FLOW = 'ancv-';

/** The flow an ANCV offer records at session creation: the contract's product then. */
export const ancvFlow = (product: AncvProduct): string => `${ANCV_FLOW}${product}`;

/**
 * The Worldline product a session's calls use. ANCV: the product its offer snapshotted at creation,
 * so a contract whose `ancvProductId` changed since never sends an open session's return, lookups or
 * refunds the wrong way; an offer stored before offers recorded it reads the contract.
 */
export function productOf(method: 'wero' | 'ancv', capabilities: Pick<DriverCapabilities, 'flow'>, settings: Pick<WorldlineSettings, 'ancvProductId'>): number {
  if (method === 'wero') return WERO_PRODUCT;
  const recorded = capabilities.flow?.startsWith(ANCV_FLOW) ? Number(capabilities.flow.slice(ANCV_FLOW.length)) : undefined;
  return ANCV_PRODUCTS.find((product) => product === recorded) ?? settings.ancvProductId;
}

/**
 * ANCV on 5403 (Thunes acquiring) is documented as hosted checkout only: its opening is a hosted
 * checkout whose id is the opening's reference until the payment it creates is read.
 */
export const isHostedCheckout = (product: number): boolean => product === 5403;

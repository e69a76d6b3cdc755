import type { SessionView } from '@splitpay/domain';
import { DEMO } from './merchants.fixture';
import type { ServiceHarness } from './service-harness';

/**
 * A demo merchant's €120.00 order whose card entry accepts Mastercard only (D74): a Visa card is
 * refused for its network (its tranche VOIDED, declineCategory method-unavailable), then a Mastercard
 * pays it all (a second tranche CAPTURED, €120.00 refundable). Answers the session's id.
 */
export async function seedSchemeRefusedPayment(h: ServiceHarness, orderId: string): Promise<string> {
  const { page, sessionId } = await h.openPage({ currency: 'EUR', total: 12_000, orderId, methods: [{ method: 'card', schemes: ['mastercard'] }] }, DEMO);
  // The fake PSP's 4111 1111 1111 1111 runs on Visa, 5555 5555 5555 4444 on Mastercard.
  await page.payByCard('card', 12_000, '4111111111111111');
  await page.waitFor((v: SessionView) => v.attempts[0]?.status === 'VOIDED', 15_000);
  await page.payByCard('card', 12_000, '5555555555554444');
  await page.waitFor((v: SessionView) => v.status === 'PAID', 15_000);
  return sessionId;
}

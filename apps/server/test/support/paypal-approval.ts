import nock from 'nock';
import { SANDBOX, authorizedOrder } from '@splitpay/psp-paypal/src/testing/paypal.fixtures';
import { navigate } from './elements-client';
import type { ServiceHarness } from './service-harness';

/** A PayPal order the payer approved; what PayPal answers next is the test's to say. */
export interface ApprovedPayPalOrder {
  readonly sessionId: string;
  readonly attemptId: string;
  /** PayPal's authorization of the order: AUTH-{orderId}. */
  readonly authorization: string;
  /** The order's custom_id, as the service sent it when creating the order. */
  readonly customId: string;
  /** The payer back on the return URL (the order is authorized then): answers the HTTP status. */
  comeBack(): Promise<number>;
}

/**
 * A session of 100.00 paid by PayPal alone (nock playing PayPal): the order `orderId` is created and
 * the payer approves it; its authorization (AUTH-{orderId}) is answered when the payer comes back,
 * granted in `grantedIn` (the session's EUR unless told).
 */
export async function payPalOrderApproved(h: ServiceHarness, orderRef: string, orderId: string, grantedIn = 'EUR'): Promise<ApprovedPayPalOrder> {
  const { sessionId, page } = await h.openPage({ currency: 'EUR', total: 10_000, orderId: orderRef, methods: [{ method: 'paypal' }], returnUrl: 'https://shop.example/back' });
  let customId = '';
  nock(SANDBOX)
    .post('/v2/checkout/orders')
    .reply((_u, body) => {
      customId = (body as { purchase_units: { custom_id: string }[] }).purchase_units[0]!.custom_id;
      return [201, { id: orderId, status: 'PAYER_ACTION_REQUIRED', links: [{ rel: 'payer-action', href: `https://www.sandbox.paypal.com/checkoutnow?token=${orderId}` }] }];
    });
  const attemptId = (await page.start({ methodId: 'paypal', amount: 10_000 })).body.attemptId!;
  const authorization = `AUTH-${orderId}`;
  nock(SANDBOX).post(`/v2/checkout/orders/${orderId}/authorize`).reply(() => [201, authorizedOrder(orderId, customId, { authorizationId: authorization, value: '100.00', currency: grantedIn })]);
  const comeBack = async () => (await navigate(`${h.url}/elements/return/${attemptId}?token=${orderId}&PayerID=QYR5Z8XDVJNXQ`)).status;
  return { sessionId, attemptId, authorization, customId, comeBack };
}

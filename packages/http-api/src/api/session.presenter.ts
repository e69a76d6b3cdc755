import type { Money, Session } from '@splitpay/domain';
import { presentAttempt, type AttemptJson } from './attempt-view.presenter';

/** The Session of GET /api/sessions/{id} and of the session search (the contract's "Session"). */
export interface SessionJson {
  readonly sessionId: string;
  readonly merchantId: string;
  readonly orderId: string;
  readonly status: Session['status'];
  readonly total: Money;
  readonly captured: Money;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly expiresAt: number;
  readonly notification?: { readonly url: string; readonly deliveredAt?: number; readonly failures: number; readonly abandoned: boolean };
  readonly attempts: readonly AttemptJson[];
  readonly [field: string]: unknown;
}

const plain = (m: Money): Money => ({ amount: m.amount, currency: m.currency });

/**
 * Maps the stored session to the contract's JSON. Only listed fields leave: the elements token
 * digest, version, dueAt, lease, method offers (routing and capabilities), deliveries' payloads and
 * calendars never do.
 */
export function presentSession(s: Session): SessionJson {
  const delivery = s.notification?.delivery;
  return {
    sessionId: s.id,
    merchantId: s.merchantId,
    orderId: s.orderId,
    status: s.status,
    total: plain(s.total),
    captured: plain(s.captured),
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
    expiresAt: s.expiresAt,
    ...(s.notification
      ? {
          notification: {
            url: s.notification.url,
            ...(delivery?.deliveredAt !== undefined ? { deliveredAt: delivery.deliveredAt } : {}),
            failures: delivery?.failures ?? 0,
            abandoned: delivery?.abandoned ?? false,
          },
        }
      : {}),
    attempts: s.attempts.map(presentAttempt),
    ...(s.paymentMethodFilters ? { paymentMethodFilters: { ...s.paymentMethodFilters } } : {}),
    ...(s.cartItems ? { cartItems: s.cartItems.map((item) => ({ ...item, amount: plain(item.amount) })) } : {}),
    ...(s.customer ? { customer: s.customer } : {}),
    ...(s.billing ? { billing: s.billing } : {}),
    ...(s.shipping ? { shipping: s.shipping } : {}),
    ...(s.travel ? { travel: s.travel } : {}),
    ...(s.returnUrl !== undefined ? { returnUrl: s.returnUrl } : {}),
    ...(s.cancelUrl !== undefined ? { cancelUrl: s.cancelUrl } : {}),
    ...(s.statementDescriptor !== undefined ? { statementDescriptor: s.statementDescriptor } : {}),
    ...(s.extraData !== undefined ? { extraData: s.extraData } : {}),
    ...(s.mustCreateAlias !== undefined ? { mustCreateAlias: s.mustCreateAlias } : {}),
    ...(s.terms ? { terms: s.terms.map((t) => ({ label: t.label, url: t.url })) } : {}),
    ...(s.termsAcceptedAt !== undefined ? { termsAcceptedAt: s.termsAcceptedAt } : {}),
  };
}

import type { DriverOrder, Session } from '@splitpay/domain';

/** The session's order as the driver's open and confirm both receive it: only the fields the merchant gave. */
export function driverOrderOf(session: Session): DriverOrder {
  return {
    orderId: session.orderId,
    ...(session.customer ? { customer: session.customer } : {}),
    ...(session.billing ? { billing: session.billing } : {}),
    ...(session.shipping ? { shipping: session.shipping } : {}),
    ...(session.cartItems ? { cartItems: session.cartItems } : {}),
    ...(session.travel ? { travel: session.travel } : {}),
    ...(session.statementDescriptor !== undefined ? { statementDescriptor: session.statementDescriptor } : {}),
    ...(session.extraData !== undefined ? { extraData: session.extraData } : {}),
  };
}

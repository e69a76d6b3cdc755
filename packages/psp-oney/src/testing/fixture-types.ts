import type { InboundNotification, OpenInput } from '@splitpay/domain';

export type { InboundNotification };
/** An order as the driver receives it (the kit's and the tests' financing order). */
export type PspKitOrder = Omit<OpenInput['order'], 'orderId'>;

import { hmacValidator as HmacValidator, Types } from '@adyen/api-library';
import NotificationRequest from '@adyen/api-library/lib/src/notification/notificationRequest';

/**
 * Adyen's official Node library (@adyen/api-library 31.0.0, Checkout API v71) as the judge of what
 * the driver sends and what our fixtures say Adyen answers. Test support only (import rules).
 */

export const checkout = Types.checkout;
export const notification = Types.notification;
export { HmacValidator, NotificationRequest };

/**
 * A model as JSON carries it: the library's string enums as their values, so a plain literal can be
 * checked with `satisfies` (an enum member alone would not accept the string Adyen sends).
 */
export type Wire<T> = T extends string ? `${T}` : T extends readonly (infer E)[] ? Wire<E>[] : T extends object ? { [K in keyof T]: Wire<T[K]> } : T;

type Checkout = typeof Types.checkout;
/** The name of a checkout model (a class of the library), as its serializer takes it. */
export type CheckoutModelName = { [K in keyof Checkout]: Checkout[K] extends abstract new () => unknown ? K : never }[keyof Checkout] & string;
/** A checkout model by name, as JSON carries it. */
export type CheckoutModel<K extends CheckoutModelName> = Wire<InstanceType<Checkout[K]>>;

const json = (value: unknown): unknown => JSON.parse(JSON.stringify(value)) as unknown;

/**
 * A request body through the checkout model's own serializer, as the library would send it: a field
 * the model does not know is dropped, so the result differs from the body.
 */
export function serializedAs(body: unknown, model: CheckoutModelName): unknown {
  return json(checkout.ObjectSerializer.serialize(json(body), model));
}

/** An answer read by the checkout model's serializer and written back: what the library keeps of it. */
export function readAs(answer: unknown, model: CheckoutModelName): unknown {
  return json(checkout.ObjectSerializer.serialize(checkout.ObjectSerializer.deserialize(json(answer), model), model));
}

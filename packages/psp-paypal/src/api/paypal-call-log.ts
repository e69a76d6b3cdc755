import type { Logger } from '@splitpay/domain';
import type { PspHttpResult } from '@splitpay/psp-http';
import { errorCode, readPayPalError } from './paypal-error';

/** The driver's only method: the lines say it as the other drivers' lines say theirs. */
const METHOD = 'paypal';

/** A path without the ids it names (orders, authorizations, captures): `/v2/checkout/orders/{orderId}`. */
export function pathShape(path: string): string {
  return path
    .replace(/\/orders\/[^/?]+/, '/orders/{orderId}')
    .replace(/\/authorizations\/[^/?]+/, '/authorizations/{authorizationId}')
    .replace(/\/captures\/[^/?]+/, '/captures/{captureId}');
}

/**
 * A call without a usable answer, logged by its path's shape and its cause, or its status and
 * PayPal's error code (the issue, else the error's name; OAuth's `error` on the token call): never
 * a body, a header, a token or an id.
 */
export function logPayPalFailure(logger: Logger, path: string, result: PspHttpResult): void {
  if (result.kind === 'transport') logger.warn('paypal.call_failed', { method: METHOD, path: pathShape(path), cause: result.cause });
  else if (result.status >= 400) logger.warn('paypal.call_refused', { method: METHOD, path: pathShape(path), status: result.status, errorCode: errorCode(readPayPalError(result.body)) });
}

import { PAGE_STYLE_SOURCE } from './pay-page.html';
import type { FakePayment } from './payment-book';

/**
 * The headers of the payer's page: nothing loaded, no frame around it (its approve and decline
 * buttons must not be clickjacked), forms posting to its doors only, and, because a browser checks
 * form-action against the redirect a door answers too, to the payment's way back (D79).
 */
export function payPageHeaders(payment: FakePayment, doorsBase: string): Record<string, string> {
  const formTargets = new Set(["'self'", new URL(doorsBase).origin]);
  if (payment.returnUrl) formTargets.add(new URL(payment.returnUrl).origin);
  return {
    'Content-Security-Policy': ["default-src 'none'", `style-src ${PAGE_STYLE_SOURCE}`, `form-action ${[...formTargets].join(' ')}`, "frame-ancestors 'none'", "base-uri 'none'"].join('; '),
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
  };
}

import type { Request } from 'express';
import { onPage } from './payer-doors';
import type { FakePayment } from './payment-book';

/** A browser's form post (it prefers HTML to JSON); an API client asks for JSON or for nothing in particular. */
export function fromBrowser(req: Request): boolean {
  return req.accepts(['json', 'html']) === 'html';
}

/**
 * Where a browser goes after a press its payment's state refused (409: decided in another tab, or moved
 * on since its page was drawn), instead of a JSON refusal on a page with no way out: a decided payment
 * sends the payer back to the shop as a press does; one still on the page shows that page as it stands.
 */
export function afterStalePress(payment: FakePayment, pageUrl: string): string {
  return !onPage(payment) && payment.returnUrl ? payment.returnUrl : pageUrl;
}

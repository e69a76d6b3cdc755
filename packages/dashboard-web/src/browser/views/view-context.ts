import type { AccountProvider } from '../api/api-types';
import type { DashboardApi } from '../api/dashboard-api';
import type { Translator } from '../i18n/i18n';
import type { RefundKeys } from '../refund/refund-keys';

/** What every view is given by the app. */
export interface ViewContext {
  readonly tr: Translator;
  readonly api: DashboardApi;
  /** The signed-in contact's merchant. */
  readonly merchantId: string;
  /** The providers of the merchant's contracts (GET /api/me, D66). */
  readonly providers: readonly AccountProvider[];
  /** The refunds' idempotency keys, the page's for its life (a reopened form finds its key). */
  readonly refundKeys: RefundKeys;
  /** Says something to everyone, screen readers included (a polite live region). */
  announce(message: string): void;
  /** Moves to another view (`#/payments...`, `#/operations...`, `#/sessions/{id}...`). */
  navigate(hash: string): void;
  /** Writes the address of what the view now shows in place of the current one: no history entry, nothing drawn anew. */
  replaceAddress(hash: string): void;
}

/** Words for a refusal code, the network included. */
export function refusalWords(ctx: ViewContext, code: string): string {
  if (code === 'network') return ctx.tr.t.networkError;
  return ctx.tr.refusal(code);
}

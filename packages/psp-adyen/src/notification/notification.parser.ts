import type { InboundNotification, Logger, Metrics, NotificationContext, ParsedNotification, PspFact } from '@splitpay/domain';
import { str } from '../client/adyen-ack';
import { day, disputeTypeOf, factsOfItem, namedOperation, type NotificationItem } from '../mapping/event-code';
import { ADYEN_AMOUNT_UNREADABLE_METRIC, unreadableAmountOf, type UnreadableAmount } from '../mapping/unreadable-amount';
import { hmacValid } from './hmac';

/** Adyen accepts on the status; `[accepted]` satisfies its older rule too. */
const ACCEPTED = { status: 200, contentType: 'text/plain', body: '[accepted]' } as const;

function rejected(reason: string, status: number): ParsedNotification {
  return { kind: 'rejected', reason, reply: { status, contentType: 'text/plain', body: '[rejected]' } };
}

function itemsOf(rawBody: string): NotificationItem[] | undefined {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return undefined;
  }
  const list = typeof body === 'object' && body !== null ? (body as { notificationItems?: unknown }).notificationItems : undefined;
  if (!Array.isArray(list)) return undefined;
  const items = list.map((entry: unknown) => (typeof entry === 'object' && entry !== null ? (entry as { NotificationRequestItem?: unknown }).NotificationRequestItem : undefined));
  return items.every((item) => typeof item === 'object' && item !== null) ? (items as NotificationItem[]) : undefined;
}

export interface NotificationReaderDeps {
  readonly logger: Logger;
  readonly metrics: Metrics;
}

/**
 * POST /psp/adyen/notifications: a batch of items, each signed with the HMAC key of the merchant
 * account's webhook, a contract setting found through the operation the item's facts name. Any item whose
 * signature or merchant account does not match rejects the whole batch (no facts). An item about an
 * operation no session of ours holds cannot be verified and changes nothing: it is acknowledged without
 * facts (Adyen would otherwise resend it for 30 days). The body is never quoted in a reason. A verified
 * item whose amount cannot be read (a grant without one or in cents ISO 4217 cannot hold, any item's
 * malformed one, a dispute's missing or unheld one) gives no fact and is acknowledged with the others:
 * Adyen would send the same bytes again. Once the batch is accepted it is logged
 * `adyen.notification_amount_unreadable` and counted (D112-c, D122, D125-c); a dispute without an
 * `eventDate` (its fact's date) likewise, `adyen.notification_dispute_undated`.
 */
export async function parseAdyenNotification(notification: InboundNotification, context: NotificationContext | undefined, deps: NotificationReaderDeps): Promise<ParsedNotification> {
  const items = itemsOf(notification.rawBody);
  if (!items) return rejected('unparseable: not a standard webhook batch', 400);
  const facts: PspFact[] = [];
  const unreadable: { readonly item: NotificationItem; readonly amount: UnreadableAmount }[] = [];
  const undated: NotificationItem[] = [];
  for (const item of items) {
    // The key that verifies is the one of the operation the facts name, never of another reference the item carries (D80).
    const settings = await context?.settingsFor(namedOperation(item));
    if (!settings) continue;
    const hmacKey = str(settings.hmacKey);
    if (!hmacKey || !hmacValid(item, item.additionalData?.hmacSignature, hmacKey)) return rejected('signature: an item does not carry a valid HMAC signature', 401);
    if (item.merchantAccountCode !== settings.merchantAccount) return rejected('merchant account: an item names another merchant account than its contract', 401);
    const amount = unreadableAmountOf(item);
    if (amount) unreadable.push({ item, amount });
    else if (disputeTypeOf(item.eventCode) !== undefined && day(item.eventDate) === undefined) undated.push(item);
    else facts.push(...factsOfItem(item));
  }
  // Written only for a batch accepted: a rejected one is sent again, and would be logged each time.
  for (const { item, amount } of unreadable) reportUnreadable(deps, item, amount);
  for (const item of undated) reportUndated(deps, item);
  return { kind: 'accepted', facts, reply: ACCEPTED };
}

/** What the item wrote, cut short: a value or code in a log line, never a field's whole text. */
const shown = (value: unknown): string | number | undefined => (typeof value === 'number' ? value : typeof value === 'string' ? value.slice(0, 32) : value === undefined ? undefined : `(${typeof value})`);

/**
 * What names the item in a line: its event code, Adyen's references (a dispute's payment too, its
 * originalReference) and our transaction id. Never its card fields (additionalData) nor its reason.
 */
function referencesOf(item: NotificationItem): Record<string, string | number> {
  const eventCode = shown(item.eventCode);
  const pspReference = str(item.pspReference);
  const originalReference = str(item.originalReference);
  const transactionId = str(item.merchantReference);
  return {
    ...(eventCode !== undefined ? { eventCode } : {}),
    ...(pspReference ? { pspReference } : {}),
    ...(originalReference ? { originalReference } : {}),
    ...(transactionId ? { transactionId } : {}),
  };
}

/** Adyen's references and amount only. */
function reportUnreadable(deps: NotificationReaderDeps, item: NotificationItem, amount: UnreadableAmount): void {
  deps.metrics.increment(ADYEN_AMOUNT_UNREADABLE_METRIC, { reason: amount.reason });
  const currency = shown(amount.currency);
  const value = shown(amount.value);
  deps.logger.warn('adyen.notification_amount_unreadable', {
    reason: amount.reason,
    ...referencesOf(item),
    ...(currency !== undefined ? { currency } : {}),
    ...(value !== undefined ? { value } : {}),
  });
}

/** A dispute verified but with no day to date its fact by: what named it, and what stood for its date. */
function reportUndated(deps: NotificationReaderDeps, item: NotificationItem): void {
  const eventDate = shown(item.eventDate);
  deps.logger.warn('adyen.notification_dispute_undated', { ...referencesOf(item), ...(eventDate !== undefined ? { eventDate } : {}) });
}

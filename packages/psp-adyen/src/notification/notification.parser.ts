import type { InboundNotification, NotificationContext, ParsedNotification, PspFact } from '@splitpay/domain';
import { str } from '../client/adyen-ack';
import { factsOfItem, namedOperation, type NotificationItem } from '../mapping/event-code';
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

/**
 * POST /psp/adyen/notifications: a batch of items, each signed with the HMAC key of the merchant
 * account's webhook, a contract setting found through the operation the item's facts name. Any item whose
 * signature or merchant account does not match rejects the whole batch (no facts). An item about an
 * operation no session of ours holds cannot be verified and changes nothing: it is acknowledged without
 * facts (Adyen would otherwise resend it for 30 days). The body is never quoted in a reason.
 */
export async function parseAdyenNotification(notification: InboundNotification, context: NotificationContext | undefined): Promise<ParsedNotification> {
  const items = itemsOf(notification.rawBody);
  if (!items) return rejected('unparseable: not a standard webhook batch', 400);
  const facts: PspFact[] = [];
  for (const item of items) {
    // The key that verifies is the one of the operation the facts name, never of another reference the item carries (D80).
    const settings = await context?.settingsFor(namedOperation(item));
    if (!settings) continue;
    const hmacKey = str(settings.hmacKey);
    if (!hmacKey || !hmacValid(item, item.additionalData?.hmacSignature, hmacKey)) return rejected('signature: an item does not carry a valid HMAC signature', 401);
    if (item.merchantAccountCode !== settings.merchantAccount) return rejected('merchant account: an item names another merchant account than its contract', 401);
    facts.push(...factsOfItem(item));
  }
  return { kind: 'accepted', facts, reply: ACCEPTED };
}

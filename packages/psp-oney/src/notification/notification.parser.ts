import type { InboundNotification, Logger, NotificationContext, NotificationReply, ParsedNotification } from '@splitpay/domain';
import { decryptOneyMessage } from '../client/oney-crypto';
import type { OneyClient } from '../client/oney.client';
import { statusLookup } from '../driver/oney.driver';
import { readOneySettings } from '../settings/oney.settings';

/** Oney expects 204 for a notification taken, and retries on a 500. */
const TAKEN: NotificationReply = { status: 204, contentType: 'text/plain', body: '' };
const RETRY_LATER: NotificationReply = { status: 500, contentType: 'text/plain', body: '' };

const rejected = (reason: string, reply: NotificationReply = TAKEN): ParsedNotification => ({ kind: 'rejected', reason, reply });

function parseJson(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The purchase's external reference a notification names (`purchase.external_reference`). */
function externalReferenceOf(body: Record<string, unknown>): string | undefined {
  const purchase = body.purchase as Record<string, unknown> | undefined;
  const ref = purchase?.external_reference;
  return typeof ref === 'string' && ref.length > 0 ? ref : undefined;
}

export interface OneyNotificationDeps {
  readonly client: OneyClient;
  readonly logger: Logger;
}

/**
 * Oney's notifications are not signed: each one is only a hint. The parser finds the purchase it names
 * (our opening's transaction id: the reference we put on the notification URL, and the body's
 * `purchase.external_reference`, which must agree), decrypts the body first when the contract has an
 * encryption key, then asks Oney's status query with that contract's settings and returns the facts of
 * its answer, never of the body's `status_code`. A notification naming nothing we hold changes nothing;
 * one whose check got no 2xx answer (none, a 5xx or a 4xx) is answered 500 so Oney posts it again.
 */
export async function parseOneyNotification(notification: InboundNotification, deps: OneyNotificationDeps, context?: NotificationContext): Promise<ParsedNotification> {
  const named = notification.query.reference;
  if (!named) return rejected('unknown purchase: the notification names no reference');
  const raw = context ? await context.settingsFor({ transactionId: named }) : undefined;
  if (!raw) return rejected('unknown purchase: no session holds the reference');
  const settings = readOneySettings(raw);
  if ('missing' in settings) return rejected(`configuration: the contract setting ${settings.missing} is missing`);

  const outer = parseJson(notification.rawBody);
  if (!outer) return rejected('unreadable: the body is not a JSON object');
  let body = outer;
  if (settings.notificationEncryptionKey) {
    const encrypted = outer.encrypted_message;
    if (typeof encrypted !== 'string') return rejected('not encrypted: the contract expects encrypted notifications');
    const plain = decryptOneyMessage(encrypted, settings.notificationEncryptionKey);
    const inner = plain === undefined ? undefined : parseJson(plain);
    if (!inner) return rejected('undecryptable: the body does not decrypt under the contract key');
    body = inner;
  }
  if (externalReferenceOf(body) !== named) return rejected('mismatch: the body names another purchase than its URL');

  const checked = await statusLookup(deps.client, settings, named, deps.logger);
  // Any other answer than a 2xx (a 4xx included: the API gateway's 429, 401 or 403 before Oney sees
  // the query) is no verdict: a notification acknowledged now is never posted again.
  if (checked.ack.outcome !== 'accepted') return rejected('status unavailable: the status query gave no verdict', RETRY_LATER);
  return { kind: 'accepted', facts: checked.facts, reply: TAKEN };
}

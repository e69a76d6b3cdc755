import { checkMethodIds, checkNotificationUrl, checkOrderReference, type SessionRequest } from '@splitpay/domain';
import { sessionRequestSchema } from './session-request.schema';
import { validator } from './validate';

const validateSessionRequest = validator<SessionRequest>(sessionRequestSchema, 'body');

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads the body of POST /api/sessions. Rules the spec gives a dedicated code are checked first
 * (docs/decisions.md D12): orderId empty or over 31 characters (InvalidOrderReference), a
 * notificationUrl that is not a URL or plain http on a public host (InvalidNotificationUrl), two
 * entries with one instance key (DuplicateMethodId). Then the schema: anything else malformed is
 * InvalidRequest naming the field and the rule.
 */
export function readSessionRequest(body: unknown): SessionRequest {
  if (isRecord(body)) {
    if (typeof body.orderId === 'string') checkOrderReference(body.orderId);
    if (typeof body.notificationUrl === 'string') checkNotificationUrl(body.notificationUrl);
    if (Array.isArray(body.methods)) {
      const entries = body.methods
        .filter(isRecord)
        .filter((e): e is { method: string; id?: unknown } => typeof e.method === 'string')
        .map((e) => (typeof e.id === 'string' ? { method: e.method, id: e.id } : { method: e.method }));
      checkMethodIds(entries);
    }
  }
  return validateSessionRequest(body);
}

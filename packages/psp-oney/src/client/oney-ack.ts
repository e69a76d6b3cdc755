import type { DriverAck } from '@splitpay/domain';
import { outcomeOfStatus, transportAck } from '@splitpay/psp-http';
import type { OneyResult } from './oney.client';

const str = (value: unknown): string | undefined => (typeof value === 'string' && value.length > 0 ? value : undefined);

/** The first error of Oney's error answer (`{ Payment_Error_Response: { error_list: [...] } }`, or a bare `error_list`). */
function firstError(body: Record<string, unknown>): { code?: string; label?: string } {
  const wrapper = (body.Payment_Error_Response ?? body.payment_error_response ?? body) as Record<string, unknown>;
  const list = Array.isArray(wrapper?.error_list) ? (wrapper.error_list as unknown[]) : [];
  const first = (list[0] ?? {}) as Record<string, unknown>;
  const field = str(first.field);
  const code = str(first.error_code) ?? (typeof first.error_code === 'number' ? String(first.error_code) : undefined);
  const label = str(first.error_label);
  return { ...(code ? { code } : {}), ...(label || field ? { label: [field, label].filter(Boolean).join(': ') } : {}) };
}

/**
 * "Not now" from the API gateway in front of Oney, answered before Oney reads the request: its rate
 * limit (429), a request not read in time (408), our key or subscription refused (401, 403).
 */
const NOT_TAKEN = new Set([401, 403, 408, 429]);

/**
 * The ack of a call: 2xx accepted; 5xx, 408, 429 and no answer unknown (the retry resends the same
 * request id); 401 and 403 unknown too: the API gateway refusing our key or subscription says the
 * contract is wrong, not the operation (an operator fixes it and the retry goes through; the opening
 * refuses at once, `OneyDriver.open`); other statuses rejected, with Oney's first error. The gateway's
 * "not now" is `notTaken`: Oney never saw that send, so it is no send Oney may have acted on (D154).
 */
export function ackOf(result: OneyResult): DriverAck {
  if (result.kind === 'transport') return transportAck(result);
  const { status, body } = result;
  const outcome = outcomeOfStatus(status, [401, 403]);
  const { code, label } = outcome === 'accepted' ? {} : firstError(body);
  const notTaken = outcome === 'unknown' && NOT_TAKEN.has(status);
  return { outcome, httpStatus: status, ...(code ? { code } : {}), ...(label ? { message: label.slice(0, 200) } : {}), ...(notTaken ? { notTaken } : {}) };
}

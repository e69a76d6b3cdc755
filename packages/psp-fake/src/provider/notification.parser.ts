import { money, type InboundNotification, type ParsedNotification, type PspFact } from '@splitpay/domain';
import { SIGNATURE_HEADER, type FakeNotification, type NotificationResult } from '../protocol/fake-psp.protocol';
import { verifyBody } from '../protocol/signature';
import { authorizationFact } from '../mapping/authorization-facts';

const ACCEPTED = { status: 200, contentType: 'text/plain', body: '[accepted]' } as const;
const RESULTS: readonly NotificationResult[] = ['authorized', 'declined', 'cancelled', 'pending', 'succeeded', 'failed'];
const FOLLOW_UPS = { capture: 'captured', void: 'voided', refund: 'refunded' } as const;

function rejected(reason: string, status: number): ParsedNotification {
  return { kind: 'rejected', reason, reply: { status, contentType: 'text/plain', body: '[rejected]' } };
}

function header(headers: InboundNotification['headers'], name: string): string | undefined {
  const found = Object.keys(headers).find((key) => key.toLowerCase() === name);
  return found === undefined ? undefined : headers[found];
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** The facts of a well-formed notification; throws when its shape cannot be read. */
function factsOf(n: FakeNotification): PspFact[] {
  const ref = str(n.ref);
  const result = RESULTS.find((r) => r === n.result);
  if (!ref || !result || typeof n.amount !== 'object' || n.amount === null) throw new Error('missing ref, result or amount');
  const amount = money(n.amount.value, n.amount.currency);
  const reference = str(n.reference);
  const code = str(n.code);
  const message = str(n.message);
  switch (n.event) {
    case 'authorization': {
      const fact = authorizationFact({
        result,
        ref,
        ...(reference ? { reference } : {}),
        granted: { value: amount.amount, currency: amount.currency },
        partial: n.partial,
        declineReason: n.declineReason,
        ...(code ? { code } : {}),
        ...(message ? { message } : {}),
        ...(n.card ? { card: n.card } : {}),
      });
      if (!fact) throw new Error(`authorization with result ${result}`);
      return [fact];
    }
    case 'capture':
    case 'void':
    case 'refund':
      return [
        {
          kind: FOLLOW_UPS[n.event],
          success: result === 'succeeded',
          ref: { providerRef: ref, ...(reference ? { transactionId: reference } : {}) },
          providerRef: ref,
          ...(code ? { statusCode: code } : {}),
          ...(message ? { statusMessage: message } : {}),
        },
      ];
    case 'chargeback': {
      const cb = n.chargeback;
      if (!cb || (cb.type !== 'chargeback' && cb.type !== 'representment') || !/^\d{4}-\d{2}-\d{2}$/.test(String(cb.date))) {
        throw new Error('chargeback without its dispute');
      }
      return [
        {
          kind: 'chargeback',
          providerRef: ref,
          type: cb.type,
          amount,
          date: cb.date,
          ...(str(cb.reasonCode) ? { reasonCode: cb.reasonCode } : {}),
          ...(str(cb.status) ? { status: cb.status } : {}),
          ...(/^\d{4}-\d{2}-\d{2}$/.test(String(cb.validUntil)) ? { validUntil: cb.validUntil } : {}),
        },
      ];
    }
    default:
      // An event this reader does not know: acknowledged (the PSP is authenticated), nothing applied.
      return [];
  }
}

/**
 * Reads a fake PSP notification: HMAC-SHA256 of the raw body checked in constant time, then the body
 * normalized into facts. Answers `[accepted]` (200 text/plain), as the fake PSP expects.
 */
export function parseFakeNotification(notification: InboundNotification, signingSecret: string): ParsedNotification {
  if (!verifyBody(notification.rawBody, header(notification.headers, SIGNATURE_HEADER), signingSecret)) {
    return rejected('signature missing or wrong', 401);
  }
  try {
    const body: unknown = JSON.parse(notification.rawBody);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return rejected('body is not a JSON object', 400);
    return { kind: 'accepted', facts: factsOf(body as FakeNotification), reply: ACCEPTED };
  } catch (error) {
    return rejected(`unparseable: ${error instanceof Error ? error.message : 'unknown shape'}`, 400);
  }
}

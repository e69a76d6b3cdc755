import type { LogFields } from '@splitpay/domain';
import { cardNumberSpans } from './card-numbers';

/**
 * Keys whose values never reach a log line, whatever their depth: secrets, the payer's IP by the
 * names our port and the PSPs give it, and 3-D Secure results and a PSP's payment data (a second
 * guard: no line is meant to carry them).
 */
const SECRET_KEY = /(secret|password|token|authorization|cardnumber|card_number|cvc|cvv|pan|paymenttoken|cookie|signature|code_verifier|payerdevice|shopperip|ipaddress|ip_address|threedsresult|redirectresult|paymentdata)/i;
/**
 * Keys matched whole: a 3-D Secure result as the confirm door takes it (`details`) and the 3-D Secure 1
 * return's fields (`MD`, `PaRes`), too short to look for inside other names.
 */
const SECRET_NAME = /^(details|md|pares)$/i;
/** Elements tokens and bearer credentials inside free text. */
export const TOKENS = /\b(pst_[A-Za-z0-9_-]+|Bearer\s+[A-Za-z0-9._~+/=-]+|Basic\s+[A-Za-z0-9+/=]+)/g;

/**
 * Card numbers as the text disclosure check sees them (cardNumberSpans: by the card schemes' first digits
 * and the checksum), then tokens. A digit run no card scheme could have issued stays: Adyen's
 * pspReference, Worldline's and PayPal's ids are what operators match payments with (D123-a).
 */
function scrubText(text: string): string {
  return withoutCardNumbers(text).replace(TOKENS, '[redacted-token]');
}

/** `text` with each card number, and each stretch of overlapping ones, replaced by one mark. */
function withoutCardNumbers(text: string): string {
  const spans = cardNumberSpans(text).sort((a, b) => a.from - b.from);
  let out = '';
  let at = 0;
  for (const span of spans) {
    if (span.to <= at) continue;
    if (span.from >= at) out += text.slice(at, span.from) + '[redacted-pan]';
    at = span.to;
  }
  return out + text.slice(at);
}

function scrub(value: unknown, depth: number): unknown {
  if (depth > 6) return '[truncated]';
  if (typeof value === 'string') return scrubText(value);
  if (Array.isArray(value)) return value.map((v) => scrub(v, depth + 1));
  if (value instanceof Error) return { name: value.name, message: scrubText(value.message) };
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) out[key] = SECRET_KEY.test(key) || SECRET_NAME.test(key) ? '[redacted]' : scrub(v, depth + 1);
    return out;
  }
  return value;
}

/** A copy of the fields with secrets, tokens and card numbers removed. */
export function redact(fields: LogFields | undefined): Record<string, unknown> {
  return fields ? (scrub(fields, 0) as Record<string, unknown>) : {};
}

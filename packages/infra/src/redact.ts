import type { LogFields } from '@splitpay/domain';
import { cardNumberSpans } from './card-numbers';
import { withoutCredentialValues } from './credential-pairs';
import { ibanSpans } from './ibans';
import { withoutSpans } from './text-spans';

/**
 * Keys whose values never reach a log line, whatever their depth: secrets, card data, the payer's IP
 * by the names our port and the PSPs give it, and 3-D Secure results and a PSP's payment data (a
 * second guard: no line is meant to carry them). Read on the words of the key (camelCase, snake_case,
 * kebab-case, dotted) so that a short name is never found inside another word: `pan` hides `pan` and
 * `cardPan`, not `company` or `spanId`; `ip_address` hides `ipAddress`, not `shipAddress` (D127-f).
 */
/** Long enough to be nothing else wherever they appear, a lowercase compound (`clientsecret`) included. */
const SECRET_ANYWHERE = /(secret|password|token|authorization|cookie|signature)/i;
/** `pan`, too short to look for inside other words (`company`, `spanId`): the word itself, a digit after it allowed (`pan2`). */
const SECRET_WORD = /^pan\d?$/;
/**
 * Card data and payment secrets looked for inside each word, so that a lowercase compound or a
 * suffix (`encryptedcardnumber`, `cardpan`, `cvc2`, `paymentdata_raw`, `threedsresult_b64`) is still
 * hidden: no ordinary word holds these letters. `ipaddress` is not among them (`shipaddress`).
 */
const SECRET_INSIDE_WORD = /(cardnumber|cardpan|securitycode|paymentdata|paymenttoken|threedsresult|redirectresult|cvc|cvv)/;
/** Names of several words: consecutive words of the key, or the whole key written as one word (`cardnumber`). */
const SECRET_PHRASES = [
  'card_number',
  'security_code',
  'payment_token',
  'code_verifier',
  'payer_device',
  'shopper_ip',
  'ip_address',
  'three_ds_result',
  'redirect_result',
  'payment_data',
];
const SECRET_PHRASE = new RegExp(`(?:^|_)(?:${SECRET_PHRASES.join('|')})(?:_|$)`);
const SECRET_COMPACT = new Set(SECRET_PHRASES.map((phrase) => phrase.replace(/_/g, '')));
/**
 * Keys matched whole: a 3-D Secure result as the confirm door takes it (`details`) and the 3-D Secure 1
 * return's fields (`MD`, `PaRes`), too short to look for inside other names.
 */
const SECRET_NAME = /^(details|md|pares)$/i;

/** The words of a key, lowercase: `threeDSResult` -> three, ds, result; `HTTP_AUTHORIZATION` -> http, authorization. */
function wordsOf(key: string): string[] {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
}

function isSecretKey(key: string): boolean {
  if (SECRET_NAME.test(key) || SECRET_ANYWHERE.test(key)) return true;
  const words = wordsOf(key);
  return words.some((word) => SECRET_WORD.test(word) || SECRET_INSIDE_WORD.test(word)) || SECRET_PHRASE.test(words.join('_')) || SECRET_COMPACT.has(words.join(''));
}

/**
 * Elements tokens and bearer credentials inside free text; a webhook signing secret in the Standard
 * Webhooks form (`whsec_` and base64) and a raw JWT, as our access tokens are (three base64url parts,
 * the first a JSON header, so `eyJ`), even without the `Bearer` before them (D157-a).
 */
export const TOKENS = /\b(pst_[A-Za-z0-9_-]+|whsec_[A-Za-z0-9+/=_-]+|eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*|Bearer\s+[A-Za-z0-9._~+/=-]+|Basic\s+[A-Za-z0-9+/=]+)/g;

/**
 * IBANs, then card numbers, as the text disclosure check sees them (ibanSpans: a country's length and
 * the checksum; cardNumberSpans: by the card schemes' first digits and the checksum), then tokens, then
 * a credential's value after its name (D158). A digit run no card scheme could have issued stays: Adyen's
 * pspReference, Worldline's and PayPal's ids are what operators match payments with (D123-a). Phone
 * numbers and email addresses stay too: no line is written with an order's contact fields (D152-b, D158-c).
 */
function scrubText(text: string): string {
  const withoutIbans = withoutSpans(text, ibanSpans(text), '[redacted-iban]');
  const withoutCards = withoutSpans(withoutIbans, cardNumberSpans(withoutIbans), '[redacted-pan]');
  return withoutCredentialValues(withoutCards.replace(TOKENS, '[redacted-token]'));
}

function scrub(value: unknown, depth: number): unknown {
  if (depth > 6) return '[truncated]';
  if (typeof value === 'string') return scrubText(value);
  if (Array.isArray(value)) return value.map((v) => scrub(v, depth + 1));
  if (value instanceof Error) return { name: value.name, message: scrubText(value.message) };
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) out[key] = isSecretKey(key) ? '[redacted]' : scrub(v, depth + 1);
    return out;
  }
  return value;
}

/** A copy of the fields with secrets, tokens and card numbers removed. */
export function redact(fields: LogFields | undefined): Record<string, unknown> {
  return fields ? (scrub(fields, 0) as Record<string, unknown>) : {};
}

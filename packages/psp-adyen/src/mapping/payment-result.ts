import { type DriverAck, type Money, type OpenOutput, type PageAction, type PspFact, type Redirect } from '@splitpay/domain';
import { ackOf, isNotNow, str } from '../client/adyen-ack';
import type { AdyenResult } from '../client/adyen.client';
import { fromAdyenAmount, type AdyenAmount } from './adyen-amount';
import { cardSchemeOf } from './card-scheme';
import { declineCategoryOf } from './refusal-reason';

/** Result codes that ask the payer to act (3-D Secure): relayed as our redirect. */
const ACTION_CODES = ['RedirectShopper', 'IdentifyShopper', 'ChallengeShopper', 'PresentToShopper'];

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

/** The action's redirect: a GET to follow, or a form to post; undefined for actions without a URL. */
function redirectOf(action: unknown): Redirect | undefined {
  const a = record(action);
  const url = str(a.url);
  if (!url) return undefined;
  if (a.method === 'POST') {
    const data = record(a.data);
    return { kind: 'form', url, params: Object.fromEntries(Object.entries(data).filter((e): e is [string, string] => typeof e[1] === 'string')) };
  }
  return { kind: 'navigate', url };
}

/** The fields of Adyen's `CheckoutThreeDS2Action` (Checkout API v71), the only ones handed to the page. */
const THREE_DS2_ACTION_FIELDS = ['type', 'subtype', 'token', 'paymentData', 'authorisationToken', 'paymentMethodType', 'url'];

/**
 * What /payments/details takes after a `threeDS2` action (D59): `threeDSResult`, which Adyen Web's
 * `onAdditionalDetails` gives for a fingerprint and a challenge; the confirm door refuses anything else.
 */
const THREE_DS2_RESULT_FIELDS: readonly string[] = ['threeDSResult'];

/**
 * A native 3-D Secure 2 action (`type` threeDS2, subtype fingerprint or challenge) as the in-page
 * action Adyen Web runs with `createFromAction`: Adyen's object, its documented fields only.
 */
function threeDS2PageActionOf(action: unknown): PageAction | undefined {
  const a = record(action);
  if (a.type !== 'threeDS2' || typeof a.token !== 'string') return undefined;
  return {
    kind: 'hosted-fields',
    action: Object.fromEntries(Object.entries(a).filter(([name, value]) => THREE_DS2_ACTION_FIELDS.includes(name) && typeof value === 'string')),
    resultFields: THREE_DS2_RESULT_FIELDS,
  };
}

/** What the caller can relay to the payer: a redirect always; an in-page action only where the page runs one (the card's hosted fields). */
export interface PaymentResultOptions {
  readonly inPageActions?: boolean;
}

/** An Adyen amount as written (its minor units), or undefined when there is none. */
function adyenAmountOf(value: unknown, currency: unknown, asked: Money): AdyenAmount | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? { value: n, currency: str(currency) ?? asked.currency } : undefined;
}

/**
 * What an authorisation granted (D106-d): the authorised amount Adyen states
 * (additionalData.authorisedAmount*), else the answer's `amount`. When the stated one is a value
 * ISO's unit cannot hold (CLP cents), the answer's `amount` stands for it only if it is no more; else
 * undefined, as when nothing is stated: never the amount asked, which would overstate the hold.
 */
function grantedOf(body: Record<string, unknown>, asked: Money): Money | undefined {
  const extra = record(body.additionalData);
  const stated = adyenAmountOf(extra.authorisedAmountValue, extra.authorisedAmountCurrency, asked);
  const amount = record(body.amount);
  const answered = adyenAmountOf(amount.value, amount.currency, asked);
  if (!stated) return answered && fromAdyenAmount(answered.value, answered.currency);
  const read = fromAdyenAmount(stated.value, stated.currency);
  if (read) return read;
  return answered && answered.currency === stated.currency && answered.value <= stated.value ? fromAdyenAmount(answered.value, answered.currency) : undefined;
}

/** Why an Authorised or PartiallyAuthorised answer gives no verdict: its grant cannot be read. */
function unreadGrantMessage(resultCode: string, asked: Money): string {
  return `${resultCode} for an amount that cannot be read in ${asked.currency}'s ISO 4217 unit: its verdict is left to the notification`;
}

/** The stored card's reference when the payment registered it. */
function aliasOf(body: Record<string, unknown>): string | undefined {
  const extra = record(body.additionalData);
  return str(extra['tokenization.storedPaymentMethodId']) ?? str(extra['recurring.recurringDetailReference']);
}

/**
 * A `/payments` or `/payments/details` answer as our ack, redirect and facts, one row per resultCode:
 * Authorised and PartiallyAuthorised (the granted amount; none readable: no fact) -> authorized; Refused -> declined with the
 * refusal's category; Pending and Received -> the verdict comes by webhook; RedirectShopper,
 * IdentifyShopper, ChallengeShopper -> a native 3-D Secure 2 action for the page (threeDS2, when the
 * caller relays in-page actions; the confirm door finishes it) or our redirect (the return door
 * finishes it); Cancelled ->
 * cancelled by the payer; Error -> a rejected ack. HTTP failures: ackOf.
 */
export function paymentResult(result: AdyenResult, transactionId: string, asked: Money, options: PaymentResultOptions = {}): OpenOutput {
  const answered = ackOf(result);
  // "Not now" to the payment itself, its resends spent: Adyen made nothing (no status query could
  // say otherwise later), so the opening is refused and the payer may pay again (docs/decisions.md D134-f).
  const ack: DriverAck = isNotNow(result) ? { ...answered, outcome: 'rejected' } : answered;
  if (result.kind !== 'answer' || ack.outcome !== 'accepted') return { ack, facts: [] };
  const { body } = result;
  const resultCode = str(body.resultCode);
  const providerRef = str(body.pspReference);
  const ref = { transactionId, ...(providerRef ? { providerRef } : {}) };
  const told = { ...(resultCode ? { statusCode: resultCode } : {}) };
  const accepted: DriverAck = { ...ack, ...(resultCode ? { code: resultCode } : {}) };
  switch (resultCode) {
    case 'Authorised':
    case 'PartiallyAuthorised': {
      // Authorised grants the amount asked, unless Adyen states an authorised amount (then read as a partial grant is).
      const extra = record(body.additionalData);
      const partial = resultCode === 'PartiallyAuthorised' || adyenAmountOf(extra.authorisedAmountValue, extra.authorisedAmountCurrency, asked) !== undefined;
      // In the currency Adyen states: one other than asked is refused by the service on every door, and
      // logged for the operator (withoutForeignGrants, docs/decisions.md D132, D152-d).
      const granted = partial ? grantedOf(body, asked) : asked;
      if (!granted) return { ack: { ...accepted, message: unreadGrantMessage(resultCode, asked) }, facts: [] };
      const scheme = cardSchemeOf(extra.paymentMethod ?? record(body.paymentMethod).brand);
      const alias = aliasOf(body);
      const fact: PspFact = {
        kind: 'authorized',
        ref,
        ...(providerRef ? { providerRef } : {}),
        granted,
        ...told,
        ...(scheme ? { cardScheme: scheme } : {}),
        ...(alias ? { cardAlias: alias } : {}),
      };
      return { ack: accepted, facts: [fact] };
    }
    case 'Refused': {
      const reason = str(body.refusalReason);
      const category = declineCategoryOf(str(body.refusalReasonCode), reason);
      return {
        ack: accepted,
        facts: [{ kind: 'declined', ref, ...(providerRef ? { providerRef } : {}), ...(category ? { category } : {}), statusCode: str(body.refusalReasonCode) ?? 'Refused', ...(reason ? { statusMessage: reason } : {}) }],
      };
    }
    case 'Cancelled':
      return { ack: accepted, facts: [{ kind: 'cancelled-by-payer', ref, ...(providerRef ? { providerRef } : {}), ...told }] };
    case 'Error':
      return { ack: { ...accepted, outcome: 'rejected', ...(str(body.refusalReason) ? { message: str(body.refusalReason) } : {}) }, facts: [] };
    default: {
      if (resultCode && ACTION_CODES.includes(resultCode)) {
        const pageAction = options.inPageActions === true ? threeDS2PageActionOf(body.action) : undefined;
        if (pageAction) return { ack: accepted, pageAction, facts: [] };
        const redirect = redirectOf(body.action);
        if (!redirect) return { ack: { ...accepted, outcome: 'rejected', message: `${resultCode} with an action that has no redirect URL` }, facts: [] };
        return { ack: accepted, redirect, facts: [] };
      }
      // Pending, Received (and codes of flows we do not use): the verdict comes by webhook.
      return { ack: accepted, facts: [] };
    }
  }
}

import type { Messages } from '../i18n/messages';
import { cardExpiry } from '../format/card-expiry';
import { CARD_NUMBER_PATTERN, CVC_PATTERN } from '../format/card-patterns';
import type { Formats } from '../format/money-format';
import { formSelection } from '../render/payment-form.render';
import { planKeyOf, type LocalState } from '../render/render-context';
import { amountBounds } from '../state/derive';
import type { MethodView, SessionView } from '../types/session-view';

/** Fields in the order the payer meets them: the first one in error takes focus. */
export const FIELD_ORDER = ['amount', 'cardNumber', 'expiry', 'cvc', 'holder', 'plan', 'terms'] as const;

export type FormCheck =
  | { readonly ok: true; readonly method: MethodView; readonly amount: number }
  | { readonly ok: false; readonly errors: Record<string, string>; readonly first?: (typeof FIELD_ORDER)[number] };

/** What is wrong with the form before anything is sent (the service stays the judge of the rest). */
export function checkPaymentForm(view: SessionView, local: LocalState, t: Messages, f: Formats, applePayAvailable: boolean): FormCheck {
  const { method, amount } = formSelection({ view, _local: local, f, _applePayAvailable: applePayAvailable });
  if (!method) return { ok: false, errors: {} };
  const errors: Record<string, string> = {};
  const bounds = amountBounds(method, view.remaining.amount);
  const unreadable = t.amountUnreadable;
  if (amount === undefined) errors.amount = typeof unreadable == 'string' ? unreadable : unreadable(f._plainAmount(view.remaining.amount, view.currency));
  else if (amount < bounds.min || amount > bounds.max) errors.amount = t.amountInvalid;
  if (method.method === 'card' && method.integration === 'fake') {
    if (!local.cardNumber.trim()) errors.cardNumber = t.cardFieldMissing;
    else if (!CARD_NUMBER_PATTERN.test(local.cardNumber.replace(/\s+/g, ''))) errors.cardNumber = t.cardNumberInvalid;
    if (!local.expiry.trim()) errors.expiry = t.cardFieldMissing;
    else if (!cardExpiry(local.expiry)) errors.expiry = t.cardExpiryInvalid;
    if (!local.cvc.trim()) errors.cvc = t.cardFieldMissing;
    else if (!CVC_PATTERN.test(local.cvc.trim())) errors.cvc = t.cardCvcInvalid;
  }
  if (method.method === 'card' && method.cardHolder && !local.holder.trim()) errors.holder = t.cardFieldMissing;
  if (method.method === 'oney' && !method.plans.some((p) => p.eligible && planKeyOf(p) === local._planKey)) errors.plan = t.planMissing;
  const termsPending = view.terms !== undefined && view.terms.length > 0 && view.termsAcceptedAt === undefined;
  if (termsPending && !local._termsTicked) errors.terms = t.termsRequired;
  const first = FIELD_ORDER.find((k) => errors[k]);
  if (first || amount === undefined) return { ok: false, errors, ...(first ? { first } : {}) };
  return { ok: true, method, amount };
}

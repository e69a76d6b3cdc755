import type { Attempt } from '../attempt/attempt.model';
import { hasTransaction, holdsMoney, moneyKept, openingTransaction } from '../attempt/attempt-operations';
import type { MethodOffer } from '../method/method';
import type { Money } from '../money/money';

/**
 * How the service hands an attempt's money back:
 * - `void`: release a hold (or a same-day sale, for a direct payment whose PSP cannot refund);
 * - `refund`: send back what a direct payment (or a captured hold) took;
 * - `owed-to-payer`: money taken that nothing can hand back (a direct settlement whose PSP can
 *   neither refund nor void, or whose refund already failed);
 * - `wait`: a void or refund is already on its way, or a capture whose outcome decides which;
 * - `nothing`: no money is held or taken.
 */
export type HandBack =
  | { readonly kind: 'void'; readonly amount: Money }
  | { readonly kind: 'refund'; readonly amount: Money }
  | { readonly kind: 'owed-to-payer'; readonly amount: Money }
  | { readonly kind: 'wait' }
  | { readonly kind: 'nothing' };

export function handBack(attempt: Attempt, offer: MethodOffer): HandBack {
  if (hasTransaction(attempt, 'void', ['pending']) || hasTransaction(attempt, 'refund', ['pending']) || hasTransaction(attempt, 'capture', ['pending'])) {
    return { kind: 'wait' };
  }
  if (holdsMoney(attempt)) {
    // A failed void is not retried for ever: an uncaptured hold lapses at the issuer.
    return holdVoidFailed(attempt) ? { kind: 'nothing' } : { kind: 'void', amount: attempt.granted };
  }
  const kept = moneyKept(attempt);
  if (kept.amount <= 0) return { kind: 'nothing' };
  const c = offer.capabilities;
  if (c.refund && !hasTransaction(attempt, 'refund', ['failed'])) return { kind: 'refund', amount: kept };
  const isSale = attempt.transactions[0]?.type === 'payment';
  if (isSale && c.void && attempt.refunded.amount === 0 && !hasTransaction(attempt, 'void', ['failed'])) {
    return { kind: 'void', amount: attempt.granted };
  }
  return { kind: 'owed-to-payer', amount: kept };
}

/**
 * A void of the hold failed. The cancel of a file the lender still studied (study-cancel.ts, marked
 * `studyCancel`; one owed before the grant, for voids recorded without the mark) that failed says
 * nothing of the hold granted since: the hold gets its own. The mark, not the times, decides: the
 * cancel and the grant may be recorded at the same instant.
 */
function holdVoidFailed(attempt: Attempt): boolean {
  const grantedAt = openingTransaction(attempt).updatedAt;
  return attempt.transactions.some((t) => t.type === 'void' && t.status.kind === 'failed' && t.studyCancel !== true && t.createdAt >= grantedAt);
}

/** The owedToPayer text: how much was taken and why nothing can hand it back. */
export function owedToPayerNote(amount: Money, offer: MethodOffer): string {
  const why = offer.capabilities.refund ? 'the refund failed' : 'the PSP can neither refund nor void it';
  return `${amount.amount} ${amount.currency} (minor units) taken by ${offer.method} at ${offer.provider}: ${why}`;
}

import type { Money, RefundAnswer } from '../api/api-types';
import type { Messages } from '../i18n/messages.en';

/** A refund verdict that gave nothing back: said first, on its own. */
const gaveNothing = (kind: string): boolean => kind === 'failed' || kind === 'cancelled';

export interface RefundSayingDeps {
  readonly t: Messages;
  readonly money: (money: Money) => string;
  /** The tranche number (1-based) of an attempt, as the page shows it; '' when unknown. */
  readonly trancheOf: (attemptId: string) => string;
}

/**
 * One sentence for a refund answer, announced once: a whole payment's refund answers one refund per
 * tranche, and a live region said several times keeps only the last (D129-a). Refunds that failed come
 * first, each with its tranche; then the total requested with what each verdict holds of it. A refund
 * the page already showed (`before`) is a replay: nothing new was made.
 */
export function refundSaying({ t, money, trancheOf }: RefundSayingDeps, answer: RefundAnswer, before: ReadonlySet<string>): string {
  const refunds = answer.refunds.map((r) => ({ attemptId: r.attemptId, ...r.transaction }));
  const verdictOf = (kind: string): string => t.verdict[kind] ?? kind;
  const replay = refunds.length > 0 && refunds.every((r) => before.has(r.transactionId));
  const [only] = refunds;
  if (refunds.length === 1 && only) {
    const amount = money(only.amount);
    return replay ? t.refundAlreadyMade(amount, verdictOf(only.status.kind)) : t.refundRequested(amount, verdictOf(only.status.kind));
  }
  const currency = only?.amount.currency ?? '';
  const sum = (kind?: string): Money => ({ currency, amount: refunds.filter((r) => kind === undefined || r.status.kind === kind).reduce((n, r) => n + r.amount.amount, 0) });
  const failures = refunds.filter((r) => gaveNothing(r.status.kind)).map((r) => t.refundPartGaveNothing(money(r.amount), trancheOf(r.attemptId), r.status.kind === 'cancelled'));
  const kinds = [...new Set(refunds.map((r) => r.status.kind))].sort((a, b) => Number(gaveNothing(a)) - Number(gaveNothing(b)));
  const split = kinds.map((kind) => t.refundPart(money(sum(kind)), verdictOf(kind))).join(', ');
  return [...failures, replay ? t.refundAlreadyMade(money(sum()), split) : t.refundRequested(money(sum()), split)].join(' ');
}

import { verdictsOverdueSince, type Logger, type Session } from '@splitpay/domain';

/**
 * One warn line per operation a saved write marked as overdue (docs/decisions.md D104): written only
 * after the leased write landed, so one instance alerts, once. Ids, provider and kind only: never a
 * reference, token or amount the PSP gave.
 */
export function reportVerdictsOverdue(logger: Logger, previous: Session, saved: Session): void {
  for (const overdue of verdictsOverdueSince(previous, saved)) {
    logger.warn('psp.verdict_overdue', {
      sessionId: saved.id,
      merchantId: saved.merchantId,
      attemptId: overdue.attemptId,
      transactionId: overdue.transactionId,
      type: overdue.type,
      provider: overdue.provider,
      method: overdue.method,
      waitedMs: overdue.alertedAt - overdue.waitingSince,
    });
  }
}

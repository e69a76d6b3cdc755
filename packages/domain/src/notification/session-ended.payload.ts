import type { Attempt } from '../attempt/attempt.model';
import type { Money } from '../money/money';
import type { Session } from '../session/session.model';
import { isTerminalSessionStatus } from '../session/session.state';
import type { Transaction } from '../transaction/transaction.model';

/** `<sessionId>:<STATUS>`: stable across retries and replays, one per ending. */
export function sessionEndedNotificationId(session: Pick<Session, 'id' | 'status'>): string {
  return `${session.id}:${session.status}`;
}

const moneyOf = (m: Money): { amount: number; currency: string } => ({ amount: m.amount, currency: m.currency });

function operationOf(tx: Transaction): Record<string, unknown> {
  return {
    type: tx.type,
    status: tx.status.kind,
    amount: moneyOf(tx.amount),
    ...(tx.providerRef !== undefined ? { providerRef: tx.providerRef } : {}),
    ...(tx.status.statusCode !== undefined ? { statusCode: tx.status.statusCode } : {}),
    ...(tx.status.statusMessage !== undefined ? { statusMessage: tx.status.statusMessage } : {}),
  };
}

function attemptOf(attempt: Attempt): Record<string, unknown> {
  return {
    attemptId: attempt.id,
    method: attempt.method,
    methodId: attempt.methodId,
    ...(attempt.cardScheme !== undefined ? { cardScheme: attempt.cardScheme } : {}),
    provider: attempt.provider,
    status: attempt.status,
    requested: moneyOf(attempt.requested),
    granted: moneyOf(attempt.granted),
    ...(attempt.cardAlias !== undefined ? { cardAlias: attempt.cardAlias } : {}),
    // Why a tranche took nothing: a DECLINED one's refusal, or a grant the service refused and voided (D74).
    ...(attempt.declineCategory !== undefined ? { declineCategory: attempt.declineCategory } : {}),
    operations: attempt.transactions.map(operationOf),
  };
}

/**
 * The session-ended webhook body (the contract's Events; docs/decisions.md D16: `sessionId`, and
 * `cardAlias` on each attempt). Built once, when the session ends; retries and replays send it as is.
 *
 * Terms: both `terms` and `termsAcceptedAt` are absent when the session declared none; `terms` alone
 * is present when terms were declared but the payer never consented.
 */
export function buildSessionEndedPayload(session: Session): Record<string, unknown> {
  if (!isTerminalSessionStatus(session.status)) {
    throw new Error(`session-ended payload asked for a session in ${session.status}: only endings are announced`);
  }
  const declaredTerms = session.terms !== undefined && session.terms.length > 0 ? session.terms : undefined;
  return {
    event: 'session-ended',
    notificationId: sessionEndedNotificationId(session),
    sessionId: session.id,
    orderId: session.orderId,
    status: session.status,
    total: moneyOf(session.total),
    captured: moneyOf(session.captured),
    ...(declaredTerms ? { terms: declaredTerms.map((t) => ({ label: t.label, url: t.url })) } : {}),
    ...(declaredTerms && session.termsAcceptedAt !== undefined ? { termsAcceptedAt: session.termsAcceptedAt } : {}),
    attempts: session.attempts.map(attemptOf),
  };
}

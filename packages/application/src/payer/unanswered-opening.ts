import type { OpenOutcome, Session } from '@splitpay/domain';

/**
 * The PSP gave no usable answer to the payer's payment (a 5xx, or none, after the driver's own
 * resends) and nothing else settled it: the attempt is still in flight, its opening without a verdict,
 * and nothing was handed to the payer to follow. The door that sent it answers InternalError once it
 * is recorded: the payment may or may not exist, so neither a success nor a refusal is true
 * (docs/decisions.md D126-b, D131).
 */
export function unansweredOpening(session: Session, attemptId: string, outcome: OpenOutcome): boolean {
  if (outcome.ack.outcome !== 'unknown' || outcome.redirect || outcome.pageAction) return false;
  const attempt = session.attempts.find((a) => a.id === attemptId);
  return attempt?.status === 'AUTHORIZING' && attempt.transactions[0]?.status.kind === 'pending';
}

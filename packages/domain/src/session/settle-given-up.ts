import { cutText } from '../shared/cut-text';
import { applyFact } from './apply-fact';
import type { DomainContext } from './domain-context';
import type { Session } from './session.model';
import type { Transaction } from '../transaction/transaction.model';

export type OperatorVerdict = 'succeeded' | 'failed';

export type SettledByOperator =
  | { readonly kind: 'settled'; readonly session: Session; readonly type: 'capture' | 'void' | 'refund' }
  | { readonly kind: 'refused'; readonly reason: 'no-such-operation' | 'not-given-up' };

const FACT_OF = { capture: 'captured', void: 'voided', refund: 'refunded' } as const;

/** The longest statusMessage an operator's verdict writes, its prefix included. */
export const OPERATOR_STATUS_MESSAGE_MAX_LENGTH = 255;

/** What the statusMessage of an operator's verdict starts with, before the note. */
export function operatorNotePrefix(verdict: OperatorVerdict): string {
  return `Settled as ${verdict} by an operator: `;
}

/** The statusMessage an operator's verdict writes: the prefix and the note, cut to OPERATOR_STATUS_MESSAGE_MAX_LENGTH. */
export function operatorStatusMessage(verdict: OperatorVerdict, note: string): string {
  return cutText(`${operatorNotePrefix(verdict)}${note}`, OPERATOR_STATUS_MESSAGE_MAX_LENGTH);
}

/** The longest note kept whole after `verdict`'s prefix (in UTF-16 code units, as cutText counts). */
export function operatorNoteMaxLength(verdict: OperatorVerdict): number {
  return OPERATOR_STATUS_MESSAGE_MAX_LENGTH - operatorNotePrefix(verdict).length;
}

/**
 * Given up by the service: its sends all went unanswered (`given-up`, whether its lookups still run
 * or not, D93-e), or the PSP took it without a verdict and the lookups of its calendar all ran out
 * (`sent`, lookup `stopped`, D89), or the PSP took it without a verdict that nothing of ours can fetch
 * and the operator was alerted that it is overdue (`verdictOverdueAlertedAt`, D104).
 */
function givenUp({ dispatch, verdictOverdueAlertedAt }: Transaction): boolean {
  if (dispatch?.state === 'given-up') return true;
  return dispatch?.state === 'sent' && (dispatch.lookup?.state === 'stopped' || (dispatch.lookup === undefined && verdictOverdueAlertedAt !== undefined));
}

/**
 * An operator records the verdict of a capture, void or refund the service gave up on (no usable
 * answer after its retries, or no verdict after its lookups) and the PSP never settled, once checked
 * at the PSP: applied as the PSP's verdict would be, with the operator's note as a service-made
 * statusMessage. Only such an operation: one still owed, or sent and still awaited or looked up, is
 * the PSP's to settle; one already final is not reopened.
 */
export function settleGivenUpOperation(session: Session, transactionId: string, verdict: OperatorVerdict, note: string, ctx: DomainContext): SettledByOperator {
  const tx = session.attempts.flatMap((a) => a.transactions).find((t) => t.id === transactionId);
  if (!tx || (tx.type !== 'capture' && tx.type !== 'void' && tx.type !== 'refund')) return { kind: 'refused', reason: 'no-such-operation' };
  if (tx.status.kind !== 'pending' || !givenUp(tx)) return { kind: 'refused', reason: 'not-given-up' };
  const statusMessage = operatorStatusMessage(verdict, note);
  const settled = applyFact(session, { kind: FACT_OF[tx.type], success: verdict === 'succeeded', ref: { transactionId: tx.id }, statusMessage }, ctx);
  return { kind: 'settled', session: settled, type: tx.type };
}

import type { Attempt } from '../attempt/attempt.model';
import type { AttemptId, TransactionId } from '../ids/ids';
import type { MethodKind } from '../method/method';
import type { Transaction, TransactionType } from '../transaction/transaction.model';
import type { DomainContext, DomainPolicy } from './domain-context';
import { findOffer, replaceAttempt } from './session-edit';
import type { Session } from './session.model';

/** An operation whose verdict, pending at its PSP, nothing of ours will fetch and that has waited past the policy's bound. */
export interface OverdueVerdict {
  readonly attemptId: AttemptId;
  readonly transactionId: TransactionId;
  readonly type: TransactionType;
  readonly provider: string;
  readonly method: MethodKind;
  /** Since when it waits: the opening's creation (an in-page wallet's confirm), or the send the PSP took. */
  readonly waitingSince: number;
}

/**
 * Since when an operation waits for a verdict at its PSP that only the PSP's notification can bring,
 * or undefined when it does not, or something else already tells the operator: an opening still
 * pending that went to its PSP (openingSentAt; but not a file a lender studies: D41 bounds that wait
 * and alerts), or a capture, void or refund the PSP took (`sent`) with no lookup calendar of its own
 * (a driver without lookups, such as Adyen's: D94). One given up or whose lookups ran out was already
 * alerted on (D93, D89).
 */
function waitingSince(session: Session, attempt: Attempt, tx: Transaction, index: number): number | undefined {
  if (tx.status.kind !== 'pending' || tx.verdictOverdueAlertedAt !== undefined) return undefined;
  if (index === 0) return attempt.lenderStudying === true ? undefined : openingSentAt(session, attempt, tx);
  if (tx.dispatch?.state !== 'sent' || tx.dispatch.lookup !== undefined) return undefined;
  return tx.dispatch.at;
}

/**
 * When the opening went to its PSP (its creation; an in-page wallet's confirm, which carries the
 * payment), or undefined when the operator has nothing to hear of it (D104-d): an attempt the payer
 * withdrew (CANCELLED: abandoned, or a studied file whose cancel is owed as a void of its own), or an
 * in-page wallet never confirmed (its start sends nothing that pays).
 */
function openingSentAt(session: Session, attempt: Attempt, opening: Transaction): number | undefined {
  if (attempt.status === 'CANCELLED') return undefined;
  if (findOffer(session, attempt.methodId)?.capabilities.confirm === true) return attempt.confirmedAt;
  return opening.createdAt;
}

function waiting(session: Session): (OverdueVerdict & { readonly attempt: Attempt })[] {
  return session.attempts.flatMap((attempt) =>
    attempt.transactions.flatMap((tx, index) => {
      const since = waitingSince(session, attempt, tx, index);
      if (since === undefined) return [];
      return [{ attempt, attemptId: attempt.id, transactionId: tx.id, type: tx.type, provider: attempt.provider, method: attempt.method, waitingSince: since }];
    }),
  );
}

/** When each waiting operation's verdict falls overdue: instants the session's `dueAt` includes. */
export function verdictOverdueInstants(session: Session, policy: DomainPolicy): number[] {
  return waiting(session).map((w) => w.waitingSince + policy.verdictOverdueAlertMs);
}

/**
 * Marks every operation whose verdict is overdue at `ctx.now` as alerted (the mark changes nothing
 * else: no status, no money). The same session object when none is.
 */
export function markVerdictsOverdue(session: Session, ctx: DomainContext): Session {
  const overdue = waiting(session).filter((w) => w.waitingSince + ctx.policy.verdictOverdueAlertMs <= ctx.now);
  let next = session;
  for (const { attempt, transactionId } of overdue) {
    const current = next.attempts.find((a) => a.id === attempt.id) ?? attempt;
    const transactions = current.transactions.map((tx) => (tx.id === transactionId ? { ...tx, verdictOverdueAlertedAt: ctx.now } : tx));
    next = replaceAttempt(next, { ...current, transactions });
  }
  return next;
}

/** The operations a write marked overdue (`previous` is the session it was applied to): one alert each. */
export function verdictsOverdueSince(previous: Session, current: Session): (OverdueVerdict & { readonly alertedAt: number })[] {
  const marked = new Set(previous.attempts.flatMap((a) => a.transactions.filter((tx) => tx.verdictOverdueAlertedAt !== undefined).map((tx) => tx.id)));
  return current.attempts.flatMap((attempt) =>
    attempt.transactions.flatMap((tx, index) => {
      if (tx.verdictOverdueAlertedAt === undefined || marked.has(tx.id)) return [];
      const since = index === 0 ? (attempt.confirmedAt ?? tx.createdAt) : tx.dispatch?.state === 'sent' ? tx.dispatch.at : tx.createdAt;
      return [
        {
          attemptId: attempt.id,
          transactionId: tx.id,
          type: tx.type,
          provider: attempt.provider,
          method: attempt.method,
          waitingSince: since,
          alertedAt: tx.verdictOverdueAlertedAt,
        },
      ];
    }),
  );
}

import { amountBounds, lastUnpaid } from './derive';
import type { SessionView } from '../types/session-view';

/** What the form starts on when a page mounts again: a method and, when it can be chosen, the amount. */
export interface ResumedChoice {
  readonly methodId: string;
  readonly amount?: number;
}

/**
 * The payer's last choice, read back from the view when the page mounts again (back from a PSP's
 * page where the attempt took nothing, or a reload): its method and the amount it asked for. Nothing
 * is kept in the browser, and no card detail could be: the service's view already says what was
 * chosen. Only while that method can still be chosen (eligible), and the amount only while the method
 * takes one the payer chooses, within the remaining balance.
 */
export function resumedChoice(view: SessionView): ResumedChoice | undefined {
  const unpaid = view.status === 'PENDING' ? lastUnpaid(view) : undefined;
  const method = unpaid ? view.methods.find((m) => m.id === unpaid.methodId) : undefined;
  if (!unpaid || !method?.eligible) return undefined;
  const bounds = amountBounds(method, view.remaining.amount);
  const amount = unpaid.requested.amount;
  return { methodId: method.id, ...(!bounds._locked && amount >= bounds.min && amount <= bounds.max ? { amount } : {}) };
}

/** The view's last attempt took nothing, and the view before (if any) did not show that yet. */
export function newlyUnpaid(previous: SessionView | undefined, view: SessionView): boolean {
  const unpaid = lastUnpaid(view);
  return unpaid !== undefined && (previous === undefined || lastUnpaid(previous)?.attemptId !== unpaid.attemptId);
}

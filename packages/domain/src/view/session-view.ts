import { minorUnitsOf } from '../money/iso-4217-minor-units';
import { remainingBalance } from '../rules/remaining-balance.rule';
import type { Session } from '../session/session.model';
import { attemptView } from './attempt-view';
import { methodView } from './method-view';
import type { HostedFieldsView, SessionView } from './session-view.model';

export interface SessionViewOptions {
  readonly now: number;
  /** Hosted-fields settings of card offers whose front loads an acquirer SDK, keyed by offer id. */
  readonly hostedFields?: Readonly<Record<string, HostedFieldsView>>;
}

/**
 * The browser's view of a session (the contract's "Session view", docs/decisions.md D13). Pure.
 * Built field by field from an allow-list, so nothing of the server's (session id, merchant id,
 * provider ids, token digest, PSP codes and messages, card alias, cart item details) can leak.
 */
export function sessionView(session: Session, options: SessionViewOptions): SessionView {
  const remaining = remainingBalance(session);
  const clampedRemaining = remaining.amount < 0 ? { ...remaining, amount: 0 } : remaining;
  const ctx = { session, remaining: clampedRemaining, now: options.now, hostedFields: options.hostedFields ?? {} };
  const offers = new Map(session.methods.map((m) => [m.id, m]));
  return {
    status: session.status,
    currency: session.total.currency,
    minorUnits: minorUnitsOf(session.total.currency),
    total: session.total,
    remaining: clampedRemaining,
    expiresAt: session.expiresAt,
    methods: session.methods.map((offer) => methodView(offer, ctx)),
    orderId: session.orderId,
    cartItems: (session.cartItems ?? []).map((item) => ({ label: item.label, quantity: item.quantity, amount: item.amount })),
    ...(session.statementDescriptor !== undefined ? { statementDescriptor: session.statementDescriptor } : {}),
    ...(session.terms ? { terms: session.terms.map((t) => ({ label: t.label, url: t.url })) } : {}),
    ...(session.termsAcceptedAt !== undefined ? { termsAcceptedAt: session.termsAcceptedAt } : {}),
    ...(session.mustCreateAlias === true ? { mustCreateAlias: true } : {}),
    attempts: session.attempts.map((a) => attemptView(session, a, offers.get(a.methodId), options.now)),
    revision: session.version,
  };
}

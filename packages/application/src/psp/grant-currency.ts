import type { CurrencyCode, Logger, OperationRef, PspFact, Session } from '@splitpay/domain';

/** What brought a PSP's facts: its notification, or the answer to one of our driver calls. */
export type FactSource = 'notification' | 'open' | 'confirm' | 'action' | 'return' | 'lookup' | 'follow-up-lookup' | 'operation';

/** Where facts came from, for the line that refuses a grant: the provider, the call, the attempt it was about (a notification names none). */
export interface FactOrigin {
  readonly provider: string;
  readonly source: FactSource;
  readonly attemptId?: string;
}

/**
 * The facts the core may apply to `session`: all but a grant in another currency than the operation
 * it names asked. A PSP grants in the currency it was asked in; the domain weighs a grant against the
 * request and cannot compare two currencies (it throws), so such a grant is no verdict, whichever
 * door brought it (D125-b, D132). Each one refused is logged at error with its references; the
 * operation stays as it was (pending: its lookup or its overdue alert goes on).
 */
export function withoutForeignGrants<F extends PspFact>(session: Session, facts: readonly F[], origin: FactOrigin, logger: Logger): F[] {
  return facts.filter((fact) => {
    if (fact.kind !== 'authorized') return true;
    const asked = askedCurrency(session, fact.ref, fact.providerRef);
    if (asked === fact.granted.currency) return true;
    logger.error('psp.grant_currency_mismatch', {
      provider: origin.provider,
      source: origin.source,
      fact: fact.kind,
      transactionId: fact.ref.transactionId,
      providerRef: fact.ref.providerRef ?? fact.providerRef,
      sessionId: session.id,
      merchantId: session.merchantId,
      ...(origin.attemptId !== undefined ? { attemptId: origin.attemptId } : {}),
      grantedCurrency: fact.granted.currency,
      askedCurrency: asked,
      message: 'A PSP granted an operation in another currency than asked: no verdict is applied; check the operation at the PSP',
    });
    return false;
  });
}

/**
 * The currency the operation a fact names was asked in: its attempt's (by our transaction id, else by
 * the PSP's reference, on any attempt as the domain finds it), else the session's, which every one of
 * its attempts asks in (a fact naming none of them yet: a reference this very answer brings).
 */
function askedCurrency(session: Session, ref: OperationRef, providerRef: string | undefined): CurrencyCode {
  const holds = (id: string | undefined, key: 'id' | 'providerRef') =>
    id === undefined ? undefined : session.attempts.find((a) => a.transactions.some((t) => t[key] === id));
  const attempt = holds(ref.transactionId, 'id') ?? holds(ref.providerRef, 'providerRef') ?? holds(providerRef, 'providerRef');
  return attempt?.requested.currency ?? session.total.currency;
}

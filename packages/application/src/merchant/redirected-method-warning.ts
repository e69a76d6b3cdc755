import { unusableWithoutReturnUrl, type Logger, type Session } from '@splitpay/domain';

/**
 * A new session offers a method that sends the payer to its PSP's page but has no returnUrl: no payer
 * can use that method (docs/decisions.md D61). Creation still succeeds, as the contract asks; the
 * warning lets operators tell the integrator. Ids only: nothing else of the request is logged.
 */
export function warnRedirectedMethodsUnusable(session: Session, logger: Logger): void {
  const unusable = unusableWithoutReturnUrl(session);
  if (unusable.length === 0) return;
  logger.warn('session.redirected_method_unusable', { merchantId: session.merchantId, sessionId: session.id, methods: unusable.map((offer) => offer.id) });
}

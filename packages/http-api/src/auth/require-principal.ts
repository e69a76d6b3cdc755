import type { RequestHandler, Response } from 'express';
import type { AccessTokens, Principal } from '@splitpay/application';
import { DomainError } from '@splitpay/domain';

/** Which token kinds a door accepts (the contract's Authentication rule 4). */
export type Accepts = 'client' | 'contact' | 'any';

/** RFC 6750 section 2.1; the scheme name is case-insensitive (RFC 9110 section 11.1). */
const BEARER = /^Bearer +([A-Za-z0-9._~+/=-]+)$/i;

/**
 * Requires an access token of an accepted kind and puts its principal on `res.locals.principal`.
 * Every failure is the same Unauthorized answer.
 */
export function requirePrincipal(tokens: AccessTokens, accepts: Accepts): RequestHandler {
  return (req, res, next) => {
    const match = BEARER.exec(req.headers.authorization ?? '');
    const principal = match?.[1] ? tokens.verify(match[1]) : null;
    if (!principal || (accepts !== 'any' && principal.kind !== accepts)) {
      next(new DomainError('Unauthorized', 'A valid access token is required'));
      return;
    }
    res.locals.principal = principal;
    next();
  };
}

/** The principal `requirePrincipal` proved for this request. */
export function principalOf(res: Response): Principal {
  const principal = res.locals.principal as Principal | undefined;
  if (!principal) throw new Error('principalOf called on a route without requirePrincipal');
  return principal;
}

import { Router } from 'express';
import { authorizeRouter, type AuthorizeRouteDeps } from './authorize.routes';
import { DEFAULT_HASHING_LIMITS, HashingGate, type HashingLimits } from './hashing-gate';
import { metadataRouter } from './metadata.routes';
import { tokenRouter, type TokenRouteDeps } from './token.routes';

export type OAuthRouterDeps = Omit<TokenRouteDeps, 'hashingGate'> & Omit<AuthorizeRouteDeps, 'hashingGate'> & { readonly hashingLimits?: HashingLimits };

/**
 * Everything under /oauth: the token endpoint and the dashboard's authorization endpoint, which share
 * one admission to the scrypt checks (a flood of one cannot starve the other), and the RFC 8414
 * metadata that describes them.
 */
export function oauthRouter(deps: OAuthRouterDeps): Router {
  const hashingGate = new HashingGate(deps.hashingLimits ?? DEFAULT_HASHING_LIMITS);
  const router = Router();
  router.use(tokenRouter({ ...deps, hashingGate }));
  router.use(authorizeRouter({ ...deps, hashingGate }));
  router.use(metadataRouter({ issuer: deps.issuer }));
  return router;
}

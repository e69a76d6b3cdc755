import { Router } from 'express';
import { authorizeRouter, type AuthorizeRouteDeps } from './authorize.routes';
import { tokenRouter, type TokenRouteDeps } from './token.routes';

export type OAuthRouterDeps = TokenRouteDeps & AuthorizeRouteDeps;

/** Everything under /oauth: the token endpoint and the dashboard's authorization endpoint. */
export function oauthRouter(deps: OAuthRouterDeps): Router {
  const router = Router();
  router.use(tokenRouter(deps));
  router.use(authorizeRouter(deps));
  return router;
}

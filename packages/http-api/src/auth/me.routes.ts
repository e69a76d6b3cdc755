import { Router } from 'express';
import type { AccessTokens } from '@splitpay/application';
import { principalOf, requirePrincipal } from './require-principal';

/** GET /api/me's answer (docs/decisions.md D12). */
export interface MeResponse {
  readonly merchantId: string;
  readonly principal: 'client' | 'contact';
  readonly contact?: { readonly email: string; readonly role: 'admin' | 'member' };
  readonly expiresAt: number;
}

/** GET /api/me: who the access token proves, for either kind of token. */
export function meRouter(deps: { readonly tokens: AccessTokens }): Router {
  const router = Router();
  router.get('/api/me', requirePrincipal(deps.tokens, 'any'), (_req, res) => {
    const principal = principalOf(res);
    const body: MeResponse =
      principal.kind === 'contact'
        ? { merchantId: principal.merchantId, principal: 'contact', contact: principal.contact, expiresAt: principal.expiresAt }
        : { merchantId: principal.merchantId, principal: 'client', expiresAt: principal.expiresAt };
    res.setHeader('Cache-Control', 'no-store');
    res.json(body);
  });
  return router;
}

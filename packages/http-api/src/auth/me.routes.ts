import { Router } from 'express';
import type { AccessTokens, AccountProvider, MerchantProviders } from '@splitpay/application';
import { readNoQuery } from '../schemas/query.read';
import { principalOf, requirePrincipal } from './require-principal';

/** GET /api/me's answer (docs/decisions.md D12; `providers` D66). */
export interface MeResponse {
  readonly merchantId: string;
  readonly principal: 'client' | 'contact';
  readonly contact?: { readonly email: string; readonly role: 'admin' | 'member' };
  readonly expiresAt: number;
  /** The providers of the account's contracts, sorted by id, each with its name when the platform knows one. */
  readonly providers: readonly AccountProvider[];
}

export interface MeRouterDeps {
  readonly tokens: AccessTokens;
  readonly providers: Pick<MerchantProviders, 'of'>;
}

/** GET /api/me: who the access token proves, for either kind of token, and its account's providers. */
export function meRouter(deps: MeRouterDeps): Router {
  const router = Router();
  router.get('/api/me', requirePrincipal(deps.tokens, 'any'), async (req, res) => {
    readNoQuery(req);
    const principal = principalOf(res);
    const providers = await deps.providers.of(principal.merchantId);
    const body: MeResponse =
      principal.kind === 'contact'
        ? { merchantId: principal.merchantId, principal: 'contact', contact: principal.contact, expiresAt: principal.expiresAt, providers }
        : { merchantId: principal.merchantId, principal: 'client', expiresAt: principal.expiresAt, providers };
    res.setHeader('Cache-Control', 'no-store');
    res.json(body);
  });
  return router;
}

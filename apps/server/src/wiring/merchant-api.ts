import { hkdfSync } from 'node:crypto';
import type { Router } from 'express';
import { CreateSessionUseCase, MerchantProviders, MerchantReads, MerchantSearches, type AccessTokens, type ProviderNames } from '@splitpay/application';
import { nextDueAt, type PspCatalog, type TokenMinter } from '@splitpay/domain';
import { merchantApiRouter, meRouter, openApiRouter, SearchCursors } from '@splitpay/http-api';
import { HmacElementsTokens } from '@splitpay/infra';
import { authKeysOf } from './auth';
import type { Core } from './core';

export interface MerchantApiWiringDeps {
  /** The auth area's access tokens (every /api door checks them). */
  readonly accessTokens: AccessTokens;
  /** Mints elements tokens and their digests (the auth area's `RandomTokenMinter`). */
  readonly tokenMinter: TokenMinter;
  /** The drivers the platform carries and their names (the PSP wiring's `PspRegistry`). */
  readonly psps: PspCatalog & ProviderNames;
}

export interface MerchantApiWiring {
  /** POST /api/sessions, the reads and searches, GET /api/me and GET /openapi.json. */
  readonly routers: Router[];
}

/**
 * The search cursor key, derived (HKDF) from the access token signing key: instances sharing a
 * configuration share it, so a cursor minted by one instance pages on another; it is a key of its
 * own (a cursor MAC never verifies as a token and the reverse).
 */
export function searchCursorKey(core: Pick<Core, 'config'>): Buffer {
  return Buffer.from(hkdfSync('sha256', authKeysOf(core.config).signingKey, 'splitpay', 'search-cursor/v1', 32));
}

/** The merchant API area: session creation, reads, searches, who the token proves, and the OpenAPI document. */
export function wireMerchantApi(core: Core, deps: MerchantApiWiringDeps): MerchantApiWiring {
  const { stores, clock, ids, policy, config } = core;
  const createSession = new CreateSessionUseCase({
    sessions: stores.sessions,
    merchants: stores.merchants,
    psps: deps.psps,
    tokens: deps.tokenMinter,
    clock,
    ids,
    defaultTtlMs: config.sessionTtlMs,
    policy,
    nextDueAt,
    derivedTokens: new HmacElementsTokens(authKeysOf(config).signingKey),
    logger: core.logger,
  });
  const api = merchantApiRouter({
    tokens: deps.accessTokens,
    createSession,
    reads: new MerchantReads({ sessions: stores.sessions, chargebacks: stores.chargebacks }),
    searches: new MerchantSearches({ sessions: stores.sessions }),
    cursors: new SearchCursors(searchCursorKey(core)),
    // PUBLIC_BASE_URL is kept without a trailing slash (public-base-url.ts): its pathname is '/' or the path.
    basePath: new URL(config.publicBaseUrl).pathname.replace(/\/$/, ''),
  });
  const me = meRouter({ tokens: deps.accessTokens, providers: new MerchantProviders({ merchants: stores.merchants, names: deps.psps }) });
  return { routers: [api, me, openApiRouter({ serverUrl: config.publicBaseUrl, fakePsp: config.fakePsp && config.fakePspMount !== false })] };
}

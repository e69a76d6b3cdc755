import type { Router } from 'express';
import {
  AuthorizationCodeGrant,
  ClientCredentialsGrant,
  ContactLogin,
  DashboardClient,
  RefreshTokenGrant,
  RefreshTokenRevocation,
  type AccessTokens,
  type Stores,
} from '@splitpay/application';
import type { Clock, IdGenerator, Logger, PasswordHasher, SecretSealer, TokenMinter } from '@splitpay/domain';
import { JwtAccessTokens, keyedDigestOf, oauthRouter, S256Pkce, type ClientAuthRateLimit, type HitCounters, type LoginRateLimit } from '@splitpay/http-api';
import { AesGcmSecretSealer, parseDataEncryptionKey, RandomTokenMinter, ScryptPasswordHasher } from '@splitpay/infra';
import type { ServerConfig } from '../config';
import { dashboardRedirectUris } from './dashboard';

export interface AuthWiring {
  /** Issues and verifies /api access tokens; every area guarding a door uses this one. */
  readonly accessTokens: AccessTokens;
  /** Seals and opens the accounts' webhook secrets (DATA_ENCRYPTION_KEY). */
  readonly secretSealer: SecretSealer;
  readonly passwordHasher: PasswordHasher;
  /** Elements tokens, authorization codes, refresh tokens, and their digests. */
  readonly tokenMinter: TokenMinter;
  /** /oauth/token and /oauth/authorize (GET /api/me reads the account: the merchant API area serves it). */
  readonly routers: Router[];
}

/**
 * The part of app-instance.ts's `Core` this area reads (declared here, not imported, so the
 * composition and its wiring do not import each other).
 */
export interface AuthCore {
  readonly config: ServerConfig;
  readonly stores: Stores;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly logger: Logger;
}

export interface AuthWiringOptions {
  /** Failed dashboard sign-ins allowed per address and email (default 5 per 15 minutes). */
  readonly loginRateLimit?: LoginRateLimit;
  /** Failed client authentications allowed per address and client id (default 10 per 15 minutes). */
  readonly clientAuthRateLimit?: ClientAuthRateLimit;
  /** Replaces the scrypt hasher of the configuration (tests count hashing work). */
  readonly passwordHasher?: PasswordHasher;
  /** Counters the token endpoint's and the sign-in form's limits share with the other instances (D55); default this process's memory. */
  readonly limitCounters?: HitCounters;
}

interface AuthKeys {
  readonly signingKey: string;
  readonly dataEncryptionKey: string;
}

const generatedKeys = new WeakMap<ServerConfig, AuthKeys>();

/**
 * The configuration's keys. `readConfig` always fills them (generating missing ones, with a warning
 * at start); a configuration built by hand without them gets keys generated once per configuration
 * object, so that instances sharing it also share their keys.
 */
export function authKeysOf(config: ServerConfig): AuthKeys {
  if (config.accessTokenSigningKey && config.dataEncryptionKey) {
    return { signingKey: config.accessTokenSigningKey, dataEncryptionKey: config.dataEncryptionKey };
  }
  let keys = generatedKeys.get(config);
  if (!keys) {
    const random = () => new RandomTokenMinter().newOpaqueToken();
    keys = { signingKey: config.accessTokenSigningKey || random(), dataEncryptionKey: config.dataEncryptionKey || random() };
    generatedKeys.set(config, keys);
  }
  return keys;
}

/** The sealer of DATA_ENCRYPTION_KEY (also what the merchants file loader seals with). */
export function secretSealerFor(config: ServerConfig): SecretSealer {
  return new AesGcmSecretSealer({ key: parseDataEncryptionKey(authKeysOf(config).dataEncryptionKey) });
}

/** scrypt at the configured cost (SCRYPT_COST); the cost is encoded in each hash. */
export function passwordHasherFor(config: ServerConfig): PasswordHasher {
  return new ScryptPasswordHasher(config.scryptCost ? { cost: config.scryptCost } : {});
}

/** The auth area: access tokens and the OAuth endpoints (both grants families). */
export function wireAuth(core: AuthCore, options: AuthWiringOptions = {}): AuthWiring {
  const { config, stores, clock, ids, logger } = core;
  const accessTokens = new JwtAccessTokens({
    signingKey: authKeysOf(config).signingKey,
    issuer: config.publicBaseUrl,
    audience: config.publicBaseUrl,
    ttlS: config.accessTokenTtlS,
    clock,
  });
  const passwordHasher = options.passwordHasher ?? passwordHasherFor(config);
  const tokenMinter = new RandomTokenMinter();
  const refreshTokenTtlMs = (config.refreshTokenTtlS ?? 12 * 3600) * 1000;
  const grantDeps = { merchants: stores.merchants, tokens: accessTokens, minter: tokenMinter, clock, refreshTokenTtlMs };

  const oauth = oauthRouter({
    issuer: config.publicBaseUrl,
    dashboard: new DashboardClient({ redirectUris: dashboardRedirectUris(config) }),
    clientCredentials: new ClientCredentialsGrant({ merchants: stores.merchants, hasher: passwordHasher, tokens: accessTokens }),
    contactLogin: new ContactLogin({ merchants: stores.merchants, hasher: passwordHasher, minter: tokenMinter, codes: stores.authCodes, clock }),
    authorizationCode: new AuthorizationCodeGrant({ ...grantDeps, codes: stores.authCodes, refreshTokens: stores.refreshTokens, pkce: new S256Pkce(), ids, logger }),
    refreshToken: new RefreshTokenGrant({ ...grantDeps, refreshTokens: stores.refreshTokens, logger }),
    revocation: new RefreshTokenRevocation({ refreshTokens: stores.refreshTokens, minter: tokenMinter, logger }),
    accessTokens,
    ...(options.loginRateLimit ? { loginRateLimit: options.loginRateLimit } : {}),
    ...(options.clientAuthRateLimit ? { clientAuthRateLimit: options.clientAuthRateLimit } : {}),
    // The keys hold typed values under a key of the instances' own (the signing key's derivative): nothing in the database to test a guess against.
    ...(options.limitCounters ? { sharedCounters: { counters: options.limitCounters, logger, keyDigest: keyedDigestOf(authKeysOf(config).signingKey) } } : {}),
  });

  return {
    accessTokens,
    secretSealer: secretSealerFor(config),
    passwordHasher,
    tokenMinter,
    routers: [oauth],
  };
}

/** Says at start which keys were generated, and what that costs (docs/decisions.md D6). */
export function warnAboutGeneratedKeys(config: ServerConfig, logger: Logger): void {
  for (const name of config.generatedKeys ?? []) {
    const lost = name === 'ACCESS_TOKEN_SIGNING_KEY' ? 'access tokens' : 'sealed webhook secrets';
    logger.warn('config.key_generated', {
      setting: name,
      message: `No ${name}: generated one for this process; ${lost} will not survive a restart and are not shared with other instances.`,
    });
  }
}

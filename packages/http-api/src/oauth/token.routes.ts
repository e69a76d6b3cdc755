import express, { Router, type ErrorRequestHandler, type Request, type RequestHandler, type Response } from 'express';
import { isAbortedBody } from '../app/aborted-body';
import { limitKeyDigest, type SharedLimiterCounters } from '../app/hit-counter-store';
import { addressOf } from '../app/rate-limit-answer';
import {
  DASHBOARD_CLIENT_ID,
  type AccessTokens,
  type AuthorizationCodeGrant,
  type ClientCredentialsGrant,
  type DashboardGrantResult,
  type RefreshTokenGrant,
  type RefreshTokenRevocation,
} from '@splitpay/application';
import { assertUnreachable } from '@splitpay/domain';
import { clientAuthenticationOf } from './client-authentication';
import { FailedAuthenticationLimit } from './failed-authentication-limit';
import { singleParams } from './form-params';
import type { HashingGate } from './hashing-gate';
import { INVALID_CLIENT_DESCRIPTION, INVALID_GRANT_DESCRIPTION, noStore, sendOAuthError } from './oauth-error';

/** Failed client authentications (invalid_client) allowed per address and client id within the window before 429. */
export interface ClientAuthRateLimit {
  readonly windowMs: number;
  readonly limit: number;
}

export const DEFAULT_CLIENT_AUTH_RATE_LIMIT: ClientAuthRateLimit = { windowMs: 15 * 60_000, limit: 10 };

/** Failed client authentications allowed per address, whatever client ids it names, within the window before 429. */
export const DEFAULT_ADDRESS_AUTH_RATE_LIMIT: ClientAuthRateLimit = { windowMs: 15 * 60_000, limit: 30 };

export interface TokenRouteDeps {
  readonly clientCredentials: ClientCredentialsGrant;
  readonly authorizationCode: AuthorizationCodeGrant;
  readonly refreshToken: RefreshTokenGrant;
  /** POST /oauth/revoke: the dashboard's sign-out. */
  readonly revocation: RefreshTokenRevocation;
  /** Tells an access token presented for revocation, which cannot be revoked, from an unknown token. */
  readonly accessTokens: Pick<AccessTokens, 'verify'>;
  readonly clientAuthRateLimit?: ClientAuthRateLimit;
  readonly addressAuthRateLimit?: ClientAuthRateLimit;
  /** Counters both limits share with the other instances (D55); default this process's memory. */
  readonly sharedCounters?: SharedLimiterCounters;
  /** Admission to the secret checks (scrypt), shared with the sign-in form. */
  readonly hashingGate: HashingGate;
}

/** RFC 6749 section 5.1 success body. */
export interface TokenResponse {
  readonly access_token: string;
  readonly token_type: 'Bearer';
  readonly expires_in: number;
  /** Dashboard grants only; client_credentials never issues one. */
  readonly refresh_token?: string;
}

const PARAMS = ['grant_type', 'client_id', 'client_secret', 'code', 'code_verifier', 'redirect_uri', 'refresh_token', 'scope'] as const;
type TokenParams = { readonly [P in (typeof PARAMS)[number]]?: string };

const FORM = 'application/x-www-form-urlencoded';

const noStoreAlways: RequestHandler = (_req, res, next) => {
  noStore(res);
  next();
};

const requireForm: RequestHandler = (req, res, next) => {
  if (!req.is(FORM)) {
    sendOAuthError(res, 'invalid_request', `The request body must be ${FORM}`);
    return;
  }
  next();
};

/** Body parser failures (bad charset, too large, too many parameters) are invalid_request here. */
const bodyErrors: ErrorRequestHandler = (error, _req, res, next) => {
  const status = (error as { status?: unknown } | null)?.status;
  // A body the client stopped sending is no unreadable form: nobody is left to answer (the app's error handler logs it).
  if (typeof status === 'number' && status >= 400 && status < 500 && !res.headersSent && !isAbortedBody(error)) {
    // 400 even for a body over the limit: RFC 6749 answers every token endpoint error but invalid_client with 400.
    sendOAuthError(res, 'invalid_request', status === 413 ? 'The request body is larger than 16 kB' : 'The request body could not be read');
    return;
  }
  next(error);
};

function sendTokens(res: Response, body: TokenResponse): void {
  noStore(res);
  res.status(200).json(body);
}

function sendDashboardResult(res: Response, result: DashboardGrantResult): void {
  switch (result.kind) {
    case 'issued':
      sendTokens(res, { access_token: result.accessToken, token_type: 'Bearer', expires_in: result.expiresIn, refresh_token: result.refreshToken });
      return;
    case 'invalid_grant':
      sendOAuthError(res, 'invalid_grant', INVALID_GRANT_DESCRIPTION);
      return;
    default:
      assertUnreachable(result, 'grant result');
  }
}

/** The client a token request names (HTTP Basic or the body), for the failed-authentication limit. */
function claimedClientId(req: Request): string {
  const read = singleParams(req.body, ['client_id', 'client_secret']);
  const auth = clientAuthenticationOf(req.headers.authorization, read.kind === 'ok' ? read.params : {});
  return auth.kind === 'invalid' ? '' : (auth.clientId ?? '');
}

/**
 * A request of the dashboard's public client: it names `dashboard` and presents no secret (no Basic, no
 * client_secret), so no client authentication can fail; its own secret (a code with its verifier, a
 * refresh token: 32 random bytes) is no guess worth limiting. Leaving it uncounted and unrefused keeps
 * the contacts behind an address (an office's NAT) signed in while a merchant server behind the same
 * address fails its client_credentials (D103).
 */
function dashboardPublicClientRequest(req: Request): boolean {
  if (req.headers.authorization !== undefined) return false;
  const read = singleParams(req.body, ['grant_type', 'client_id', 'client_secret']);
  if (read.kind !== 'ok') return false;
  const { grant_type: grant, client_id: clientId, client_secret: secret } = read.params;
  return clientId === DASHBOARD_CLIENT_ID && secret === undefined && grant !== 'client_credentials';
}

/**
 * Slows down guessing a merchant secret: after `limit` invalid_client answers for one client id from
 * one address, every request of that pair (the right secret included) is 429 until the window ends.
 * With `byAddressOnly`, the failures of one address are counted whatever client ids it names (a flood
 * of made-up client ids). A correct secret from another address is never refused by either. Only a
 * decided invalid_client counts (D119): neither a success, in flight or with its client gone, nor a
 * refusal of the hashing gate. The client id is counted by its digest (limitKeyDigest: keyed under
 * the shared counters, D55): a caller may type anything there, a secret too.
 */
function clientAuthLimit(limits: ClientAuthRateLimit, shared: SharedLimiterCounters | undefined, byAddressOnly = false): FailedAuthenticationLimit {
  return new FailedAuthenticationLimit({
    name: byAddressOnly ? 'oauth:token:address' : 'oauth:token:client',
    windowMs: limits.windowMs,
    limit: limits.limit,
    shared,
    skip: dashboardPublicClientRequest,
    keyOf: (req) => (byAddressOnly ? addressOf(req) : `${addressOf(req)}|${limitKeyDigest(shared)(claimedClientId(req))}`),
    refuse: (res, retryAfterS) => {
      res.setHeader('Retry-After', String(retryAfterS));
      sendOAuthError(res, 'temporarily_unavailable', `Too many failed client authentications; retry after ${retryAfterS} seconds`);
    },
  });
}

/** POST /oauth/token: client_credentials for merchant servers, the two dashboard grants for humans. */
export function tokenRouter(deps: TokenRouteDeps): Router {
  const router = Router();
  const clientLimit = clientAuthLimit(deps.clientAuthRateLimit ?? DEFAULT_CLIENT_AUTH_RATE_LIMIT, deps.sharedCounters);
  // One limit (one count) for both doors: failures at /oauth/revoke and /oauth/token add up.
  const addressLimit = clientAuthLimit(deps.addressAuthRateLimit ?? DEFAULT_ADDRESS_AUTH_RATE_LIMIT, deps.sharedCounters, true);

  /** The invalid_client answer, its failure counted first by the door's limits (so the next request sees it). */
  const refuseClient = (limits: readonly FailedAuthenticationLimit[]) => async (req: Request, res: Response, basic: boolean): Promise<void> => {
    await Promise.all(limits.map((limit) => limit.countFailure(req)));
    sendOAuthError(res, 'invalid_client', INVALID_CLIENT_DESCRIPTION, { basic });
  };
  const tokenInvalidClient = refuseClient([clientLimit, addressLimit]);
  const revokeInvalidClient = refuseClient([addressLimit]);

  const clientCredentials = async (req: Request, res: Response, params: TokenParams): Promise<void> => {
    const auth = clientAuthenticationOf(req.headers.authorization, params);
    if (auth.kind === 'invalid') return sendOAuthError(res, 'invalid_request', auth.description);
    const basic = auth.kind === 'basic';
    if (!auth.clientId || !auth.clientSecret) return tokenInvalidClient(req, res, basic);
    const { clientId, clientSecret } = auth;
    const admitted = await deps.hashingGate.run(addressOf(req), () => deps.clientCredentials.exchange({ clientId, clientSecret }));
    if (admitted.kind !== 'done') {
      res.setHeader('Retry-After', '1');
      return sendOAuthError(res, 'temporarily_unavailable', admitted.kind === 'full' ? 'Too many token requests at once; retry shortly' : 'Too many token requests from this address at once; retry shortly', {
        overloaded: admitted.kind === 'full',
      });
    }
    const result = admitted.value;
    if (result.kind === 'invalid_client') return tokenInvalidClient(req, res, basic);
    sendTokens(res, { access_token: result.accessToken, token_type: 'Bearer', expires_in: result.expiresIn });
  };

  /**
   * The dashboard is a public client: it names itself with client_id and holds no secret. Another
   * client (a merchant, whatever its secret) is told these doors are the dashboard's, not that its
   * authentication failed: its secret is not checked here, so the answer says nothing about it.
   */
  const dashboardClient = async (
    req: Request,
    res: Response,
    params: { readonly client_id?: string; readonly client_secret?: string },
    door: string,
    invalidClient: typeof tokenInvalidClient,
  ): Promise<boolean> => {
    const auth = clientAuthenticationOf(req.headers.authorization, params);
    if (auth.kind === 'invalid') {
      sendOAuthError(res, 'invalid_request', auth.description);
      return false;
    }
    if (auth.clientId !== undefined && auth.clientId !== DASHBOARD_CLIENT_ID) {
      sendOAuthError(res, 'unauthorized_client', `${door} is for the dashboard client only (client_id=${DASHBOARD_CLIENT_ID}, no secret); a merchant server asks grant_type=client_credentials again when its access token expires`);
      return false;
    }
    if (auth.kind === 'basic' || auth.clientSecret !== undefined) {
      await invalidClient(req, res, auth.kind === 'basic');
      return false;
    }
    if (auth.clientId === undefined) {
      sendOAuthError(res, 'invalid_request', 'client_id is required');
      return false;
    }
    return true;
  };

  const authorizationCode = async (req: Request, res: Response, params: TokenParams): Promise<void> => {
    if (!(await dashboardClient(req, res, params, 'The authorization_code grant', tokenInvalidClient))) return;
    const { code, code_verifier: codeVerifier, redirect_uri: redirectUri } = params;
    if (!code || !codeVerifier || !redirectUri) return sendOAuthError(res, 'invalid_request', 'code, code_verifier and redirect_uri are required');
    sendDashboardResult(res, await deps.authorizationCode.exchange({ code, codeVerifier, redirectUri, clientId: DASHBOARD_CLIENT_ID }));
  };

  const refreshToken = async (req: Request, res: Response, params: TokenParams): Promise<void> => {
    if (!(await dashboardClient(req, res, params, 'The refresh_token grant', tokenInvalidClient))) return;
    if (!params.refresh_token) return sendOAuthError(res, 'invalid_request', 'refresh_token is required');
    sendDashboardResult(res, await deps.refreshToken.exchange({ refreshToken: params.refresh_token }));
  };

  // Every method: a request the endpoint refuses before any grant (405 on GET) is still never cached.
  router.use('/oauth/token', noStoreAlways);
  router.post(
    '/oauth/token',
    requireForm,
    express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 32 }),
    clientLimit.guard,
    addressLimit.guard,
    (async (req, res) => {
      const read = singleParams(req.body, PARAMS);
      if (read.kind === 'repeated') return sendOAuthError(res, 'invalid_request', `Parameter ${read.name} is repeated`);
      const { params } = read;
      switch (params.grant_type) {
        case undefined:
          return sendOAuthError(res, 'invalid_request', 'grant_type is required');
        case 'client_credentials':
          return clientCredentials(req, res, params);
        case 'authorization_code':
          return authorizationCode(req, res, params);
        case 'refresh_token':
          return refreshToken(req, res, params);
        default:
          return sendOAuthError(res, 'unsupported_grant_type', 'Supported grants: client_credentials, authorization_code, refresh_token');
      }
    }) satisfies RequestHandler,
    bodyErrors,
  );

  // RFC 7009. Only the dashboard's refresh tokens can be revoked: access tokens are short-lived JWTs
  // checked without a store, so one presented (named by token_type_hint=access_token, or without a
  // hint) is unsupported_token_type: a 200 would tell the client it was revoked (docs/decisions.md D30).
  router.post(
    '/oauth/revoke',
    noStoreAlways,
    requireForm,
    express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 32 }),
    addressLimit.guard,
    (async (req, res) => {
      const read = singleParams(req.body, REVOKE_PARAMS);
      if (read.kind === 'repeated') return sendOAuthError(res, 'invalid_request', `Parameter ${read.name} is repeated`);
      const { params } = read;
      if (!(await dashboardClient(req, res, params, 'Token revocation', revokeInvalidClient))) return;
      if (!params.token) return sendOAuthError(res, 'invalid_request', 'token is required');
      const { found } = await deps.revocation.revoke({ refreshToken: params.token });
      if (!found && (params.token_type_hint === 'access_token' || deps.accessTokens.verify(params.token) !== null)) {
        return sendOAuthError(res, 'unsupported_token_type', 'Access tokens expire on their own and cannot be revoked; revoke the refresh token');
      }
      res.status(200).end();
    }) satisfies RequestHandler,
    bodyErrors,
  );
  return router;
}

const REVOKE_PARAMS = ['token', 'token_type_hint', 'client_id', 'client_secret'] as const;

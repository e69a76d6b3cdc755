import type { Response } from 'express';

/** The RFC 6749 error codes the token endpoint answers (the contract, POST /oauth/token), and RFC 7009's for POST /oauth/revoke. */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'temporarily_unavailable'
  | 'unsupported_token_type';

/** RFC 6749 section 5.2 error body. */
export interface OAuthErrorBody {
  readonly error: OAuthErrorCode;
  readonly error_description?: string;
}

/** One wording for each uniform answer, so that no failure can be told from another by its body. */
export const INVALID_CLIENT_DESCRIPTION = 'Client authentication failed';
export const INVALID_GRANT_DESCRIPTION = 'The grant is invalid, expired, revoked or was already used';

/** Token endpoint answers are never cached (RFC 6749 section 5.1, docs/decisions.md D11). */
export function noStore(res: Response): void {
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Pragma', 'no-cache');
}

/**
 * Sends an RFC 6749 error: `invalid_client` is 401 (with `WWW-Authenticate: Basic` when the client
 * used Basic), `temporarily_unavailable` 429 (too many failed client authentications, or too many
 * requests of this address at once) or 503 (`overloaded`: the endpoint has no room for more), every
 * other error 400 (docs/decisions.md D11).
 */
export function sendOAuthError(res: Response, error: OAuthErrorCode, description: string, options: { readonly basic?: boolean; readonly overloaded?: boolean } = {}): void {
  noStore(res);
  const status = error === 'invalid_client' ? 401 : error === 'temporarily_unavailable' ? (options.overloaded ? 503 : 429) : 400;
  if (error === 'invalid_client' && options.basic) res.setHeader('WWW-Authenticate', 'Basic realm="splitpay", charset="UTF-8"');
  const body: OAuthErrorBody = { error, error_description: description };
  res.status(status).json(body);
}

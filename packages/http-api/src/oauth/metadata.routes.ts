import { Router } from 'express';

/** RFC 8414 authorization server metadata: what oauth4webapi and openid-client discover. */
export interface AuthorizationServerMetadata {
  readonly issuer: string;
  readonly authorization_endpoint: string;
  readonly token_endpoint: string;
  /** RFC 7009: the dashboard's sign-out revokes its refresh token family here. */
  readonly revocation_endpoint: string;
  readonly revocation_endpoint_auth_methods_supported: readonly string[];
  readonly grant_types_supported: readonly string[];
  readonly response_types_supported: readonly string[];
  readonly response_modes_supported: readonly string[];
  readonly code_challenge_methods_supported: readonly string[];
  readonly token_endpoint_auth_methods_supported: readonly string[];
  /** RFC 9207: the authorization response carries `iss`. */
  readonly authorization_response_iss_parameter_supported: true;
}

export function authorizationServerMetadata(issuer: string): AuthorizationServerMetadata {
  return {
    issuer,
    authorization_endpoint: `${issuer}/oauth/authorize`,
    token_endpoint: `${issuer}/oauth/token`,
    revocation_endpoint: `${issuer}/oauth/revoke`,
    revocation_endpoint_auth_methods_supported: ['none'],
    grant_types_supported: ['client_credentials', 'authorization_code', 'refresh_token'],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    code_challenge_methods_supported: ['S256'],
    // Merchant servers: HTTP Basic or the form body; the dashboard is a public client (none).
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
    authorization_response_iss_parameter_supported: true,
  };
}

export const METADATA_PATH = '/.well-known/oauth-authorization-server';

/** The issuer's path ('' when it has none): RFC 8414 section 3.1 inserts it after the well-known path. */
export function issuerPathOf(issuer: string): string {
  return new URL(issuer).pathname.replace(/\/+$/, '');
}

/**
 * GET /.well-known/oauth-authorization-server, and, when the issuer has a path (the service behind a
 * proxy that strips it), GET /.well-known/oauth-authorization-server/{that path} too: where RFC 8414
 * section 3.1 puts it on the host, which the proxy forwards as is. The plain form stays, as the
 * address under the issuer's path reaches the service with the path stripped (docs/decisions.md D43).
 */
export function metadataRouter(deps: { readonly issuer: string }): Router {
  const body = authorizationServerMetadata(deps.issuer);
  const router = Router();
  const issuerPath = issuerPathOf(deps.issuer);
  // Express reads `:`, `*`, `?`, `+`, `!`, parentheses and braces as route syntax: the path is literal.
  const paths = issuerPath ? [METADATA_PATH, `${METADATA_PATH}${issuerPath.replace(/[:*?+!(){}\\]/g, '\\$&')}`] : [METADATA_PATH];
  for (const path of paths) {
    router.get(path, (_req, res) => {
      res.setHeader('Cache-Control', 'public, max-age=3600');
      res.json(body);
    });
  }
  return router;
}

import { named } from '../schemas/json-schema';
import { clientCredentialsRequest, invalidClient, meAnswer, tokenIssued } from './examples/auth.examples';
import { unauthorized, undeclaredQueryParameter, withErrorExamples } from './examples/error.examples';
import { errors, json, type PathSpecs } from './operation';

/** The token endpoint, the dashboard's authorization doors and GET /api/me (the contract's Authentication, docs/decisions.md D11, D12 and D14). */

const tokenRequestSchema = named('TokenRequest', {
  type: 'object',
  required: ['grant_type'],
  properties: {
    grant_type: { type: 'string', enum: ['client_credentials', 'authorization_code', 'refresh_token'] },
    client_id: { type: 'string', description: 'client_credentials: the merchant id (or HTTP Basic); dashboard grants: dashboard' },
    client_secret: { type: 'string', description: 'client_credentials: the merchant secret (or HTTP Basic)' },
    code: { type: 'string' },
    code_verifier: { type: 'string', description: 'PKCE S256' },
    redirect_uri: { type: 'string' },
    refresh_token: { type: 'string' },
  },
});

const tokenResponseSchema = named('TokenResponse', {
  type: 'object',
  additionalProperties: false,
  required: ['access_token', 'token_type', 'expires_in'],
  properties: {
    access_token: { type: 'string', description: 'Bearer JWT for /api' },
    token_type: { type: 'string', const: 'Bearer' },
    expires_in: { type: 'integer', description: 'seconds of validity' },
    refresh_token: { type: 'string', description: 'dashboard grants only; rotating' },
  },
});

const oauthErrorSchema = named('OAuthError', {
  type: 'object',
  additionalProperties: false,
  required: ['error'],
  properties: {
    error: { type: 'string', enum: ['invalid_request', 'unsupported_grant_type', 'invalid_grant', 'invalid_client', 'unauthorized_client', 'temporarily_unavailable', 'unsupported_token_type'] },
    error_description: { type: 'string' },
  },
});

const meSchema = named('Me', {
  type: 'object',
  additionalProperties: false,
  required: ['merchantId', 'principal', 'expiresAt', 'providers'],
  properties: {
    merchantId: { type: 'string' },
    principal: { type: 'string', enum: ['client', 'contact'] },
    contact: {
      type: 'object',
      additionalProperties: false,
      required: ['email', 'role'],
      properties: { email: { type: 'string' }, role: { type: 'string', enum: ['admin', 'member'] } },
    },
    expiresAt: { type: 'integer', description: 'epoch ms when the access token lapses' },
    providers: {
      type: 'array',
      description:
        "The PSPs the caller's merchant account holds contracts with (its methods' providers), sorted by id, each once: the values GET /api/transactions' `provider` finds. `name` is the PSP's display name when the platform knows one (absent for a provider the platform no longer carries: show the id).",
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id'],
        properties: { id: { type: 'string', description: 'as TransactionView.provider names it' }, name: { type: 'string' } },
      },
    },
  },
});

const noStore = { 'Cache-Control': { description: 'no-store', required: true } };
const html = (description: string) => ({ description, contentType: 'text/html' });
const authorizeQuery = ['response_type', 'client_id', 'redirect_uri', 'state', 'code_challenge', 'code_challenge_method'].map((name) => ({
  name,
  in: 'query' as const,
  required: name !== 'state',
  schema: { type: 'string' },
}));
const authorizeFormFields = Object.fromEntries(authorizeQuery.map(({ name }) => [name, { type: 'string' }]));
const retryAfter = { 'Retry-After': { description: 'seconds', required: true } };
const errorRedirect = {
  description:
    'Error redirect to the registered redirect URI (a known client and redirect URI, a request otherwise wrong): ?error=...&error_description=...&state=...&iss=... (state when the request carried one; iss per RFC 9207)',
  headers: { Location: { description: 'the redirect URI with error, error_description, state and iss', required: true } },
};
const uiLocales = {
  name: 'ui_locales',
  in: 'query' as const,
  required: false,
  description: "the form's language: space-separated language tags, preferred first (fr or en; default en)",
  schema: { type: 'string' },
};

const authorizationServerMetadataSchema = named('AuthorizationServerMetadata', {
  type: 'object',
  required: ['issuer', 'authorization_endpoint', 'token_endpoint', 'grant_types_supported', 'response_types_supported', 'code_challenge_methods_supported', 'token_endpoint_auth_methods_supported'],
  properties: {
    issuer: { type: 'string', format: 'uri' },
    authorization_endpoint: { type: 'string', format: 'uri' },
    token_endpoint: { type: 'string', format: 'uri' },
    revocation_endpoint: { type: 'string', format: 'uri' },
    revocation_endpoint_auth_methods_supported: { type: 'array', items: { type: 'string' } },
    grant_types_supported: { type: 'array', items: { type: 'string' } },
    response_types_supported: { type: 'array', items: { type: 'string' } },
    response_modes_supported: { type: 'array', items: { type: 'string' } },
    code_challenge_methods_supported: { type: 'array', items: { type: 'string' } },
    token_endpoint_auth_methods_supported: { type: 'array', items: { type: 'string' } },
    authorization_response_iss_parameter_supported: { type: 'boolean' },
  },
});

export const authPaths: PathSpecs = {
  '/oauth/token': {
    post: {
      operationId: 'requestToken',
      summary: 'Obtain an access token',
      description:
        'Form-urlencoded only (JSON is invalid_request). client_credentials with the merchant id and secret in the body or as HTTP Basic; issues no refresh token. invalid_client is one answer for unknown client and wrong secret. After 10 invalid_client answers for one client id from one address within 15 minutes, that pair is refused with 429 (the right secret included) until the window ends; after 30 from one address whatever the client ids, that address is. Secret checks are admitted 4 per address and 4 at once in all (32 more wait their turn, addresses served in turn): beyond, 429 for the address or 503 for the endpoint, with Retry-After. The address is the peer, or the client named by X-Forwarded-For when the peer is a proxy the operator trusts (TRUST_PROXY).',
      tags: ['OAuth'],
      // HTTP Basic, or credentials in the form body (client_secret_post), or none (the public dashboard client).
      security: ['clientBasic', 'anonymous'],
      requestBody: { contentType: 'application/x-www-form-urlencoded', schema: tokenRequestSchema, examples: clientCredentialsRequest },
      responses: {
        '200': { ...json('Issued', tokenResponseSchema, noStore), examples: tokenIssued },
        '400': json('invalid_request (a body over 16 kB too: RFC 6749 answers every error but invalid_client with 400), unsupported_grant_type, invalid_grant, unauthorized_client (the authorization_code or refresh_token grant asked by another client than the dashboard)', oauthErrorSchema, noStore),
        '401': { ...json('invalid_client', oauthErrorSchema, { ...noStore, 'WWW-Authenticate': { description: 'Basic, when the client used HTTP Basic' } }), examples: invalidClient },
        '429': json('temporarily_unavailable: too many failed client authentications from this address (for this client id, or for any), or too many requests of this address at once; never for a dashboard grant (client_id=dashboard, no secret), which authenticates no client', oauthErrorSchema, {
          ...noStore,
          'Retry-After': { description: 'seconds', required: true },
        }),
        '503': json('temporarily_unavailable: the endpoint has no room for another secret check now', oauthErrorSchema, {
          ...noStore,
          'Retry-After': { description: 'seconds', required: true },
        }),
      },
    },
  },
  '/oauth/revoke': {
    post: {
      operationId: 'revokeToken',
      summary: "Revoke a dashboard refresh token (sign-out, RFC 7009)",
      description:
        'Form-urlencoded: token (the refresh token), token_type_hint (optional), client_id=dashboard (the public client, no secret). The whole family of the token is revoked, spent members and the newest included: none can be exchanged again. An unknown or already revoked token is answered 200 alike. Access tokens are short-lived JWTs and cannot be revoked: a token that is one of the service\'s valid access tokens, whatever the hint, or a token_type_hint=access_token naming no refresh token, is unsupported_token_type (the access token stays valid until it expires).',
      tags: ['OAuth'],
      security: ['anonymous'],
      requestBody: {
        contentType: 'application/x-www-form-urlencoded',
        schema: named('RevokeRequest', {
          type: 'object',
          required: ['token', 'client_id'],
          properties: { token: { type: 'string' }, token_type_hint: { type: 'string', enum: ['refresh_token', 'access_token'] }, client_id: { type: 'string', const: 'dashboard' } },
        }),
      },
      responses: {
        '200': { description: 'Revoked, or nothing to revoke (empty body)', headers: noStore },
        '400': json('invalid_request, unsupported_token_type, unauthorized_client (another client than the dashboard)', oauthErrorSchema, noStore),
        '401': json('invalid_client: client_id=dashboard sent with a client_secret, or HTTP Basic credentials for dashboard (the dashboard holds no secret); another client is 400 unauthorized_client', oauthErrorSchema, {
          ...noStore,
          'WWW-Authenticate': { description: 'Basic, when the client used HTTP Basic' },
        }),
        '429': json('temporarily_unavailable: too many failed client authentications from this address; never for the dashboard (client_id=dashboard, no secret)', oauthErrorSchema, { ...noStore, 'Retry-After': { description: 'seconds', required: true } }),
      },
    },
  },
  '/oauth/authorize': {
    get: {
      operationId: 'showAuthorizeForm',
      summary: 'Dashboard sign-in form (authorization code with PKCE S256)',
      tags: ['OAuth'],
      security: 'none',
      parameters: [...authorizeQuery, uiLocales],
      responses: { '200': html('The sign-in form'), '302': errorRedirect, '400': html('Unknown client or redirect URI: no redirect') },
    },
    post: {
      operationId: 'submitAuthorizeForm',
      summary: 'Dashboard sign-in',
      description:
        'The form the GET door served, sent back: the authorize parameters (as on the GET, checked again) with email and password. Right credentials: 302 to the redirect URI with code and state. Wrong ones: the form again, no hint of which part was wrong. Password checks are admitted a few per address and a few at once in all, others waiting their turn: beyond, 429 for the address or 503 for the door, with Retry-After.',
      tags: ['OAuth'],
      security: 'none',
      requestBody: {
        contentType: 'application/x-www-form-urlencoded',
        schema: named('AuthorizeForm', {
          type: 'object',
          required: [...authorizeQuery.filter((p) => p.required).map((p) => p.name), 'email', 'password'],
          properties: { ...authorizeFormFields, ui_locales: { type: 'string', description: uiLocales.description }, email: { type: 'string' }, password: { type: 'string' } },
        }),
      },
      responses: {
        '302': {
          description: `Redirect with code, state and iss (RFC 9207); or, for a request otherwise wrong, the error redirect: ${errorRedirect.description}`,
          headers: { Location: { description: 'the redirect URI with code, state and iss, or with error, error_description, state and iss', required: true } },
        },
        '200': html('The form again'),
        '400': html('Unknown client or redirect URI, or an unreadable form: no redirect'),
        '429': { ...html('Too many failed sign-ins for this address and email, or too many sign-ins in progress from this address'), headers: retryAfter },
        '503': { ...html('Too many sign-ins in progress in all: no room for another password check now'), headers: retryAfter },
      },
    },
  },
  '/.well-known/oauth-authorization-server': {
    get: {
      operationId: 'getAuthorizationServerMetadata',
      summary: 'OAuth authorization server metadata (RFC 8414)',
      description:
        'Issuer, endpoints, grant types, PKCE methods and client authentication methods, for OAuth client libraries to discover. The authorization response carries iss (RFC 9207). When the issuer (the server URL) has a path, the same metadata is also served at the host\'s root with that path after the well-known segment (RFC 8414 section 3.1), the address the libraries ask for.',
      tags: ['OAuth'],
      security: 'none',
      responses: { '200': json('The metadata', authorizationServerMetadataSchema) },
    },
  },
  '/api/me': {
    get: {
      operationId: 'getMe',
      summary: 'Who the access token proves',
      description: 'Takes no query parameter: any, even empty, is InvalidRequest naming it.',
      tags: ['Merchant API'],
      security: ['accessToken'],
      responses: { '200': { ...json('The caller', meSchema), examples: meAnswer }, ...withErrorExamples(errors('InvalidRequest', 'Unauthorized'), undeclaredQueryParameter, unauthorized) },
    },
  },
};

/**
 * The metadata where RFC 8414 section 3.1 puts it for an issuer with a path: at the host's root,
 * the path after the well-known segment (described only when the issuer has a path).
 */
export function metadataAtIssuerPath(issuerPath: string): PathSpecs {
  return {
    [`/.well-known/oauth-authorization-server${issuerPath}`]: {
      get: {
        operationId: 'getAuthorizationServerMetadataAtIssuerPath',
        summary: 'OAuth authorization server metadata at the issuer\'s path (RFC 8414 section 3.1)',
        description: `The same metadata, at the host's root rather than under the server URL: the proxy in front of the service forwards this address unchanged. The path ends with the issuer's path (${issuerPath}).`,
        tags: ['OAuth'],
        security: 'none',
        responses: { '200': json('The metadata', authorizationServerMetadataSchema) },
      },
    },
  };
}

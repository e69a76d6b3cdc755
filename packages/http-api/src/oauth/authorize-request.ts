import type { DashboardClient } from '@splitpay/application';
import { S256_CHALLENGE_PATTERN } from '@splitpay/application';
import { singleParams } from './form-params';
import { loginLocaleOf, type LoginLocale } from './login-texts';

/** Parameters of GET /oauth/authorize, carried by the login form as hidden fields into the POST. */
export const AUTHORIZE_PARAMS = ['response_type', 'client_id', 'redirect_uri', 'state', 'code_challenge', 'code_challenge_method'] as const;

const MAX_STATE_LENGTH = 1024;

/** An authorization request every check passed. */
export interface ValidAuthorizeRequest {
  readonly clientId: string;
  readonly redirectUri: string;
  readonly codeChallenge: string;
  readonly state?: string;
  /** The sign-in form's language (`ui_locales`); it changes nothing else. */
  readonly locale: LoginLocale;
}

export type AuthorizeCheck =
  | { readonly kind: 'valid'; readonly request: ValidAuthorizeRequest }
  /** Unknown client or unregistered redirect URI: an error page, never a redirect (RFC 6749 4.1.2.1). */
  | { readonly kind: 'error-page'; readonly message: string }
  /** Anything else wrong, once the redirect URI is trusted: the error goes back to the client. */
  | {
      readonly kind: 'redirect-error';
      readonly redirectUri: string;
      readonly error: 'invalid_request' | 'unsupported_response_type';
      readonly description: string;
      readonly state?: string;
    };

/**
 * Checks an authorization request for the dashboard client: its exact redirect URI first (nothing is
 * redirected to an unregistered address), then `response_type=code` and PKCE with S256 only (a
 * missing challenge, or the `plain` method, is refused).
 */
export function checkAuthorizeRequest(source: unknown, dashboard: DashboardClient): AuthorizeCheck {
  const clientId = singleParams(source, ['client_id']);
  if (clientId.kind !== 'ok' || clientId.params.client_id !== dashboard.clientId) {
    return { kind: 'error-page', message: 'This sign-in link names an unknown application.' };
  }
  const redirect = singleParams(source, ['redirect_uri']);
  const redirectUri = redirect.kind === 'ok' ? redirect.params.redirect_uri : undefined;
  if (redirectUri === undefined || !dashboard.allowsRedirect(redirectUri)) {
    return { kind: 'error-page', message: 'This sign-in link names a return address that is not registered.' };
  }
  const read = singleParams(source, AUTHORIZE_PARAMS);
  const stateParam = singleParams(source, ['state']);
  const state = stateParam.kind === 'ok' && stateParam.params.state !== undefined && stateParam.params.state.length <= MAX_STATE_LENGTH ? stateParam.params.state : undefined;
  const refuse = (error: 'invalid_request' | 'unsupported_response_type', description: string): AuthorizeCheck => ({
    kind: 'redirect-error',
    redirectUri,
    error,
    description,
    ...(state === undefined ? {} : { state }),
  });
  if (read.kind === 'repeated') return refuse('invalid_request', `Parameter ${read.name} is repeated`);
  const { params } = read;
  if (params.state !== undefined && params.state.length > MAX_STATE_LENGTH) return refuse('invalid_request', `state is longer than ${MAX_STATE_LENGTH} characters`);
  if (params.response_type === undefined) return refuse('invalid_request', 'response_type is required');
  if (params.response_type !== 'code') return refuse('unsupported_response_type', 'Only response_type=code is supported');
  if (params.code_challenge === undefined) return refuse('invalid_request', 'PKCE is required: code_challenge is missing');
  if (params.code_challenge_method !== 'S256') return refuse('invalid_request', 'PKCE code_challenge_method must be S256');
  if (!S256_CHALLENGE_PATTERN.test(params.code_challenge)) return refuse('invalid_request', 'code_challenge is not an S256 challenge');
  const uiLocales = singleParams(source, ['ui_locales']);
  const locale = loginLocaleOf(uiLocales.kind === 'ok' ? uiLocales.params.ui_locales : undefined);
  return {
    kind: 'valid',
    request: { clientId: dashboard.clientId, redirectUri, codeChallenge: params.code_challenge, ...(state === undefined ? {} : { state }), locale },
  };
}

/** The redirect URI with response parameters added to its query (its own query is kept). */
export function redirectWith(redirectUri: string, params: Readonly<Record<string, string | undefined>>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, value);
  return url.toString();
}

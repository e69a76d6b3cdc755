import type { Examples } from '../operation';

/** Examples of the token endpoint and GET /api/me. The credentials are the README's demo ones, never real. */

const ACCESS_TOKEN_EXPIRES_AT = 1_767_272_400_000;

export const clientCredentialsRequest: Examples = {
  clientSecretPost: {
    summary: 'client_credentials with the secret in the form body (or send it as HTTP Basic instead)',
    value: { grant_type: 'client_credentials', client_id: 'demo', client_secret: 'demo-secret' },
  },
};

export const tokenIssued: Examples = {
  clientCredentials: {
    summary: 'One token serves every /api call of the merchant until it lapses: cache it; no refresh token',
    value: { access_token: 'eyJhbGciOiJIUzI1NiJ9.EXAMPLE-payload.EXAMPLE-signature', token_type: 'Bearer', expires_in: 3600 },
  },
};

export const invalidClient: Examples = {
  invalidClient: { summary: 'Unknown client or wrong secret: one answer for both', value: { error: 'invalid_client', error_description: 'Client authentication failed' } },
};

/** The demo merchant's contracts are all on the fake PSP. */
const DEMO_PROVIDERS = [{ id: 'fake', name: 'Fake PSP' }];

export const meAnswer: Examples = {
  client: { summary: "A merchant server's client_credentials token", value: { merchantId: 'demo', principal: 'client', expiresAt: ACCESS_TOKEN_EXPIRES_AT, providers: DEMO_PROVIDERS } },
  contact: {
    summary: "A dashboard contact's token (the replay door needs one)",
    value: { merchantId: 'demo', principal: 'contact', contact: { email: 'admin@demo.example', role: 'admin' }, expiresAt: ACCESS_TOKEN_EXPIRES_AT, providers: DEMO_PROVIDERS },
  },
};

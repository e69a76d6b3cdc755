import { createHash, randomBytes } from 'node:crypto';
import request from 'supertest';
import type { PasswordHasher } from '@splitpay/domain';
import { ManualClock } from '@splitpay/infra';
import { createEmbeddedStores, type EmbeddedStores } from '@splitpay/store-embedded';
import { createAppInstance, type AppInstance } from '../app-instance';
import { readConfig, type ServerConfig } from '../config';
import { loadMerchants } from '../merchants/load-merchants';
import { recordingApp } from './merchant-api.openapi-recorder.test-harness';
import { capturingLogger } from '../../test/support/captured-logs';
import { writeTempMerchantsFile } from '../../test/support/temp-merchants-file';

/** Test support for the auth area's integration tests: a composed instance over the embedded store. */

export const BASE_URL = 'https://pay.example.test';
export const DASHBOARD_CALLBACK = 'https://dashboard.example.test/callback';
export const OTHER_CALLBACK = 'http://localhost:3000/dashboard/callback';

export const ACME = {
  merchantId: 'acme',
  secret: 'acme client secret:1%',
  admin: { email: 'admin@acme.test', password: 'acme-admin-password' },
  member: { email: 'member@acme.test', password: 'acme-member-password' },
} as const;
export const GLOBEX = { merchantId: 'globex', secret: 'globex-client-secret', admin: { email: 'admin@globex.test', password: 'globex-admin-password' } } as const;

export function merchantsFixture(options: { withoutAcmeMember?: boolean } = {}): object {
  return {
    merchants: [
      {
        merchantId: ACME.merchantId,
        secret: ACME.secret,
        notificationUrl: 'https://acme.example.test/hooks',
        webhookAuthorization: 'Bearer acme-webhook-authorization',
        contracts: [{ method: 'card', provider: 'fake' }],
        contacts: [
          // Stored and matched case-insensitively.
          { email: 'Admin@Acme.test', password: ACME.admin.password, role: 'admin' },
          ...(options.withoutAcmeMember ? [] : [{ email: ACME.member.email, password: ACME.member.password, role: 'member' }]),
        ],
      },
      {
        merchantId: GLOBEX.merchantId,
        secret: GLOBEX.secret,
        contracts: [{ method: 'card', provider: 'fake' }],
        contacts: [{ email: GLOBEX.admin.email, password: GLOBEX.admin.password, role: 'admin' }],
      },
    ],
  };
}

export const writeMerchantsFile = (content: object): Promise<string> => writeTempMerchantsFile(content);

export interface AuthHarness {
  readonly instance: AppInstance;
  readonly app: AppInstance['app'];
  readonly stores: EmbeddedStores;
  readonly clock: ManualClock;
  readonly config: ServerConfig;
  /** The JSON lines the instance logged. */
  readonly logLines: string[];
  /** Loads a merchants file again (as a restart would). */
  reload(content: object): Promise<void>;
}

export async function authHarness(options: { env?: NodeJS.ProcessEnv; stores?: EmbeddedStores; clock?: ManualClock; passwordHasher?: PasswordHasher } = {}): Promise<AuthHarness> {
  const file = await writeMerchantsFile(merchantsFixture());
  const config: ServerConfig = {
    ...readConfig({ PUBLIC_BASE_URL: BASE_URL, DASHBOARD_REDIRECT_URIS: `${DASHBOARD_CALLBACK},${OTHER_CALLBACK}`, FAKE_PSP: 'on', SCRYPT_COST: '12,8,1', ...options.env }),
    merchantsFile: file,
  };
  const stores = options.stores ?? createEmbeddedStores();
  const { logger, lines } = capturingLogger();
  const clock = options.clock ?? new ManualClock(Date.UTC(2026, 0, 1));
  const instance = createAppInstance({ config, stores, logger, clock, ...(options.passwordHasher ? { passwordHasher: options.passwordHasher } : {}) });
  const load = (path: string) =>
    loadMerchants(path, { merchants: stores.merchants, hasher: instance.services.passwordHasher, sealer: instance.services.secretSealer, logger }).then(() => undefined);
  await load(file);
  return { instance, app: recordingApp(instance.app), stores, clock, config, logLines: lines, reload: async (content) => load(await writeMerchantsFile(content)) };
}

/** A PKCE pair: a random verifier and its S256 challenge. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function authorizeQuery(challenge: string, overrides: Record<string, string | undefined> = {}): Record<string, string> {
  const query: Record<string, string | undefined> = {
    response_type: 'code',
    client_id: 'dashboard',
    redirect_uri: DASHBOARD_CALLBACK,
    state: 'state-123',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...overrides,
  };
  return Object.fromEntries(Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/** Signs a contact in through the login form; answers the code the redirect carries. */
export async function signIn(
  app: AuthHarness['app'],
  who: { email: string; password: string },
  pkce: { challenge: string },
  overrides: Record<string, string | undefined> = {},
): Promise<string> {
  const res = await request(app)
    .post('/oauth/authorize')
    .type('form')
    .send({ ...authorizeQuery(pkce.challenge, overrides), email: who.email, password: who.password });
  if (res.status !== 302) throw new Error(`sign-in answered ${res.status}`);
  const code = new URL(res.headers.location as string).searchParams.get('code');
  if (!code) throw new Error('no code in the redirect');
  return code;
}

export function exchangeCode(app: AuthHarness['app'], code: string, verifier: string, overrides: Record<string, string | undefined> = {}) {
  const form = { grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: DASHBOARD_CALLBACK, client_id: 'dashboard', ...overrides };
  return request(app)
    .post('/oauth/token')
    .type('form')
    .send(Object.fromEntries(Object.entries(form).filter(([, v]) => v !== undefined)));
}

export function refresh(app: AuthHarness['app'], refreshToken: string) {
  return request(app).post('/oauth/token').type('form').send({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: 'dashboard' });
}

export async function clientToken(app: AuthHarness['app'], merchant: { merchantId: string; secret: string }): Promise<string> {
  const res = await request(app).post('/oauth/token').type('form').send({ grant_type: 'client_credentials', client_id: merchant.merchantId, client_secret: merchant.secret });
  if (res.status !== 200) throw new Error(`client_credentials answered ${res.status}`);
  return res.body.access_token as string;
}

/** A dashboard contact's access and refresh tokens, through the whole login. */
export async function contactTokens(app: AuthHarness['app'], who: { email: string; password: string }): Promise<{ accessToken: string; refreshToken: string }> {
  const pkce = pkcePair();
  const code = await signIn(app, who, pkce);
  const res = await exchangeCode(app, code, pkce.verifier);
  if (res.status !== 200) throw new Error(`code exchange answered ${res.status}`);
  return { accessToken: res.body.access_token as string, refreshToken: res.body.refresh_token as string };
}

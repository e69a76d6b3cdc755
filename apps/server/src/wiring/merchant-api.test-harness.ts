import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { PspRegistry, type DriverCapabilities, type PspDriver, type PspProvider, type Session } from '@splitpay/domain';
import { buildOpenApiDocument, createHttpApp, expectResponseMatchesOpenApi } from '@splitpay/http-api';
import { PromMetrics, ManualClock, UuidV7IdGenerator, WinstonLogger } from '@splitpay/infra';
import { createFakeProvider, FAKE_CAPABILITIES } from '@splitpay/psp-fake';
import { createEmbeddedStores, type EmbeddedStores } from '@splitpay/store-embedded';
import { ONEY_PLANS } from '../../test/support/merchants.fixture';
import { policyOf } from '../app-instance';
import { readConfig, type ServerConfig } from '../config';
import { loadMerchants } from '../merchants/load-merchants';
import { wireAuth } from './auth';
import { clientToken, contactTokens, DASHBOARD_CALLBACK, writeMerchantsFile } from './auth.test-harness';
import type { Core } from './core';
import { wireMerchantApi } from './merchant-api';
import { recordingApp } from './merchant-api.openapi-recorder.test-harness';

/** Test support of the merchant API: the auth and merchant-api wirings over the embedded store. */

export const BASE_URL = 'https://pay.example.test';
export const ACME = { merchantId: 'acme', secret: 'acme-client-secret', admin: { email: 'admin@acme.test', password: 'acme-admin-password' } } as const;
export const GLOBEX = { merchantId: 'globex', secret: 'globex-client-secret' } as const;

/** A second acquirer the platform carries (card and applepay), so provider choice can be ambiguous. */
export const SECOND_ACQUIRER = 'acquirer-b';

function stubProvider(id: string, methods: Record<string, DriverCapabilities>): PspProvider {
  const refuse = async (): Promise<never> => {
    throw new Error(`${id} is a creation-only stub`);
  };
  const drivers = Object.entries(methods).map(
    ([method, capabilities]) => ({ provider: id, method, capabilities, open: refuse, capture: refuse, void: refuse, refund: refuse }) as unknown as PspDriver,
  );
  return { id, drivers, parseNotification: refuse };
}

export function merchantsFixture(): object {
  return {
    merchants: [
      {
        merchantId: ACME.merchantId,
        secret: ACME.secret,
        notificationUrl: 'https://acme.example.test/hooks',
        webhookAuthorization: 'Bearer acme-webhook',
        contracts: [
          { method: 'card', provider: 'fake', partialAuth: true, partialRefunds: true, schemes: ['cb', 'visa', 'mastercard'] },
          { method: 'applepay', provider: 'fake' },
          { method: 'applepay', provider: SECOND_ACQUIRER },
          { method: 'paypal', provider: 'fake', countries: ['FR', 'BE'] },
          { method: 'wero', provider: 'fake', channels: ['web'] },
          { method: 'ancv', provider: 'fake' },
          { method: 'oney', provider: 'fake', partialRefunds: true, plans: ONEY_PLANS },
        ],
        contacts: [{ email: ACME.admin.email, password: ACME.admin.password, role: 'admin' }],
      },
      { merchantId: GLOBEX.merchantId, secret: GLOBEX.secret, contracts: [{ method: 'card', provider: 'fake' }], contacts: [] },
    ],
  };
}

export interface MerchantApiHarness {
  readonly app: ReturnType<typeof createHttpApp>;
  readonly stores: EmbeddedStores;
  readonly clock: ManualClock;
  readonly ids: UuidV7IdGenerator;
  readonly config: ServerConfig;
  /** Client tokens of acme and globex, and acme's admin contact token. */
  readonly tokens: { readonly acme: string; readonly globex: string; readonly acmeAdmin: string };
}

export async function merchantApiHarness(): Promise<MerchantApiHarness> {
  const config: ServerConfig = { ...readConfig({ PUBLIC_BASE_URL: BASE_URL, FAKE_PSP: 'on', DASHBOARD_REDIRECT_URIS: DASHBOARD_CALLBACK }), merchantsFile: await writeMerchantsFile(merchantsFixture()) };
  const stores = createEmbeddedStores();
  const logger = new WinstonLogger({ silent: true });
  const clock = new ManualClock(Date.UTC(2026, 0, 1));
  const ids = new UuidV7IdGenerator();
  const core: Core = { config, stores, clock, ids, logger, metrics: new PromMetrics(), policy: policyOf(config), instanceId: ids.newId() };
  const auth = wireAuth(core);
  const secret = randomBytes(16).toString('hex');
  const psps = new PspRegistry([
    createFakeProvider({ baseUrl: 'https://fake-psp.invalid', apiKey: secret, signingSecret: secret }),
    stubProvider(SECOND_ACQUIRER, { card: FAKE_CAPABILITIES.card, applepay: FAKE_CAPABILITIES.applepay }),
  ]);
  const api = wireMerchantApi(core, { accessTokens: auth.accessTokens, tokenMinter: auth.tokenMinter, psps });
  const app = recordingApp(createHttpApp({ logger, routers: [...auth.routers, ...api.routers] }));
  await loadMerchants(config.merchantsFile, { merchants: stores.merchants, hasher: auth.passwordHasher, sealer: auth.secretSealer, logger });
  const tokens = {
    acme: await clientToken(app, ACME),
    globex: await clientToken(app, GLOBEX),
    acmeAdmin: (await contactTokens(app, ACME.admin)).accessToken,
  };
  return { app, stores, clock, ids, config, tokens };
}

const document = buildOpenApiDocument();

/** A request through the app whose answer is checked against the OpenAPI document before it is returned. */
export async function call(
  app: MerchantApiHarness['app'],
  method: 'get' | 'post',
  url: string,
  options: { readonly token?: string; readonly body?: unknown } = {},
): Promise<request.Response> {
  let req = request(app)[method](url);
  if (options.token !== undefined) req = req.set('Authorization', `Bearer ${options.token}`);
  const res = options.body === undefined ? await req : await req.send(options.body as object);
  expectResponseMatchesOpenApi(document, method, url, res);
  return res;
}

/** A minimal valid creation body. */
export function sessionBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { currency: 'EUR', total: 10_000, orderId: 'order-1', methods: [{ method: 'card' }], ...overrides };
}

/** A session value for seeding the store directly (searches, reads). */
export function seededSession(h: MerchantApiHarness, merchantId: string, options: { createdAt: number; orderId?: string; transactions?: number }): Session {
  const id = h.ids.newId();
  const eur = { amount: 1000, currency: 'EUR' } as Session['total'];
  const txCount = options.transactions ?? 0;
  const transactions = Array.from({ length: txCount }, (_, i) => ({
    id: h.ids.newId(),
    createdAt: options.createdAt + i,
    updatedAt: options.createdAt + i,
    type: i === 0 ? ('authorization' as const) : ('capture' as const),
    amount: eur,
    providerRef: `ref-${id}-${i}`,
    status: { kind: 'succeeded' as const, statusCode: '00' },
  }));
  return {
    id,
    merchantId,
    orderId: options.orderId ?? `order-${id.slice(-8)}`,
    status: txCount > 0 ? 'PAID' : 'PENDING',
    total: eur,
    captured: txCount > 1 ? eur : { ...eur, amount: 0 },
    createdAt: options.createdAt,
    updatedAt: options.createdAt,
    expiresAt: options.createdAt + 900_000,
    version: 1,
    methods: [],
    attempts:
      txCount > 0
        ? [
            {
              id: h.ids.newId(),
              createdAt: options.createdAt,
              updatedAt: options.createdAt + txCount,
              method: 'card',
              methodId: 'card',
              provider: 'fake',
              operation: 'authorization',
              status: txCount > 1 ? 'CAPTURED' : 'AUTHORIZED',
              requested: eur,
              granted: eur,
              refunded: { ...eur, amount: 0 },
              cardScheme: 'visa',
              transactions,
            },
          ]
        : [],
    elementsTokenHash: randomBytes(32).toString('hex'),
  } as unknown as Session;
}

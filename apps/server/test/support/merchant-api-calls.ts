import { randomBytes } from 'node:crypto';
import request from 'supertest';
import type { DriverCapabilities, PspDriver, PspProvider, Session } from '@splitpay/domain';
import { buildOpenApiDocument, expectResponseMatchesOpenApi } from '@splitpay/http-api';
import { FAKE_CAPABILITIES } from '@splitpay/psp-fake';
import { clientToken, contactTokens, type RequestTarget } from './dashboard-login';
import { accountMerchants, ACME, GLOBEX, SECOND_ACQUIRER } from './merchants.fixture';
import { startService, type ServiceHarness, type ServiceHarnessOptions } from './service-harness';

/** Test support of the merchant API: the second acquirer, the merchants' tokens, checked calls, seeded sessions. */

/** SECOND_ACQUIRER as a provider that carries card and applepay and can only be chosen at creation. */
export function secondAcquirer(): PspProvider {
  const refuse = async (): Promise<never> => {
    throw new Error(`${SECOND_ACQUIRER} is a creation-only stub`);
  };
  const methods: Record<string, DriverCapabilities> = { card: FAKE_CAPABILITIES.card, applepay: FAKE_CAPABILITIES.applepay };
  const drivers = Object.entries(methods).map(
    ([method, capabilities]) => ({ provider: SECOND_ACQUIRER, method, capabilities, open: refuse, capture: refuse, void: refuse, refund: refuse }) as unknown as PspDriver,
  );
  return { id: SECOND_ACQUIRER, drivers, parseNotification: refuse };
}

/** Client tokens of acme and globex, and acme's admin contact token. */
export interface AccountTokens {
  readonly acme: string;
  readonly globex: string;
  readonly acmeAdmin: string;
}

export async function accountTokens(h: Pick<ServiceHarness, 'app'>): Promise<AccountTokens> {
  return {
    acme: await clientToken(h.app, ACME),
    globex: await clientToken(h.app, GLOBEX),
    acmeAdmin: (await contactTokens(h.app, ACME.admin)).accessToken,
  };
}

/** The service with the account merchants and the second acquirer, and the merchants' tokens. */
export async function startAccountService(options: Pick<ServiceHarnessOptions, 'stores'> = {}): Promise<{ h: ServiceHarness; tokens: AccountTokens }> {
  const h = await startService({ ...options, merchants: accountMerchants(), extraProviders: [secondAcquirer()] });
  return { h, tokens: await accountTokens(h) };
}

const document = buildOpenApiDocument();

/** A request through the app whose answer is checked against the OpenAPI document before it is returned. */
export async function call(
  app: RequestTarget,
  method: 'get' | 'post',
  url: string,
  options: { readonly token?: string; readonly body?: unknown; readonly headers?: Readonly<Record<string, string>> } = {},
): Promise<request.Response> {
  let req = request(app)[method](url);
  if (options.token !== undefined) req = req.set('Authorization', `Bearer ${options.token}`);
  for (const [name, value] of Object.entries(options.headers ?? {})) req = req.set(name, value);
  const res = options.body === undefined ? await req : await req.send(options.body as object);
  expectResponseMatchesOpenApi(document, method, url, res);
  return res;
}

/** A minimal valid creation body. */
export function sessionBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { currency: 'EUR', total: 10_000, orderId: 'order-1', methods: [{ method: 'card' }], ...overrides };
}

/** A session value for seeding the store directly (searches, reads). */
export function seededSession(h: Pick<ServiceHarness, 'ids'>, merchantId: string, options: { createdAt: number; orderId?: string; transactions?: number }): Session {
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

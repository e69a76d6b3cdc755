import { createHash, randomBytes } from 'node:crypto';
import { createEmbeddedStores, scanForSentinels } from '@splitpay/store-embedded';
import { acknowledge, WebhookReceiver } from '@splitpay/webhooks/src/testing/webhook-receiver';
import type { SessionView } from '@splitpay/domain';
import { useService } from '../support/use-service';

jest.setTimeout(30_000);

const CALLBACK = 'http://localhost:3000/dashboard/callback';
const sentinel = (what: string) => `${what}-${randomBytes(12).toString('hex')}`;

/**
 * Secrets, tokens and payer data (the payer's IP included) pushed through a whole flow over HTTP
 * (client token, session, card and Apple Pay payments, session-ended webhook, refund, chargeback,
 * dashboard login and refresh)
 * must appear in no stored document and no log line: only their hashes, seals or nothing.
 */
describe('no secret, token or payer data at rest or in the logs', () => {
  const receiver = new WebhookReceiver();
  const signingKey = randomBytes(32);
  const secrets = {
    clientSecret: sentinel('client-secret'),
    webhookAuthorization: `Bearer ${sentinel('webhook-authorization')}`,
    signingSecret: `whsec_${signingKey.toString('base64')}`,
    contactPassword: sentinel('contact-password'),
  };
  // The payer's IP, as the proxy in front of the service names it (a documentation address, random per run).
  const payerIp = `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}::${randomBytes(2).toString('hex')}`;
  const merchant = { merchantId: 'vault', secret: secrets.clientSecret };
  const contact = { email: 'ops@vault.test', password: secrets.contactPassword };
  // Embedded, so that every collection can be scanned in full.
  const stores = createEmbeddedStores();

  beforeAll(async () => {
    await receiver.start();
    receiver.script = () => acknowledge;
  });
  // The receiver's addresses are known once it listens.
  const h = useService(() => ({
    stores,
    // The limits' counters in the store too (as on MongoDB, D55), so the scan reads their keys.
    limitCounters: stores.hitCounters,
    env: { DASHBOARD_REDIRECT_URIS: CALLBACK, TRUST_PROXY: 'loopback' },
    merchants: {
      merchants: [
        {
          merchantId: merchant.merchantId,
          secret: merchant.secret,
          notificationUrl: receiver.url('/hooks/ended'),
          chargebackUrl: receiver.url('/hooks/chargebacks'),
          webhookAuthorization: secrets.webhookAuthorization,
          webhookSigningSecret: secrets.signingSecret,
          contracts: [
            { method: 'card', provider: 'fake', partialRefunds: true },
            { method: 'applepay', provider: 'fake', partialRefunds: true },
          ],
          contacts: [{ email: contact.email, password: contact.password, role: 'admin' }],
        },
      ],
    },
  }));
  afterAll(() => receiver.stop());

  const form = (fields: Record<string, string>) => ({
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });

  /** The dashboard login: authorize form, code, PKCE exchange, then one refresh rotation. */
  async function dashboardLogin() {
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const authorize = await fetch(`${h.url}/oauth/authorize`, {
      ...form({ response_type: 'code', client_id: 'dashboard', redirect_uri: CALLBACK, state: 's', code_challenge: challenge, code_challenge_method: 'S256', ...contact }),
      redirect: 'manual',
    });
    expect(authorize.status).toBe(302);
    const code = new URL(authorize.headers.get('location') ?? '').searchParams.get('code') ?? '';
    const exchanged = await fetch(`${h.url}/oauth/token`, form({ grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: CALLBACK, client_id: 'dashboard' }));
    expect(exchanged.status).toBe(200);
    const first = (await exchanged.json()) as { access_token: string; refresh_token: string };
    const refreshed = await fetch(`${h.url}/oauth/token`, form({ grant_type: 'refresh_token', refresh_token: first.refresh_token, client_id: 'dashboard' }));
    expect(refreshed.status).toBe(200);
    const second = (await refreshed.json()) as { access_token: string; refresh_token: string };
    return { code, verifier, accessTokens: [first.access_token, second.access_token], refreshTokens: [first.refresh_token, second.refresh_token] };
  }

  it('leaves only hashes and seals behind a whole flow', async () => {
    const cardNumber = '4242424242424242';
    const paymentToken = sentinel('APPLEPAY-TOKEN');
    const accessToken = await h.clientToken(merchant);
    const opened = await h.openPage({ currency: 'EUR', total: 9_000, orderId: 'vault-1', methods: [{ method: 'card' }, { method: 'applepay' }] }, merchant);
    const { sessionId } = opened;
    // A creation under an idempotency-key, retried: its token is derived again from a salt, never stored (D63).
    const keyedCreation = () =>
      fetch(`${h.url}/api/sessions`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json', 'Idempotency-Key': 'vault-keyed' },
        body: JSON.stringify({ currency: 'EUR', total: 1_000, orderId: 'vault-keyed', methods: [{ method: 'card' }] }),
      }).then(async (res) => (await res.json()) as { elementsToken: string });
    const keyed = await keyedCreation();
    expect((await keyedCreation()).elementsToken).toBe(keyed.elementsToken);
    // The payer's start and confirm name its IP: handed to the drivers, kept nowhere.
    const page = opened.page.behindProxy(payerIp);

    expect((await page.payByCard('card', 4_000, cardNumber)).status).toBe(201);
    await page.waitFor((v: SessionView) => v.attempts[0]?.status === 'AUTHORIZED');
    const wallet = await page.start({ methodId: 'applepay', amount: 5_000, input: { method: 'applepay' } });
    expect(wallet.status).toBe(201);
    expect((await page.confirm(wallet.body.attemptId!, paymentToken)).status).toBe(200);
    expect((await page.waitFor((v) => v.status === 'PAID')).status).toBe('PAID');

    await h.runWorkers();
    const ended = receiver.callsTo('/hooks/ended');
    expect(ended).toHaveLength(1);
    expect(ended[0]!.headers.authorization).toBe(secrets.webhookAuthorization);

    const refund = await fetch(`${h.url}/api/sessions/${sessionId}/refund`, { method: 'POST', headers: { Authorization: `Bearer ${accessToken}` } });
    expect(refund.status).toBe(202);
    const stored = await h.stores.sessions.findById(sessionId as never);
    const capture = stored!.attempts[0]!.transactions.find((t) => t.type === 'capture')!;
    const chargeback = await fetch(`${h.url}/fake-psp/chargebacks`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ providerRef: capture.providerRef, amount: 1_000 }),
    });
    expect(chargeback.status).toBe(202);
    const login = await dashboardLogin();
    // Refused tries are counted in the store (D55): by digest, never the email, password, client id or secret typed.
    const typed = { email: `${sentinel('typed-email')}@vault.test`, password: sentinel('typed-password'), clientId: sentinel('typed-client-id'), secret: sentinel('typed-secret') };
    const refusedSignIn = await fetch(`${h.url}/oauth/authorize`, {
      ...form({ response_type: 'code', client_id: 'dashboard', redirect_uri: CALLBACK, state: 's', code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', code_challenge_method: 'S256', email: typed.email, password: typed.password }),
      redirect: 'manual',
    });
    expect(refusedSignIn.status).toBe(200);
    expect((await fetch(`${h.url}/oauth/token`, form({ grant_type: 'client_credentials', client_id: typed.clientId, client_secret: typed.secret }))).status).toBe(401);
    const deadline = Date.now() + 5_000;
    while (receiver.callsTo('/hooks/chargebacks').length === 0 && Date.now() < deadline) {
      await h.runWorkers();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(receiver.callsTo('/hooks/chargebacks')).toHaveLength(1);

    const sentinels = {
      ...secrets,
      signingKey: signingKey.toString('base64'),
      signingKeyHex: signingKey.toString('hex'),
      accessToken,
      elementsToken: page.token,
      keyedElementsToken: keyed.elementsToken,
      cardNumber,
      paymentToken,
      payerIp,
      authorizationCode: login.code,
      codeVerifier: login.verifier,
      typedEmail: typed.email,
      typedPassword: typed.password,
      typedClientId: typed.clientId,
      typedSecret: typed.secret,
      ...Object.fromEntries(login.accessTokens.map((t, i) => [`contactAccessToken${i}`, t])),
      ...Object.fromEntries(login.refreshTokens.map((t, i) => [`refreshToken${i}`, t])),
    };
    // The flow did store what it should have: sessions, search entries, the chargeback, the grants.
    const collections = stores.database.listCollections().filter((c) => c.dump().length > 0).map((c) => c.name);
    expect(collections).toEqual(expect.arrayContaining(['sessions', 'merchant_accounts', 'chargebacks', 'refresh_tokens', 'rate_limit_counters']));
    expect(scanForSentinels(stores, Object.values(sentinels))).toEqual([]);
    const counterKeys = stores.database.listCollections().find((c) => c.name === 'rate_limit_counters')!.dump().map((doc) => String(doc._id));
    expect(counterKeys).toEqual(expect.arrayContaining([expect.stringMatching(/^oauth:signin:email:/), expect.stringMatching(/^oauth:token:client:/)]));
    expect(h.logLines.some((line) => line.includes('notification.delivered'))).toBe(true);
    const leaks = Object.entries(sentinels).flatMap(([name, value]) => h.logLines.filter((line) => line.includes(value)).map((line) => `${name}: ${line}`));
    expect(leaks).toEqual([]);
  });

  it('would see a sentinel that reached a document or a log line (the scan is not blind)', async () => {
    const marker = sentinel('marker');
    await h.stores.merchants.upsert({ ...(await h.stores.merchants.findById(merchant.merchantId as never))!, contacts: [{ email: `${marker}@x.test`, passwordHash: 'h', role: 'member' }] });
    expect(scanForSentinels(stores, [marker])).toEqual([expect.objectContaining({ collection: 'merchant_accounts', sentinel: marker })]);
    h.instance.core.logger.info('test.marker', { marker });
    expect(h.logLines.some((line) => line.includes(marker))).toBe(true);
  });
});

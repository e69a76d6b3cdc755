import { readFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { merchantId } from '@splitpay/domain';
import { CapturingLogger } from '@splitpay/domain/src/testing';
import { AesGcmSecretSealer, ScryptPasswordHasher } from '@splitpay/infra';
import { createEmbeddedStores } from '@splitpay/store-embedded';
import { DEMO_MERCHANTS_FILE } from '../config';
import { loadMerchants, type LoadMerchantsDeps } from './load-merchants';
import { MerchantsFileError } from './merchants-file.error';
import { writeTempMerchantsFile } from '../../test/support/temp-merchants-file';

const hasher = new ScryptPasswordHasher({ cost: { logN: 10, r: 8, p: 1 } });
const sealer = new AesGcmSecretSealer({ key: randomBytes(32) });

function setup(): LoadMerchantsDeps & { stores: ReturnType<typeof createEmbeddedStores> } {
  const stores = createEmbeddedStores();
  return { stores, merchants: stores.merchants, hasher, sealer, logger: new CapturingLogger() };
}

const fileWith = (content: unknown): Promise<string> => writeTempMerchantsFile(content);

const acme = () => ({
  merchantId: 'acme',
  secret: 'acme-client-secret',
  notificationUrl: 'https://acme.example.test/hooks',
  webhookAuthorization: 'Bearer acme-hook-secret',
  contracts: [{ method: 'card', provider: 'fake', schemes: ['visa'] }],
  contacts: [{ email: 'Ops@Acme.test', password: 'acme-ops-password', role: 'admin' }],
});
const globex = () => ({ merchantId: 'globex', secret: 'globex-client-secret', webhookAuthorization: 'Bearer globex-hook', contracts: [{ method: 'paypal', provider: 'fake' }] });

/** A contract's settings at the real provider `oney` (its declaration is the platform's). */
const oneySettings = (countryCode: string) => ({ apiKey: 'oney-api-key-SECRET', merchantGuid: 'merchant-guid', pspGuid: 'psp-guid', countryCode, environment: 'staging' });

const DEMO_SIGNING_SECRET = 'whsec_c3BsaXRwYXkgZGVtbyB3ZWJob29rcywgbm90IHJlYWw=';

describe('loadMerchants: good files', () => {
  it('loads the demo file: hashes, sealed secrets, the documented demo signing secret, normalized contacts', async () => {
    const deps = { ...setup(), publicBaseUrl: 'http://localhost:3000' };
    expect(await loadMerchants(DEMO_MERCHANTS_FILE, deps)).toEqual(['demo']);
    const demo = await deps.merchants.findById(merchantId('demo'));
    expect(demo).not.toBeNull();
    expect([demo!.notificationUrl, demo!.chargebackUrl]).toEqual(['http://localhost:3000/demo/webhooks', 'http://localhost:3000/demo/webhooks']);
    await expect(hasher.verify('demo-secret', demo!.secretHash)).resolves.toBe(true);
    expect(sealer.open(demo!.webhookAuthorizationSealed!)).toBe('Bearer demo-webhook-secret');
    // A fixed demo secret, printed in the README, so that a developer can verify the demo's webhook signatures.
    expect(sealer.open(demo!.webhookSigningSecretSealed)).toBe(DEMO_SIGNING_SECRET);
    expect(readFileSync(path.join(__dirname, '../../../../README.md'), 'utf8')).toContain(`\`${DEMO_SIGNING_SECRET}\``);
    expect(demo!.contracts.map((c) => c.method)).toEqual(['card', 'applepay', 'paypal', 'wero', 'ancv', 'oney']);
    expect(demo!.contacts.map((c) => [c.email, c.role])).toEqual([
      ['admin@demo.test', 'admin'],
      ['member@demo.test', 'member'],
    ]);
    await expect(hasher.verify('demo-admin-password', demo!.contacts[0]!.passwordHash)).resolves.toBe(true);
    expect((await deps.merchants.findByContactEmail('member@demo.test'))?.merchantId).toBe('demo');

    const stored = JSON.stringify(deps.stores.database.listCollections().map((c) => c.dump()));
    for (const secret of ['demo-secret', 'demo-admin-password', 'demo-member-password', 'demo-webhook-secret', sealer.open(demo!.webhookSigningSecretSealed)]) {
      expect(stored).not.toContain(secret);
    }
  });

  it('points webhook URLs that start with ${PUBLIC_BASE_URL} at the service, whatever its port; without a base URL the file is refused', async () => {
    const file = await fileWith({ merchants: [{ ...acme(), notificationUrl: '${PUBLIC_BASE_URL}/demo/webhooks', chargebackUrl: '${PUBLIC_BASE_URL}/demo/chargebacks' }] });
    const deps = { ...setup(), publicBaseUrl: 'http://127.0.0.1:4123' };
    await loadMerchants(file, deps);
    const acmeAccount = await deps.merchants.findById(merchantId('acme'));
    expect([acmeAccount!.notificationUrl, acmeAccount!.chargebackUrl]).toEqual(['http://127.0.0.1:4123/demo/webhooks', 'http://127.0.0.1:4123/demo/chargebacks']);

    await expect(loadMerchants(file, setup())).rejects.toThrow(/merchants\[0\].*notificationUrl/);
  });

  it('stores the nation of national financing contracts, and none where the file gives none', async () => {
    const deps = setup();
    const plans = [{ installments: 3, withFees: false }];
    const contracts = [
      { id: 'oney-fr', method: 'oney', provider: 'fake', nation: 'FR', plans },
      { id: 'oney-es', method: 'oney', provider: 'fake', nation: 'ES', plans },
      { id: 'oney-any', method: 'oney', provider: 'fake', plans },
    ];
    await loadMerchants(await fileWith({ merchants: [{ ...globex(), contracts }] }), deps);
    const stored = await deps.merchants.findById(merchantId('globex'));
    expect(stored?.contracts.map((c) => [c.id, c.nation])).toEqual([
      ['oney-fr', 'FR'],
      ['oney-es', 'ES'],
      ['oney-any', undefined],
    ]);
  });

  it("loads national Oney contracts whose countryCode is their nation (Oney's SP is ES), and contracts told apart by a whitelist", async () => {
    const deps = setup();
    const contracts = [
      { id: 'oney-fr', method: 'oney', provider: 'oney', nation: 'FR', settings: oneySettings('FR') },
      { id: 'oney-es', method: 'oney', provider: 'oney', nation: 'ES', settings: oneySettings('SP') },
      { id: 'oney-any', method: 'oney', provider: 'oney', settings: oneySettings('FR') },
      { id: 'oney-es-web', method: 'oney', provider: 'oney', nation: 'ES', channels: ['web'], settings: oneySettings('SP') },
    ];
    await loadMerchants(await fileWith({ merchants: [{ ...globex(), contracts }] }), deps);
    const stored = await deps.merchants.findById(merchantId('globex'));
    expect(stored?.contracts.map((c) => [c.id, c.nation, c.settings?.countryCode])).toEqual([
      ['oney-fr', 'FR', 'FR'],
      ['oney-es', 'ES', 'SP'],
      ['oney-any', undefined, 'FR'],
      ['oney-es-web', 'ES', 'SP'],
    ]);
  });

  it('keeps a given secretHash and passwordHash, and seals a given signing secret', async () => {
    const deps = setup();
    const secretHash = await hasher.hash('pre-hashed-secret');
    const passwordHash = await hasher.hash('pre-hashed-password');
    const signing = `whsec_${randomBytes(32).toString('base64')}`;
    const { secret: _secret, ...rest } = acme();
    await loadMerchants(await fileWith({ merchants: [{ ...rest, secretHash, webhookSigningSecret: signing, contacts: [{ email: 'ops@acme.test', passwordHash, role: 'member' }] }] }), deps);
    const account = await deps.merchants.findById(merchantId('acme'));
    expect(account?.secretHash).toBe(secretHash);
    expect(account?.contacts[0]?.passwordHash).toBe(passwordHash);
    expect(sealer.open(account!.webhookSigningSecretSealed)).toBe(signing);
  });

  it('takes plain http account addresses on the hosts session creation takes it for: those that cannot exist on the public internet', async () => {
    const deps = setup();
    const local = { notificationUrl: 'http://notifier.shop.svc.cluster.local:8080/hooks', chargebackUrl: 'http://[::ffff:127.0.0.1]:4000/cb' };
    await loadMerchants(await fileWith({ merchants: [{ ...acme(), ...local }] }), deps);
    const account = await deps.merchants.findById(merchantId('acme'));
    expect([account?.notificationUrl, account?.chargebackUrl]).toEqual([local.notificationUrl, local.chargebackUrl]);
  });

  it('keeps a generated signing secret across restarts, and upserts changes', async () => {
    const deps = setup();
    await loadMerchants(await fileWith({ merchants: [acme()] }), deps);
    const first = sealer.open((await deps.merchants.findById(merchantId('acme')))!.webhookSigningSecretSealed);
    await loadMerchants(await fileWith({ merchants: [{ ...acme(), secret: 'rotated-client-secret' }] }), deps);
    const second = await deps.merchants.findById(merchantId('acme'));
    expect(sealer.open(second!.webhookSigningSecretSealed)).toBe(first);
    await expect(hasher.verify('rotated-client-secret', second!.secretHash)).resolves.toBe(true);
  });
});

describe('loadMerchants: bad files stop the start naming the entry and the field', () => {
  const cases: Array<[string, unknown, string]> = [
    ['not JSON', '{ "merchants": [', 'is not valid JSON'],
    ['no merchants list', { accounts: [] }, 'field merchants is required'],
    ['a stray top-level field', { merchants: [], accounts: [] }, 'field accounts is not a known field'],
    ['missing contracts', { merchants: [globex(), { merchantId: 'acme', secret: 'acme-client-secret', webhookAuthorization: 'Bearer acme-hook' }] }, 'merchants[1] (merchantId "acme"): field contracts is required'],
    ['unknown contract field', { merchants: [{ ...globex(), contracts: [{ method: 'card', provder: 'fake' }] }] }, 'merchants[0] (merchantId "globex"): field contracts[0].provider is required'],
    ['misspelt optional field', { merchants: [{ ...globex(), contracts: [{ method: 'card', provider: 'fake', partialRefund: true }] }] }, 'merchants[0] (merchantId "globex"): field contracts[0].partialRefund is not a known field'],
    ['unknown method', { merchants: [{ ...globex(), contracts: [{ method: 'bitcoin', provider: 'fake' }] }] }, 'field contracts[0].method must be one of card, applepay, paypal, wero, oney, ancv'],
    ['unknown role', { merchants: [{ ...acme(), contacts: [{ email: 'a@acme.test', password: 'long-enough-pw', role: 'owner' }] }] }, 'merchants[0] (merchantId "acme"): field contacts[0].role must be one of admin, member'],
    ['bad email', { merchants: [{ ...acme(), contacts: [{ email: 'not-an-email', password: 'long-enough-pw', role: 'admin' }] }] }, 'field contacts[0].email must match format "email"'],
    ['short password', { merchants: [{ ...acme(), contacts: [{ email: 'a@acme.test', password: 'short', role: 'admin' }] }] }, 'field contacts[0].password must NOT have fewer than 8 characters'],
    ['no merchant id', { merchants: [{ secret: 'some-secret-1', contracts: [] }] }, 'merchants[0]: field merchantId is required'],
    ['bad merchant id', { merchants: [{ ...globex(), merchantId: 'has space' }] }, 'merchants[0] (merchantId "has space"): field merchantId must match pattern'],
    ['secret and secretHash', { merchants: [{ ...globex(), secretHash: '$scrypt$x' }] }, 'merchants[0] (merchantId "globex"): field secret: give either secret or secretHash, not both'],
    ['neither secret nor hash', { merchants: [{ merchantId: 'globex', webhookAuthorization: 'Bearer globex-hook', contracts: [] }] }, 'field secret: one of secret or secretHash is required'],
    ['secretHash not scrypt', { merchants: [{ merchantId: 'globex', secretHash: '$2b$12$abcdefghijklmnopqrstuv', webhookAuthorization: 'Bearer globex-hook', contracts: [] }] }, 'field secretHash: is not a scrypt hash'],
    ['contact without password', { merchants: [{ ...acme(), contacts: [{ email: 'a@acme.test', role: 'admin' }] }] }, 'field contacts[0].password: one of password or passwordHash is required'],
    ['no webhookAuthorization, even without an account address (a session may bring its own notificationUrl)', { merchants: [{ merchantId: 'globex', secret: 'globex-client-secret', contracts: [] }] }, 'merchants[0] (merchantId "globex"): field webhookAuthorization is required'],
    ['notificationUrl without authorization', { merchants: [{ merchantId: 'globex', secret: 'globex-client-secret', contracts: [], notificationUrl: 'https://globex.example.test/hooks' }] }, 'merchants[0] (merchantId "globex"): field webhookAuthorization is required'],
    ['plain http on a public host', { merchants: [{ ...acme(), notificationUrl: 'http://acme.example.test/hooks' }] }, 'merchants[0] (merchantId "acme"): field notificationUrl: must be https: plain http is only for local hosts'],
    ['not a URL', { merchants: [{ ...acme(), chargebackUrl: 'acme hooks' }] }, 'field chargebackUrl must match format "uri"'],
    // Credentials in the address would make the HTTP client send Basic auth instead of the agreed authorization value.
    ['notificationUrl carrying credentials', { merchants: [{ ...acme(), notificationUrl: 'https://hook-user:hook-pass@acme.example.test/hooks' }] }, 'merchants[0] (merchantId "acme"): field notificationUrl: must not carry credentials (user:password@)'],
    ['chargebackUrl carrying a user name', { merchants: [{ ...acme(), chargebackUrl: 'https://hook-user@acme.example.test/cb' }] }, 'merchants[0] (merchantId "acme"): field chargebackUrl: must not carry credentials (user:password@)'],
    // HTTP clients rewrite such values on the way out; the receiver must get the agreed value verbatim (Delivery rule 3).
    ...['Bearer s3cret-\u20ac', 'Bearer other-secret\n', ' Bearer padded', 'Bearer padded ', 'Token a\u00a0b', 'Bearer a\r\nX-Injected: 1', 'Bearer \u0007bell'].map(
      (value): [string, unknown, string] => [
        `a webhookAuthorization HTTP would not carry unchanged: ${JSON.stringify(value)}`,
        { merchants: [{ ...acme(), webhookAuthorization: value }] },
        'merchants[0] (merchantId "acme"): field webhookAuthorization: must be visible ASCII characters, with spaces or tabs only between them',
      ],
    ),
    ['bad signing secret', { merchants: [{ ...acme(), webhookSigningSecret: 'whsec_c2hvcnQ=' }] }, 'field webhookSigningSecret: must be whsec_ followed by base64 of 24 to 64 bytes'],
    ['nation not a country code', { merchants: [{ ...globex(), contracts: [{ method: 'oney', provider: 'fake', nation: 'fr' }] }] }, 'merchants[0] (merchantId "globex"): field contracts[0].nation must be an ISO 3166-1 alpha-2 country code'],
    ['nation on a method that is not financing', { merchants: [{ ...globex(), contracts: [{ method: 'card', provider: 'fake', nation: 'FR' }] }] }, 'merchants[0] (merchantId "globex"): field contracts[0].nation: only a financing contract (oney) has a nation'],
    [
      'two national contracts at one provider without ids',
      { merchants: [{ ...globex(), contracts: [{ method: 'oney', provider: 'fake', nation: 'FR' }, { method: 'oney', provider: 'fake', nation: 'ES' }] }] },
      'field contracts[1]: contract id "oney:fake" is already used by contracts[0]',
    ],
    [
      "an Oney contract whose countryCode is another country than its nation",
      { merchants: [{ ...globex(), contracts: [{ id: 'oney-es', method: 'oney', provider: 'oney', nation: 'ES', settings: oneySettings('FR') }] }] },
      'merchants[0] (merchantId "globex"): field contracts[0].settings.countryCode: "FR" is not the nation "ES" of contract "oney-es": provider "oney" would price and file its loans under another country\'s contract',
    ],
    [
      "an Oney contract of nation SP (Oney's SP is ES)",
      { merchants: [{ ...globex(), contracts: [{ id: 'oney-sp', method: 'oney', provider: 'oney', nation: 'SP', settings: oneySettings('SP') }] }] },
      'field contracts[0].settings.countryCode: "SP" (ES) is not the nation "SP" of contract "oney-sp"',
    ],
    [
      'two national contracts of one nation with the same whitelists',
      {
        merchants: [
          {
            ...globex(),
            contracts: [
              { id: 'oney-es', method: 'oney', provider: 'fake', nation: 'ES', countries: ['ES', 'PT'] },
              { id: 'oney-es-bis', method: 'oney', provider: 'fake', nation: 'ES', countries: ['PT', 'ES'] },
            ],
          },
        ],
      },
      'merchants[0] (merchantId "globex"): field contracts[1]: contract "oney-es-bis" has the method, provider, nation, countries and channels of contract "oney-es" (contracts[0]), so it could never be chosen',
    ],
    [
      'two contracts of one method and provider, no nation, no whitelists',
      { merchants: [{ ...globex(), contracts: [{ id: 'card-a', method: 'card', provider: 'fake' }, { method: 'paypal', provider: 'fake' }, { id: 'card-b', method: 'card', provider: 'fake' }] }] },
      'field contracts[2]: contract "card-b" has the method, provider, nation, countries and channels of contract "card-a" (contracts[0]), so it could never be chosen',
    ],
    ['duplicate plan', { merchants: [{ ...globex(), contracts: [{ method: 'oney', provider: 'fake', plans: [{ installments: 3, withFees: false }, { installments: 3, withFees: false }] }] }] }, 'field contracts[0].plans[1]: the same plan'],
    ['duplicate merchant id', { merchants: [acme(), globex(), { ...globex(), secret: 'other-secret-1' }] }, 'merchants[2] (merchantId "globex"): field merchantId is already used by merchants[1]'],
    ['reserved merchant id', { merchants: [{ ...globex(), merchantId: 'dashboard' }] }, 'merchants[0] (merchantId "dashboard"): field merchantId: "dashboard" is reserved'],
    [
      'contact email on two accounts',
      { merchants: [acme(), { ...globex(), contacts: [{ email: 'ops@ACME.test', password: 'another-password', role: 'member' }] }] },
      'merchants[1] (merchantId "globex"): field contacts[0].email is already a contact of merchants[0] (merchantId "acme")',
    ],
  ];

  it.each(cases)('%s', async (_name, content, message) => {
    const deps = setup();
    const file = await fileWith(content);
    const failure = loadMerchants(file, deps);
    await expect(failure).rejects.toBeInstanceOf(MerchantsFileError);
    await expect(failure).rejects.toThrow(`MERCHANTS_FILE ${file}: `);
    await expect(failure).rejects.toThrow(message);
  });

  it('refuses a webhookAuthorization HTTP would change without quoting it, and takes inner spaces and tabs', async () => {
    const failure = loadMerchants(await fileWith({ merchants: [{ ...acme(), webhookAuthorization: 'Bearer s3cret-\u20ac' }] }), setup());
    const message = await failure.then(() => '', (error: unknown) => (error as Error).message);
    expect(message).toContain('field webhookAuthorization');
    expect(message).not.toContain('s3cret');
    await expect(loadMerchants(await fileWith({ merchants: [{ ...acme(), webhookAuthorization: 'Custom a\tb  c~!' }] }), setup())).resolves.toBeDefined();
  });

  it("says where a file stops being JSON (line and column), never quoting the parser's message or the file's text", async () => {
    // Single quotes around a secret: Node's own message would print the secret's first characters.
    const text = '{\n  "merchants": [\n    { "merchantId": "acme", "secret": \'sk_live_TOPSECRET\' }\n  ]\n}\n';
    const file = await fileWith(text);
    const failure = loadMerchants(file, setup());
    await expect(failure).rejects.toThrow(`MERCHANTS_FILE ${file}: is not valid JSON at line 3, column 39`);
    const message = await failure.then(() => '', (error: unknown) => (error as Error).message);
    for (const leak of ['sk_live', "'", 'Unexpected', 'acme']) expect(message).not.toContain(leak);
  });

  it.each([
    ['an unfinished file', '{ "merchants": [', 'at line 1, column 17 (the file ends too early)'],
    ['a trailing comma', '{ "merchants": [],\n}', 'at line 2, column 1'],
    ['text after the document', '{ "merchants": [] } x', 'at line 1, column 21'],
    ['a raw line break inside a string', '{ "merchants": [{ "secret": "ab\ncd" }] }', 'at line 1, column 32'],
  ])('locates %s', async (_name, text, where) => {
    await expect(loadMerchants(await fileWith(text), setup())).rejects.toThrow(`is not valid JSON ${where}`);
  });

  it('names an unreadable file', async () => {
    await expect(loadMerchants('/nonexistent/merchants.json', setup())).rejects.toThrow('MERCHANTS_FILE /nonexistent/merchants.json: cannot be read (ENOENT)');
  });

  it('writes nothing when any entry is wrong', async () => {
    const deps = setup();
    await expect(loadMerchants(await fileWith({ merchants: [acme(), { ...globex(), contracts: [{ method: 'card' }] }] }), deps)).rejects.toThrow('merchants[1]');
    expect(await deps.merchants.findById(merchantId('acme'))).toBeNull();
  });

  it('refuses a contact email that a stored account missing from the file still holds', async () => {
    const deps = setup();
    await loadMerchants(await fileWith({ merchants: [acme()] }), deps);
    const moved = { ...globex(), contacts: [{ email: 'ops@acme.test', password: 'another-password', role: 'member' }] };
    await expect(loadMerchants(await fileWith({ merchants: [moved] }), deps)).rejects.toThrow(
      'merchants[0] (merchantId "globex"): field contacts[0].email is already a contact of stored merchant "acme"',
    );
    // Moving it is fine when the file also lists the account it leaves.
    await loadMerchants(await fileWith({ merchants: [{ ...acme(), contacts: [] }, moved] }), deps);
    expect((await deps.merchants.findByContactEmail('ops@acme.test'))?.merchantId).toBe('globex');
  });
});

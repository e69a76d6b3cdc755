import { randomBytes } from 'node:crypto';
import { merchantId, type ContractSettingSpec } from '@splitpay/domain';
import { AesGcmSecretSealer, ScryptPasswordHasher, WinstonLogger } from '@splitpay/infra';
import { createEmbeddedStores } from '@splitpay/store-embedded';
import { writeTempMerchantsFile } from '../../test/support/temp-merchants-file';
import { loadMerchants, type LoadMerchantsDeps } from './load-merchants';
import { MerchantsFileError } from './merchants-file.error';

const hasher = new ScryptPasswordHasher({ cost: { logN: 10, r: 8, p: 1 } });
const sealer = new AesGcmSecretSealer({ key: randomBytes(32) });

const API_KEY = 'AQEyhmfxLI-SECRET-API-KEY';
const HMAC_KEY = 'DFB1EB5485895CFA84146406857104ABB4CBCABDC8AAF103A624C8F6A3EAAB00';

/** A provider as a real one declares its settings. */
const PSP_SETTINGS: readonly ContractSettingSpec[] = [
  { name: 'apiKey', type: 'string', required: true, secret: true, description: 'the API key' },
  { name: 'merchantAccount', type: 'string', required: true, secret: false, description: 'the merchant account at the PSP' },
  { name: 'hmacKey', type: 'string', required: true, secret: true, pattern: '[0-9A-Fa-f]{64}', description: 'the HMAC key, 64 hex characters' },
  { name: 'environment', type: 'string', required: false, secret: false, oneOf: ['test', 'live'], description: 'test or live' },
  { name: 'livePrefix', type: 'string', required: false, requiredWhen: { setting: 'environment', equals: 'live' }, secret: false, description: 'the live URL prefix' },
  { name: 'merchantIdentifier', type: 'string', required: false, secret: false, methods: ['applepay'], description: 'the Apple Pay merchant identifier' },
];

function setup(): LoadMerchantsDeps & { stores: ReturnType<typeof createEmbeddedStores> } {
  const stores = createEmbeddedStores();
  const settingsOf = (provider: string) => (provider === 'psp' ? PSP_SETTINGS : provider === 'fake' ? [] : undefined);
  return { stores, merchants: stores.merchants, hasher, sealer, logger: new WinstonLogger({ silent: true }), settingsOf };
}

const settings = (over: Record<string, unknown> = {}) => ({ apiKey: API_KEY, merchantAccount: 'ShopECOM', hmacKey: HMAC_KEY, environment: 'test', ...over });
const shop = (contracts: unknown[]) => ({ merchants: [{ merchantId: 'shop', secret: 'shop-client-secret', webhookAuthorization: 'Bearer shop-webhook', contracts }] });

describe('merchants file: contract settings as the provider declares them', () => {
  it('stores the secret settings sealed (and nowhere in clear) and the others as given', async () => {
    const deps = setup();
    await loadMerchants(await writeTempMerchantsFile(shop([{ method: 'card', provider: 'psp', settings: settings() }])), deps);
    const [contract] = (await deps.merchants.findById(merchantId('shop')))!.contracts;
    expect(contract?.settings).toEqual({ merchantAccount: 'ShopECOM', environment: 'test' });
    expect(Object.keys(contract?.sealedSettings ?? {}).sort()).toEqual(['apiKey', 'hmacKey']);
    expect(JSON.parse(sealer.open(contract!.sealedSettings!.apiKey!))).toBe(API_KEY);
    const stored = JSON.stringify(deps.stores.database.listCollections().map((c) => c.dump()));
    expect(stored).not.toContain(API_KEY);
    expect(stored).not.toContain(HMAC_KEY);
    expect(stored).toContain('ShopECOM');
  });

  it('seals every setting of a contract at a provider the platform does not carry (it cannot tell which are secret)', async () => {
    const deps = setup();
    await loadMerchants(await writeTempMerchantsFile(shop([{ method: 'card', provider: 'elsewhere', settings: { token: 'opaque-token-value' } }])), deps);
    const [contract] = (await deps.merchants.findById(merchantId('shop')))!.contracts;
    expect(contract?.settings).toBeUndefined();
    expect(JSON.parse(sealer.open(contract!.sealedSettings!.token!))).toBe('opaque-token-value');
  });

  it('keeps two contracts of the same method and provider apart by their ids', async () => {
    const deps = setup();
    const file = shop([
      { id: 'card-fr', method: 'card', provider: 'psp', countries: ['FR'], settings: settings({ merchantAccount: 'ShopFR' }) },
      { id: 'card-de', method: 'card', provider: 'psp', countries: ['DE'], settings: settings({ merchantAccount: 'ShopDE' }) },
    ]);
    await loadMerchants(await writeTempMerchantsFile(file), deps);
    const contracts = (await deps.merchants.findById(merchantId('shop')))!.contracts;
    expect(contracts.map((c) => [c.id, c.settings?.merchantAccount])).toEqual([
      ['card-fr', 'ShopFR'],
      ['card-de', 'ShopDE'],
    ]);
  });

  const cases: [string, unknown[], string][] = [
    ['a missing required setting', [{ method: 'card', provider: 'psp', settings: settings({ apiKey: undefined }) }], 'field contracts[0].settings.apiKey: is required by provider "psp" (the API key)'],
    ['no settings at all', [{ method: 'card', provider: 'psp' }], 'field contracts[0].settings.apiKey: is required by provider "psp"'],
    ['a setting the provider does not read', [{ method: 'card', provider: 'psp', settings: settings({ apiKy: 'x' }) }], 'field contracts[0].settings.apiKy: is not a setting of provider "psp" for card'],
    ['a setting of another method', [{ method: 'card', provider: 'psp', settings: settings({ merchantIdentifier: 'merchant.shop' }) }], 'field contracts[0].settings.merchantIdentifier: is not a setting of provider "psp" for card'],
    ['a value of the wrong form', [{ method: 'card', provider: 'psp', settings: settings({ hmacKey: 'not-hex-SECRETVALUE' }) }], 'field contracts[0].settings.hmacKey: does not have the expected form (the HMAC key, 64 hex characters)'],
    ['a setting required by another one', [{ method: 'card', provider: 'psp', settings: settings({ environment: 'live' }) }], 'field contracts[0].settings.livePrefix: is required by provider "psp" when environment is live (the live URL prefix)'],
    ['a value outside its list', [{ method: 'card', provider: 'psp', settings: settings({ environment: 'prod' }) }], 'field contracts[0].settings.environment: must be one of test, live'],
    ['a value of the wrong type', [{ method: 'card', provider: 'psp', settings: settings({ apiKey: 42 }) }], 'field contracts[0].settings.apiKey: must be a non-empty string'],
    ['settings for the fake provider', [{ method: 'card', provider: 'fake', settings: { apiKey: 'x' } }], 'field contracts[0].settings.apiKey: is not a setting of provider "fake" for card'],
    [
      'two contracts of one method and provider without ids',
      [
        { method: 'card', provider: 'psp', settings: settings() },
        { method: 'card', provider: 'psp', settings: settings() },
      ],
      'field contracts[1]: contract id "card:psp" is already used by contracts[0] (give each contract of the same method and provider its own id)',
    ],
    [
      'a contract id given twice',
      [
        { id: 'main', method: 'card', provider: 'psp', settings: settings() },
        { id: 'main', method: 'applepay', provider: 'psp', settings: settings() },
      ],
      'field contracts[1].id: contract id "main" is already used by contracts[0]',
    ],
  ];

  it.each(cases)('names the field of %s, never a value', async (_name, contracts, message) => {
    const file = await writeTempMerchantsFile(shop(contracts));
    const failure = loadMerchants(file, setup());
    await expect(failure).rejects.toBeInstanceOf(MerchantsFileError);
    await expect(failure).rejects.toThrow(`merchants[0] (merchantId "shop"): ${message}`);
    const error = (await failure.then(() => undefined, (e: unknown) => e)) as Error;
    for (const secret of [API_KEY, HMAC_KEY, 'SECRETVALUE']) expect(error.message).not.toContain(secret);
  });
});

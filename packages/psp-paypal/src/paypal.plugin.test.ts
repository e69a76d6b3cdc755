import { contractSettingsProblem, secretSettingNames } from '@splitpay/domain';
import { PAYPAL_PLUGIN, PAYPAL_SETTINGS } from './paypal.plugin';
import { SETTINGS } from './testing/paypal.fixtures';

describe('PAYPAL_PLUGIN', () => {
  it('is provider paypal with method paypal', () => {
    const provider = PAYPAL_PLUGIN.create({ clock: { now: () => 0 }, logger: { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined }, timeoutMs: 15_000 });
    expect([PAYPAL_PLUGIN.id, provider.id, provider.drivers.map((d) => [d.provider, d.method])]).toEqual(['paypal', 'paypal', [['paypal', 'paypal']]]);
  });

  it('declares client id, client secret (the one secret, sealed at rest), webhook id and environment', () => {
    expect(PAYPAL_SETTINGS.map((s) => [s.name, s.required])).toEqual([
      ['clientId', true],
      ['clientSecret', true],
      ['webhookId', true],
      ['environment', true],
    ]);
    expect([...secretSettingNames(PAYPAL_SETTINGS, 'paypal')]).toEqual(['clientSecret']);
  });

  it('refuses a contract missing a setting or with an environment other than sandbox or live, never quoting a value', () => {
    expect(contractSettingsProblem('paypal', 'paypal', PAYPAL_SETTINGS, SETTINGS)).toBeUndefined();
    expect(contractSettingsProblem('paypal', 'paypal', PAYPAL_SETTINGS, { ...SETTINGS, environment: 'live' })).toBeUndefined();
    const { webhookId: _w, ...noWebhook } = SETTINGS;
    expect(contractSettingsProblem('paypal', 'paypal', PAYPAL_SETTINGS, noWebhook)).toMatch(/^webhookId: is required by provider "paypal"/);
    expect(contractSettingsProblem('paypal', 'paypal', PAYPAL_SETTINGS, { ...SETTINGS, environment: 'production' })).toBe('environment: must be one of sandbox, live');
    const problem = contractSettingsProblem('paypal', 'paypal', PAYPAL_SETTINGS, { ...SETTINGS, apiKey: SETTINGS.clientSecret });
    expect(problem).toBe('apiKey: is not a setting of provider "paypal" for paypal');
  });
});

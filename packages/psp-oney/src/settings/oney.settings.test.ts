import { contractSettingsProblem } from '@splitpay/domain';
import { ONEY_SETTINGS } from './oney.settings';

const settings = (countryCode: string) => ({ apiKey: 'oney-api-key-SECRET', merchantGuid: 'merchant-guid', pspGuid: 'psp-guid', countryCode, environment: 'staging' });
const problemOf = (countryCode: string, contract: { id: string; nation?: string }) => contractSettingsProblem('oney', 'oney', ONEY_SETTINGS, settings(countryCode), contract);

describe("ONEY_SETTINGS: a national contract's countryCode is its nation", () => {
  it.each([
    ['FR', 'FR'],
    ['BE', 'BE'],
    ['IT', 'IT'],
    ['SP', 'ES'],
    ['PT', 'PT'],
    ['RO', 'RO'],
  ])('accepts countryCode %s on a contract of nation %s', (countryCode, nation) => {
    expect(problemOf(countryCode, { id: 'oney-national', nation })).toBeUndefined();
  });

  it('refuses a countryCode of another country than the nation, naming the contract and both values', () => {
    expect(problemOf('FR', { id: 'oney-es', nation: 'ES' })).toBe(
      'countryCode: "FR" is not the nation "ES" of contract "oney-es": provider "oney" would price and file its loans under another country\'s contract',
    );
  });

  it("reads Oney's SP as Spain: it is not the nation SP, nor is ES a countryCode", () => {
    expect(problemOf('SP', { id: 'oney-sp', nation: 'SP' })).toMatch(/^countryCode: "SP" \(ES\) is not the nation "SP" of contract "oney-sp"/);
    expect(problemOf('ES', { id: 'oney-es', nation: 'ES' })).toBe('countryCode: must be one of FR, BE, IT, SP, PT, RO');
  });

  it('compares nothing on a contract without a nation (the fallback for any billing country)', () => {
    expect(problemOf('FR', { id: 'oney-any' })).toBeUndefined();
    expect(contractSettingsProblem('oney', 'oney', ONEY_SETTINGS, settings('SP'))).toBeUndefined();
  });

  it('never quotes the API key', () => {
    expect(problemOf('FR', { id: 'oney-es', nation: 'ES' })).not.toContain('SECRET');
  });
});

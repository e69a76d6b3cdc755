import type { HostedFieldsView } from '@splitpay/domain';
import { hostedFieldsHoldingSecrets } from './hosted-fields-secrets';

const view = (sdkUrl: string): HostedFieldsView => ({ sdkUrl }) as unknown as HostedFieldsView;

// D144-a: a hosted-fields value equal to a secret setting, or carrying one of 8 characters or more.
describe('hostedFieldsHoldingSecrets: a secret in a URL, however the URL spells it', () => {
  const secret = 'k3y+Secret/Value==';

  it('the raw secret in a query', () => {
    expect(hostedFieldsHoldingSecrets(view(`https://psp.example/sdk.js?key=${secret}`), [secret])).toEqual(['sdkUrl']);
  });

  it('the secret as URLSearchParams writes it (+ / = percent-encoded)', () => {
    const url = new URL('https://psp.example/sdk.js');
    url.searchParams.set('key', secret);
    expect(hostedFieldsHoldingSecrets(view(url.toString()), [secret])).toEqual(['sdkUrl']);
  });

  it.each([
    ['encodeURIComponent', `https://psp.example/sdk.js?key=${encodeURIComponent(secret)}`],
    ['lower-case hex escapes', 'https://psp.example/sdk.js?key=k3y%2bSecret%2fValue%3d%3d'],
    ['a malformed escape elsewhere in the URL', `https://psp.example/sdk.js?x=%E0%A4&key=${encodeURIComponent(secret)}`],
  ])('the secret percent-encoded: %s', (_label, url) => {
    expect(hostedFieldsHoldingSecrets(view(url), [secret])).toEqual(['sdkUrl']);
  });

  it('a secret with spaces, form-encoded (space as +)', () => {
    const spaced = 'open sesame phrase';
    expect(hostedFieldsHoldingSecrets(view(`https://psp.example/sdk.js?${new URLSearchParams({ key: spaced })}`), [spaced])).toEqual(['sdkUrl']);
  });

  it('a secret short of 8 characters counts only when equal to the whole value (the decision keeps this rule)', () => {
    expect(hostedFieldsHoldingSecrets(view('https://psp.example/sdk.js?pin=abc123'), ['abc123'])).toEqual([]);
    expect(hostedFieldsHoldingSecrets(view('abc123'), ['abc123'])).toEqual(['sdkUrl']);
  });

  it('a URL without the secret is kept', () => {
    expect(hostedFieldsHoldingSecrets(view('https://psp.example/sdk.js?key=public-client-key'), [secret])).toEqual([]);
  });
});

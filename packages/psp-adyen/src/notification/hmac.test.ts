import { HMAC_KEY, OFFICIAL_HMAC_ITEM, OFFICIAL_HMAC_SIGNATURE } from '../testing/adyen-fixtures';
import { hmacValid, itemHmac, signingString } from './hmac';

describe('Adyen webhook HMAC', () => {
  it('signs the official test vector as Adyen does', () => {
    expect(signingString(OFFICIAL_HMAC_ITEM)).toBe('pspReference:originalReference:merchantAccount:reference:1000:EUR:CAPTURE:true');
    expect(itemHmac(OFFICIAL_HMAC_ITEM, HMAC_KEY)).toBe(OFFICIAL_HMAC_SIGNATURE);
    expect(hmacValid(OFFICIAL_HMAC_ITEM, OFFICIAL_HMAC_SIGNATURE, HMAC_KEY)).toBe(true);
  });

  it('leaves a missing originalReference empty (two colons in a row)', () => {
    const authorisation = { pspReference: '7914073381342284', merchantAccountCode: 'TestMerchant', merchantReference: 'TestPayment-1407325143704', amount: { value: 1130, currency: 'EUR' }, eventCode: 'AUTHORISATION', success: 'true' };
    expect(signingString(authorisation)).toBe('7914073381342284::TestMerchant:TestPayment-1407325143704:1130:EUR:AUTHORISATION:true');
    expect(itemHmac(authorisation, HMAC_KEY)).toBe('Ny9gS2veKo5E4w8/OL6xz1/wvT/hYkAXy1xNc/QvO4I=');
  });

  it('refuses a changed field, another key, a missing or malformed signature', () => {
    const signature = itemHmac(OFFICIAL_HMAC_ITEM, HMAC_KEY);
    expect(hmacValid({ ...OFFICIAL_HMAC_ITEM, amount: { value: 1001, currency: 'EUR' } }, signature, HMAC_KEY)).toBe(false);
    expect(hmacValid(OFFICIAL_HMAC_ITEM, signature, HMAC_KEY.replace('D', 'E'))).toBe(false);
    expect(hmacValid(OFFICIAL_HMAC_ITEM, undefined, HMAC_KEY)).toBe(false);
    expect(hmacValid(OFFICIAL_HMAC_ITEM, 'not base64 at all', HMAC_KEY)).toBe(false);
  });
});

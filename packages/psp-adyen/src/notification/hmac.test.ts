import { hmacValid, itemHmac, signingString } from './hmac';

/** Adyen's official test vector (Adyen's node library, hmacValidator.spec.ts). */
const KEY = 'DFB1EB5485895CFA84146406857104ABB4CBCABDC8AAF103A624C8F6A3EAAB00';
const OFFICIAL = {
  pspReference: 'pspReference',
  originalReference: 'originalReference',
  merchantAccountCode: 'merchantAccount',
  merchantReference: 'reference',
  amount: { value: 1000, currency: 'EUR' },
  eventCode: 'CAPTURE',
  success: 'true',
};

describe('Adyen webhook HMAC', () => {
  it('signs the official test vector as Adyen does', () => {
    expect(signingString(OFFICIAL)).toBe('pspReference:originalReference:merchantAccount:reference:1000:EUR:CAPTURE:true');
    expect(itemHmac(OFFICIAL, KEY)).toBe('xhpHvYq2u2Np0rstbZ6QjLGu7JWhvf7Iwaa6EviJSX0=');
    expect(hmacValid(OFFICIAL, 'xhpHvYq2u2Np0rstbZ6QjLGu7JWhvf7Iwaa6EviJSX0=', KEY)).toBe(true);
  });

  it('leaves a missing originalReference empty (two colons in a row)', () => {
    const authorisation = { pspReference: '7914073381342284', merchantAccountCode: 'TestMerchant', merchantReference: 'TestPayment-1407325143704', amount: { value: 1130, currency: 'EUR' }, eventCode: 'AUTHORISATION', success: 'true' };
    expect(signingString(authorisation)).toBe('7914073381342284::TestMerchant:TestPayment-1407325143704:1130:EUR:AUTHORISATION:true');
    expect(itemHmac(authorisation, KEY)).toBe('Ny9gS2veKo5E4w8/OL6xz1/wvT/hYkAXy1xNc/QvO4I=');
  });

  it('refuses a changed field, another key, a missing or malformed signature', () => {
    const signature = itemHmac(OFFICIAL, KEY);
    expect(hmacValid({ ...OFFICIAL, amount: { value: 1001, currency: 'EUR' } }, signature, KEY)).toBe(false);
    expect(hmacValid(OFFICIAL, signature, KEY.replace('D', 'E'))).toBe(false);
    expect(hmacValid(OFFICIAL, undefined, KEY)).toBe(false);
    expect(hmacValid(OFFICIAL, 'not base64 at all', KEY)).toBe(false);
  });
});

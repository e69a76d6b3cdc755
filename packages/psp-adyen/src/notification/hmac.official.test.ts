import { HMAC_KEY, notificationItem, OFFICIAL_HMAC_ITEM, OFFICIAL_HMAC_SIGNATURE, type ItemFields } from '../testing/adyen-fixtures';
import { HmacValidator, NotificationRequest } from '../testing/official-model';
import { hmacValid, itemHmac, type SignedItem } from './hmac';

/** Our webhook HMAC (hmac.ts) and the official library's HmacValidator sign and verify alike. */

const theirs = new HmacValidator();
type Item = SignedItem & { additionalData: Record<string, string> };
/** Their validator types items by its model's enums; our items carry the same strings. */
const asTheirs = (item: object) => item as Parameters<HmacValidator['validateHMAC']>[0];

const FIXTURES: readonly ItemFields[] = [
  { eventCode: 'AUTHORISATION', pspReference: '7914073381342284', merchantReference: 'tx-1', amount: 1130, paymentMethod: 'visa' },
  { eventCode: 'AUTHORISATION', success: false, pspReference: '7914073381342285', merchantReference: 'tx-1', amount: 1130, reason: 'Not enough balance' },
  { eventCode: 'CAPTURE', pspReference: 'PSPMOD1', originalReference: 'PSPPAY1', merchantReference: 'tx-2', amount: 4000 },
  { eventCode: 'REFUND', success: false, pspReference: 'PSPMOD2', originalReference: 'PSPPAY1', merchantReference: 'tx-3', amount: 99, currency: 'JPY', reason: "Transaction hasn't been captured" },
  { eventCode: 'CHARGEBACK', pspReference: 'PSPCB1', originalReference: 'PSPPAY1', merchantReference: 'order:42 é', amount: 10_000, additionalData: { chargebackReasonCode: '10.4' } },
];

/** A fixture item as the library reads it from the webhook's body. */
const readByTheirs = (fields: ItemFields): Item => {
  const body = { live: 'false', notificationItems: [notificationItem(fields)] };
  return new NotificationRequest(JSON.parse(JSON.stringify(body))).notificationItems?.[0] as unknown as Item;
};

describe("our HMAC and Adyen's HmacValidator", () => {
  it('sign the official test vector alike, and each validates the other', () => {
    expect(theirs.calculateHmac(asTheirs(OFFICIAL_HMAC_ITEM), HMAC_KEY)).toBe(OFFICIAL_HMAC_SIGNATURE);
    expect(itemHmac(OFFICIAL_HMAC_ITEM, HMAC_KEY)).toBe(OFFICIAL_HMAC_SIGNATURE);
    expect(theirs.validateHMAC(asTheirs({ ...OFFICIAL_HMAC_ITEM, additionalData: { hmacSignature: itemHmac(OFFICIAL_HMAC_ITEM, HMAC_KEY) } }), HMAC_KEY)).toBe(true);
    expect(hmacValid(OFFICIAL_HMAC_ITEM, theirs.calculateHmac(asTheirs(OFFICIAL_HMAC_ITEM), HMAC_KEY), HMAC_KEY)).toBe(true);
  });

  it.each(FIXTURES.map((fields) => [fields.eventCode, fields.success ?? true, fields] as const))('%s (success %s): our fixture signed by ours validates with theirs, and re-signed by theirs with ours', (_code, _success, fields) => {
    const item = readByTheirs(fields);
    expect(theirs.validateHMAC(asTheirs(item), HMAC_KEY)).toBe(true);
    const signedByTheirs = theirs.calculateHmac(asTheirs(item), HMAC_KEY);
    expect(signedByTheirs).toBe(item.additionalData.hmacSignature);
    expect(hmacValid(item, signedByTheirs, HMAC_KEY)).toBe(true);
  });

  it('both refuse a tampered item and another key', () => {
    const item = readByTheirs(FIXTURES[2] as ItemFields);
    const tampered = { ...item, amount: { value: 4001, currency: 'EUR' } };
    const otherKey = HMAC_KEY.replace('D', 'E');
    expect(theirs.validateHMAC(asTheirs(tampered), HMAC_KEY)).toBe(false);
    expect(hmacValid(tampered, item.additionalData.hmacSignature, HMAC_KEY)).toBe(false);
    expect(theirs.validateHMAC(asTheirs(item), otherKey)).toBe(false);
    expect(hmacValid(item, item.additionalData.hmacSignature, otherKey)).toBe(false);
  });
});

import type { MerchantAccount, MerchantId } from '@splitpay/domain';
import { fieldNames, pickFields, withoutUndefined } from './plain-document';

/**
 * A merchant account as given by the domain: the client secret and contact passwords as slow hashes,
 * the webhook secrets sealed. `_id` is the merchant id.
 */
export interface MerchantAccountDocument extends Omit<MerchantAccount, 'merchantId'> {
  readonly _id: string;
}

export const MERCHANT_ACCOUNT_FIELDS = fieldNames<MerchantAccount>({
  merchantId: true,
  secretHash: true,
  notificationUrl: true,
  chargebackUrl: true,
  webhookAuthorizationSealed: true,
  webhookSigningSecretSealed: true,
  contracts: true,
  contacts: true,
});

export function merchantAccountToDocument(account: MerchantAccount): MerchantAccountDocument {
  const { merchantId, ...rest } = withoutUndefined(account);
  return { _id: merchantId, ...rest };
}

export function merchantAccountFromDocument(doc: MerchantAccountDocument): MerchantAccount {
  const fields = pickFields(doc as unknown as Record<string, unknown>, MERCHANT_ACCOUNT_FIELDS) as Omit<MerchantAccount, 'merchantId'>;
  return { ...fields, merchantId: doc._id as MerchantId };
}

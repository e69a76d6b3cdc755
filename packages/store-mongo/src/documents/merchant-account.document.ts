import type { Contract, MerchantAccount, MerchantId } from '@splitpay/domain';
import { fieldNames, pickFields, withoutUndefined } from './plain-document';

/**
 * A contract as stored: its provider-specific `settings` (free-form names chosen by a PSP or an
 * operator) are kept as a JSON string, so no field name of a stored document comes from outside.
 */
export type ContractDocument = Omit<Contract, 'settings'> & { readonly settingsJson?: string };

/**
 * A merchant account as given by the domain: the client secret and contact passwords as slow hashes,
 * the webhook secrets sealed. `_id` is the merchant id.
 */
export interface MerchantAccountDocument extends Omit<MerchantAccount, 'merchantId' | 'contracts'> {
  readonly _id: string;
  readonly contracts: readonly ContractDocument[];
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

function contractToDocument(contract: Contract): ContractDocument {
  const { settings, ...rest } = contract;
  return settings === undefined ? rest : { ...rest, settingsJson: JSON.stringify(settings) };
}

function contractFromDocument(doc: ContractDocument): Contract {
  const { settingsJson, ...rest } = doc;
  return settingsJson === undefined ? rest : { ...rest, settings: JSON.parse(settingsJson) as Contract['settings'] & object };
}

export function merchantAccountToDocument(account: MerchantAccount): MerchantAccountDocument {
  const { merchantId, contracts, ...rest } = withoutUndefined(account);
  return { _id: merchantId, ...rest, contracts: contracts.map(contractToDocument) };
}

export function merchantAccountFromDocument(doc: MerchantAccountDocument): MerchantAccount {
  const fields = pickFields(doc as unknown as Record<string, unknown>, MERCHANT_ACCOUNT_FIELDS) as Omit<MerchantAccount, 'merchantId' | 'contracts'>;
  return { ...fields, merchantId: doc._id as MerchantId, contracts: doc.contracts.map(contractFromDocument) };
}

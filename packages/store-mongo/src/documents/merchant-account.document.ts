import type { Contract, MerchantAccount, MerchantId } from '@splitpay/domain';
import { fieldNames, pickFields } from './plain-document';

/**
 * A contract as stored: its provider-specific `settings` and `sealedSettings` (free-form names chosen
 * by a PSP or an operator; the sealed ones as the domain sealed them) are kept as JSON strings, so no
 * field name of a stored document comes from outside.
 */
export type ContractDocument = Omit<Contract, 'settings' | 'sealedSettings'> & { readonly settingsJson?: string; readonly sealedSettingsJson?: string };

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
  const { settings, sealedSettings, ...rest } = contract;
  return {
    ...rest,
    ...(settings === undefined ? {} : { settingsJson: JSON.stringify(settings) }),
    ...(sealedSettings === undefined ? {} : { sealedSettingsJson: JSON.stringify(sealedSettings) }),
  };
}

function contractFromDocument(doc: ContractDocument): Contract {
  const { settingsJson, sealedSettingsJson, ...rest } = doc;
  return {
    ...rest,
    ...(settingsJson === undefined ? {} : { settings: JSON.parse(settingsJson) as Contract['settings'] & object }),
    ...(sealedSettingsJson === undefined ? {} : { sealedSettings: JSON.parse(sealedSettingsJson) as Contract['sealedSettings'] & object }),
  };
}

export function merchantAccountToDocument(account: MerchantAccount): MerchantAccountDocument {
  const { merchantId, contracts, ...rest } = account;
  return { _id: merchantId, ...rest, contracts: contracts.map(contractToDocument) };
}

export function merchantAccountFromDocument(doc: MerchantAccountDocument): MerchantAccount {
  const fields = pickFields(doc as unknown as Record<string, unknown>, MERCHANT_ACCOUNT_FIELDS) as Omit<MerchantAccount, 'merchantId' | 'contracts'>;
  return { ...fields, merchantId: doc._id as MerchantId, contracts: doc.contracts.map(contractFromDocument) };
}

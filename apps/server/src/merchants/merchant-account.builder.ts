import { randomBytes } from 'node:crypto';
import { normalizeEmail } from '@splitpay/application';
import { merchantId, secretSettingNames, type Contact, type Contract, type Logger, type MerchantAccount, type PasswordHasher, type SecretSealer } from '@splitpay/domain';
import type { SettingsCatalog } from './merchant-entry.rules';
import type { ContractEntry, MerchantEntry } from './merchants-file.schema';

export interface MerchantAccountBuilderDeps {
  readonly hasher: PasswordHasher;
  readonly sealer: SecretSealer;
  readonly logger: Logger;
  /** Which contract settings each provider declares (the secret ones are sealed); default the server's provider list. */
  readonly settingsOf?: SettingsCatalog;
}

/**
 * The stored form of a contract: the settings its provider declares secret sealed (from their JSON
 * text), the others in clear. A provider the platform does not carry declares nothing, so all of its
 * settings are sealed: nothing that might be a secret is kept in clear.
 */
function sealContract(contract: ContractEntry, deps: MerchantAccountBuilderDeps): Contract {
  const { settings, ...rest } = contract;
  if (settings === undefined) return { ...rest };
  const specs = deps.settingsOf?.(contract.provider);
  const secret = specs ? secretSettingNames(specs, contract.method) : undefined;
  const plain: Record<string, unknown> = {};
  const sealed: Record<string, string> = {};
  for (const [name, value] of Object.entries(settings)) {
    if (secret && !secret.has(name)) plain[name] = value;
    else sealed[name] = deps.sealer.seal(JSON.stringify(value));
  }
  return {
    ...rest,
    ...(Object.keys(plain).length > 0 ? { settings: plain } : {}),
    ...(Object.keys(sealed).length > 0 ? { sealedSettings: sealed } : {}),
  };
}

/** A Standard Webhooks signing secret: `whsec_` and the base64 of 32 random bytes. */
export function newWebhookSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/**
 * The signing secret to seal: the file's, else the one already stored for this account (so it stays
 * stable across restarts), else a new one. A stored one sealed under another key cannot be kept.
 */
function signingSecretSealed(entry: MerchantEntry, existing: MerchantAccount | null, deps: MerchantAccountBuilderDeps): string {
  if (entry.webhookSigningSecret !== undefined) return deps.sealer.seal(entry.webhookSigningSecret);
  if (existing) {
    try {
      deps.sealer.open(existing.webhookSigningSecretSealed);
      return existing.webhookSigningSecretSealed;
    } catch {
      deps.logger.warn('merchant.signing_secret_unreadable', { merchantId: entry.merchantId, message: 'The stored webhook signing secret was sealed under another DATA_ENCRYPTION_KEY; a new one is generated.' });
    }
  }
  deps.logger.info('merchant.signing_secret_generated', { merchantId: entry.merchantId });
  return deps.sealer.seal(newWebhookSigningSecret());
}

/**
 * The stored form of a file entry: the client secret and contact passwords only as slow hashes,
 * the webhook authorization value, signing secret and secret contract settings only sealed, contact
 * emails normalized.
 */
export async function buildMerchantAccount(entry: MerchantEntry, existing: MerchantAccount | null, deps: MerchantAccountBuilderDeps): Promise<MerchantAccount> {
  const hashOf = (clear: string | undefined, hash: string | undefined): Promise<string> => (hash !== undefined ? Promise.resolve(hash) : deps.hasher.hash(clear ?? ''));
  const [secretHash, ...passwordHashes] = await Promise.all([
    hashOf(entry.secret, entry.secretHash),
    ...(entry.contacts ?? []).map((c) => hashOf(c.password, c.passwordHash)),
  ]);
  const contacts: Contact[] = (entry.contacts ?? []).map((c, i) => ({ email: normalizeEmail(c.email), passwordHash: passwordHashes[i] ?? '', role: c.role }));
  return {
    merchantId: merchantId(entry.merchantId),
    secretHash: secretHash ?? '',
    ...(entry.notificationUrl === undefined ? {} : { notificationUrl: entry.notificationUrl }),
    ...(entry.chargebackUrl === undefined ? {} : { chargebackUrl: entry.chargebackUrl }),
    ...(entry.webhookAuthorization === undefined ? {} : { webhookAuthorizationSealed: deps.sealer.seal(entry.webhookAuthorization) }),
    webhookSigningSecretSealed: signingSecretSealed(entry, existing, deps),
    contracts: entry.contracts.map((contract) => sealContract(contract, deps)),
    contacts,
  };
}

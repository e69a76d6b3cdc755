import { normalizeEmail } from '@splitpay/application';
import { merchantId, type MerchantAccount, type MerchantAccountRepository } from '@splitpay/domain';
import { buildMerchantAccount, type MerchantAccountBuilderDeps } from './merchant-account.builder';
import { entryLabel, MerchantsFileError } from './merchants-file.error';
import { providerSettings } from '../wiring/providers/provider-list';
import { readMerchantsFile } from './merchants-file.reader';
import type { MerchantEntry } from './merchants-file.schema';

export interface LoadMerchantsDeps extends MerchantAccountBuilderDeps {
  readonly merchants: MerchantAccountRepository;
  /** PUBLIC_BASE_URL: what a leading ${PUBLIC_BASE_URL} in an account's webhook URLs stands for. */
  readonly publicBaseUrl?: string;
}

/**
 * A contact email already held in the store by an account the file does not list would leave one
 * email on two accounts (a MongoDB store outlives the file it was loaded from).
 */
async function checkStoredEmails(file: string, entries: readonly MerchantEntry[], merchants: MerchantAccountRepository): Promise<void> {
  const listed = new Set(entries.map((e) => e.merchantId));
  for (const [index, entry] of entries.entries()) {
    for (const [i, contact] of (entry.contacts ?? []).entries()) {
      const holder = await merchants.findByContactEmail(normalizeEmail(contact.email));
      if (holder && holder.merchantId !== entry.merchantId && !listed.has(holder.merchantId)) {
        throw new MerchantsFileError(file, `${entryLabel(index, entry)}: field contacts[${i}].email is already a contact of stored merchant ${JSON.stringify(holder.merchantId)}`);
      }
    }
  }
}

/**
 * The stored accounts that lose a contact email to another listed account, each without those emails
 * (and otherwise as stored): written first, they free every moving email before any account gains it.
 */
function releasesOfMovingEmails(plans: readonly { readonly account: MerchantAccount; readonly existing: MerchantAccount | null }[]): MerchantAccount[] {
  const releases: MerchantAccount[] = [];
  for (const { account, existing } of plans) {
    if (!existing) continue;
    const kept = new Set(account.contacts.map((c) => c.email));
    const contacts = existing.contacts.filter((c) => kept.has(c.email));
    if (contacts.length < existing.contacts.length) releases.push({ ...existing, contacts });
  }
  return releases;
}

/**
 * Loads MERCHANTS_FILE at start: validates the whole file and builds every account first (nothing is
 * written when any entry is wrong), then writes in an order no unique contact email can refuse: the
 * accounts losing a contact email without it first, then every account as the file gives it (an
 * email moved between two listed accounts, in either file order, or swapped, loads). Returns the
 * merchant ids loaded.
 */
export async function loadMerchants(file: string, deps: LoadMerchantsDeps): Promise<readonly string[]> {
  const settingsOf = deps.settingsOf ?? providerSettings;
  const entries = await readMerchantsFile(file, settingsOf, deps.publicBaseUrl);
  await checkStoredEmails(file, entries, deps.merchants);
  const plans = [];
  for (const entry of entries) {
    const existing = await deps.merchants.findById(merchantId(entry.merchantId));
    plans.push({ existing, account: await buildMerchantAccount(entry, existing, { ...deps, settingsOf }) });
  }
  for (const release of releasesOfMovingEmails(plans)) await deps.merchants.upsert(release);
  for (const { account } of plans) await deps.merchants.upsert(account);
  deps.logger.info('merchants.loaded', { file, count: entries.length });
  return entries.map((e) => e.merchantId);
}

import { DASHBOARD_CLIENT_ID, normalizeEmail } from '@splitpay/application';
import { contractIdOf, contractSettingsProblem, FINANCING_METHOD_KINDS, hostReach, isFinancingMethod, webhookAuthorizationProblem, type ContractSettingSpec } from '@splitpay/domain';
import { isScryptHash } from '@splitpay/infra';
import { entryLabel } from './merchants-file.error';
import type { MerchantEntry } from './merchants-file.schema';

const SIGNING_SECRET_BYTES = { min: 24, max: 64 };

/**
 * No credentials in the address, and plain http only for hosts that cannot exist on the public internet
 * (the contract, Destination): the rules session creation applies to a session's own address.
 */
export function webhookUrlProblem(value: string): string | undefined {
  const url = new URL(value);
  // The HTTP client would send them as Basic auth in place of the agreed authorization value.
  if (url.username !== '' || url.password !== '') return 'must not carry credentials (user:password@)';
  if (url.protocol === 'https:') return undefined;
  if (url.protocol !== 'http:') return 'must be an https (or local http) URL';
  return hostReach(url.hostname) === 'local' ? undefined : 'must be https: plain http is only for local hosts';
}

function exactlyOne(entry: object, clear: string, hashed: string): string | undefined {
  const has = (key: string) => Object.prototype.hasOwnProperty.call(entry, key);
  if (has(clear) && has(hashed)) return `${clear}: give either ${clear} or ${hashed}, not both`;
  if (!has(clear) && !has(hashed)) return `${clear}: one of ${clear} or ${hashed} is required`;
  if (has(hashed) && !isScryptHash((entry as Record<string, string>)[hashed] ?? '')) {
    return `${hashed}: is not a scrypt hash ($scrypt$ln=<n>,r=<r>,p=<p>$<salt>$<hash>)`;
  }
  return undefined;
}

/** The provider settings the platform declares for a provider; undefined for one it does not carry. */
export type SettingsCatalog = (provider: string) => readonly ContractSettingSpec[] | undefined;

/**
 * Contract ids unique within the account, nations on financing contracts only, and settings as the
 * provider declares them (named, never quoted; a setting naming the contract's country must agree with its
 * nation, and that refusal quotes both codes, which are public).
 */
function contractsProblem(entry: MerchantEntry, settingsOf: SettingsCatalog): string | undefined {
  const ids = new Map<string, number>();
  for (const [c, contract] of entry.contracts.entries()) {
    const id = contractIdOf(contract);
    const twin = ids.get(id);
    if (twin !== undefined) {
      const field = contract.id === undefined ? `contracts[${c}]` : `contracts[${c}].id`;
      return `${field}: contract id "${id}" is already used by contracts[${twin}] (give each contract of the same method and provider its own id)`;
    }
    ids.set(id, c);
    if (contract.nation !== undefined && !isFinancingMethod(contract.method)) {
      return `contracts[${c}].nation: only a financing contract (${FINANCING_METHOD_KINDS.join(', ')}) has a nation: the billing country picks the contract that prices a loan, never the contract of another method`;
    }
    const specs = settingsOf(contract.provider);
    const problem = specs && contractSettingsProblem(contract.provider, contract.method, specs, contract.settings, { id, nation: contract.nation });
    if (problem) return `contracts[${c}].settings.${problem}`;
  }
  return undefined;
}

/** A whitelist as the choice reads it (a set; absent is every value). */
const whitelist = (values: readonly string[] | undefined): readonly string[] | null => (values === undefined ? null : [...new Set(values)].sort());

/**
 * Two contracts of one method and provider with the same nation and the same whitelists: the choice
 * takes the first that fits, so the later one could never serve an order (D8, D44).
 */
function shadowedContractProblem(entry: MerchantEntry): string | undefined {
  const seen = new Map<string, number>();
  for (const [c, contract] of entry.contracts.entries()) {
    const key = JSON.stringify([contract.method, contract.provider, contract.nation ?? null, whitelist(contract.countries), whitelist(contract.channels)]);
    const first = seen.get(key);
    if (first !== undefined) {
      const firstId = contractIdOf(entry.contracts[first]!);
      return `contracts[${c}]: contract "${contractIdOf(contract)}" has the method, provider, nation, countries and channels of contract "${firstId}" (contracts[${first}]), so it could never be chosen`;
    }
    seen.set(key, c);
  }
  return undefined;
}

function entryProblem(entry: MerchantEntry, settingsOf: SettingsCatalog): string | undefined {
  if (entry.merchantId === DASHBOARD_CLIENT_ID) return `merchantId: "${DASHBOARD_CLIENT_ID}" is reserved for the dashboard login client`;
  const secret = exactlyOne(entry, 'secret', 'secretHash');
  if (secret) return secret;
  for (const key of ['notificationUrl', 'chargebackUrl'] as const) {
    const url = entry[key];
    const problem = url === undefined ? undefined : webhookUrlProblem(url);
    if (problem) return `${key}: ${problem}`;
  }
  const authorization = entry.webhookAuthorization === undefined ? undefined : webhookAuthorizationProblem(entry.webhookAuthorization);
  if (authorization) return `webhookAuthorization: ${authorization}`;
  if (entry.webhookSigningSecret !== undefined) {
    const bytes = Buffer.from(entry.webhookSigningSecret.slice('whsec_'.length), 'base64').length;
    if (bytes < SIGNING_SECRET_BYTES.min || bytes > SIGNING_SECRET_BYTES.max) {
      return `webhookSigningSecret: must be whsec_ followed by base64 of ${SIGNING_SECRET_BYTES.min} to ${SIGNING_SECRET_BYTES.max} bytes`;
    }
  }
  const contracts = contractsProblem(entry, settingsOf) ?? shadowedContractProblem(entry);
  if (contracts) return contracts;
  for (const [c, contract] of entry.contracts.entries()) {
    const seen = new Set<string>();
    for (const [p, plan] of (contract.plans ?? []).entries()) {
      const key = `${plan.installments}/${plan.withFees}`;
      if (seen.has(key)) return `contracts[${c}].plans[${p}]: the same plan (installments and withFees) appears twice`;
      seen.add(key);
      if (plan.minAmount !== undefined && plan.maxAmount !== undefined && plan.minAmount > plan.maxAmount) {
        return `contracts[${c}].plans[${p}].minAmount: is above maxAmount`;
      }
    }
  }
  for (const [i, contact] of (entry.contacts ?? []).entries()) {
    const problem = exactlyOne(contact, 'password', 'passwordHash');
    if (problem) return `contacts[${i}].${problem}`;
  }
  return undefined;
}

/**
 * Rules the schema cannot say: one of secret/secretHash (and password/passwordHash), local-only plain
 * http, a webhook authorization value HTTP carries unchanged (named, never quoted), unique merchant ids, contact emails unique across every account, unique contract ids within an
 * account, a nation only on a financing contract, contract settings as their provider declares them (a
 * country setting agreeing with the nation), no contract shadowed by an earlier one of the same method,
 * provider, nation and whitelists. The first problem, or undefined.
 */
export function checkEntries(entries: readonly MerchantEntry[], settingsOf: SettingsCatalog): string | undefined {
  const merchantIds = new Map<string, number>();
  const emails = new Map<string, number>();
  for (const [index, entry] of entries.entries()) {
    const label = entryLabel(index, entry);
    const problem = entryProblem(entry, settingsOf);
    if (problem) return `${label}: field ${problem}`;
    const twin = merchantIds.get(entry.merchantId);
    if (twin !== undefined) return `${label}: field merchantId is already used by merchants[${twin}]`;
    merchantIds.set(entry.merchantId, index);
    for (const [i, contact] of (entry.contacts ?? []).entries()) {
      const email = normalizeEmail(contact.email);
      const owner = emails.get(email);
      if (owner !== undefined) return `${label}: field contacts[${i}].email is already a contact of ${entryLabel(owner, entries[owner])}`;
      emails.set(email, index);
    }
  }
  return undefined;
}

import { contractIdOf, type Contract, type MerchantAccount, type MethodOffer, type SecretSealer } from '@splitpay/domain';

/**
 * The contract chosen for an offer at its creation (by its id); an offer stored before contracts were
 * remembered uses the first contract of its method and provider, as it did then.
 */
export function contractOf(account: Pick<MerchantAccount, 'contracts'> | null, offer: Pick<MethodOffer, 'contractId' | 'method' | 'provider'>): Contract | undefined {
  const contracts = account?.contracts ?? [];
  if (offer.contractId !== undefined) {
    return contracts.find((c) => contractIdOf(c) === offer.contractId && c.method === offer.method && c.provider === offer.provider);
  }
  return contracts.find((c) => c.method === offer.method && c.provider === offer.provider);
}

/**
 * The settings a driver call carries: the contract's plain settings and its sealed ones opened. A
 * sealed setting that cannot be opened (DATA_ENCRYPTION_KEY changed) is an infrastructure fault whose
 * message names the setting, never its value.
 */
export function openContractSettings(contract: Contract | undefined, sealer: Pick<SecretSealer, 'open'>): Readonly<Record<string, unknown>> {
  if (!contract) return {};
  const opened: Record<string, unknown> = { ...contract.settings };
  for (const [name, sealed] of Object.entries(contract.sealedSettings ?? {})) {
    try {
      opened[name] = JSON.parse(sealer.open(sealed)) as unknown;
    } catch {
      throw new Error(`The sealed setting ${name} of contract ${contractIdOf(contract)} cannot be opened (sealed under another DATA_ENCRYPTION_KEY?)`);
    }
  }
  return opened;
}

/**
 * The values of every secret setting of the account's contracts (the sealed ones, which the merchants
 * file seals by the provider's settings schema), opened: what must never reach a payer's browser.
 */
export function openSecretValues(account: Pick<MerchantAccount, 'contracts'> | null, sealer: Pick<SecretSealer, 'open'>): readonly string[] {
  const values: string[] = [];
  for (const contract of account?.contracts ?? []) {
    if (!contract.sealedSettings) continue;
    const opened = openContractSettings(contract, sealer);
    for (const name of Object.keys(contract.sealedSettings)) {
      const value = opened[name];
      if (typeof value === 'string') values.push(value);
      else if (value !== undefined && value !== null) values.push(JSON.stringify(value));
    }
  }
  return values;
}

import type { MerchantAccountRepository, MerchantId } from '@splitpay/domain';

/** A provider the account holds a contract with, and its name when the platform knows one. */
export interface AccountProvider {
  readonly id: string;
  readonly name?: string;
}

/** Where a provider's display name is read (the PSP registry). */
export interface ProviderNames {
  displayName(provider: string): string | undefined;
}

export interface MerchantProvidersDeps {
  readonly merchants: Pick<MerchantAccountRepository, 'findById'>;
  readonly names: ProviderNames;
}

/**
 * The providers of a merchant account's contracts (GET /api/me's `providers`, docs/decisions.md D66):
 * sorted by id, once each, whether or not the platform still carries them.
 */
export class MerchantProviders {
  constructor(private readonly deps: MerchantProvidersDeps) {}

  async of(merchantId: MerchantId): Promise<readonly AccountProvider[]> {
    const account = await this.deps.merchants.findById(merchantId);
    const ids = [...new Set((account?.contracts ?? []).map((c) => c.provider))].sort();
    return ids.map((id) => {
      const name = this.deps.names.displayName(id);
      return name === undefined ? { id } : { id, name };
    });
  }
}

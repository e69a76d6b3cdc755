import type { MerchantId } from '../ids/ids';
import type { MerchantAccount } from '../merchant/merchant-account.model';
import type { MerchantAccountRepository } from '../ports/merchant-account.repository.port';

/** A real MerchantAccountRepository with the reads that reach it counted (what a cache in front saves). */
export class CountingMerchantAccounts implements MerchantAccountRepository {
  byId = 0;
  byEmail = 0;

  constructor(readonly inner: MerchantAccountRepository) {}

  upsert(account: MerchantAccount): Promise<void> {
    return this.inner.upsert(account);
  }

  findById(id: MerchantId): Promise<MerchantAccount | null> {
    this.byId += 1;
    return this.inner.findById(id);
  }

  findByContactEmail(email: string): Promise<MerchantAccount | null> {
    this.byEmail += 1;
    return this.inner.findByContactEmail(email);
  }
}

import type { MerchantId } from '../ids/ids';
import type { MerchantAccount } from '../merchant/merchant-account.model';

/** Merchant accounts, upserted at start from MERCHANTS_FILE. */
export interface MerchantAccountRepository {
  upsert(account: MerchantAccount): Promise<void>;
  findById(id: MerchantId): Promise<MerchantAccount | null>;
  /** The account holding a dashboard contact with this email (emails are unique across accounts). */
  findByContactEmail(email: string): Promise<MerchantAccount | null>;
}

import type { MerchantAccount, MerchantAccountRepository, MerchantId } from '@splitpay/domain';
import type { StoreCollections } from '../collections';
import { merchantAccountFromDocument, merchantAccountToDocument } from '../documents/merchant-account.document';

/**
 * MerchantAccountRepository: one document per account, `_id` the merchant id. The account is stored
 * as the domain gives it (hashes and sealed values only); contact emails are unique across accounts.
 */
export class MongoMerchantAccountRepository implements MerchantAccountRepository {
  constructor(private readonly collections: Pick<StoreCollections, 'merchantAccounts'>) {}

  async upsert(account: MerchantAccount): Promise<void> {
    const { _id, ...fields } = merchantAccountToDocument(account);
    await this.collections.merchantAccounts.replaceOne({ _id }, fields, { upsert: true });
  }

  async findById(id: MerchantId): Promise<MerchantAccount | null> {
    const doc = await this.collections.merchantAccounts.findOne({ _id: id });
    return doc ? merchantAccountFromDocument(doc) : null;
  }

  async findByContactEmail(email: string): Promise<MerchantAccount | null> {
    const doc = await this.collections.merchantAccounts.findOne({ 'contacts.email': email });
    return doc ? merchantAccountFromDocument(doc) : null;
  }
}

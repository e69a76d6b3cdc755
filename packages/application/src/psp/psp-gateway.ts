import {
  type Attempt,
  type DriverCall,
  type MerchantAccountRepository,
  type MethodOffer,
  type PspDriver,
  type PspRegistry,
  type Session,
  type TransactionId,
} from '@splitpay/domain';
import { operationReference } from './operation-reference';

export interface PspGatewayDeps {
  readonly registry: PspRegistry;
  /** Where the contract's provider settings are read (the account's contract for the offer). */
  readonly merchants: MerchantAccountRepository;
}

/** What calling a PSP about one operation of an attempt needs. */
export interface ResolvedCall {
  readonly driver: PspDriver;
  readonly call: DriverCall;
}

/**
 * Finds the driver of an attempt in the registry (by its provider and method, never by a name in
 * code) and builds the settings every driver call carries: our transaction id (the PSP idempotency
 * key), the operation reference, the method offer and the contract's provider settings.
 */
export class PspGateway {
  constructor(private readonly deps: PspGatewayDeps) {}

  driverFor(offer: Pick<MethodOffer, 'provider' | 'method'>): PspDriver | undefined {
    return this.deps.registry.driver(offer.provider, offer.method);
  }

  /** The contract's provider settings for an offer (empty when the contract names none). */
  async settingsFor(session: Session, offer: MethodOffer): Promise<Readonly<Record<string, unknown>>> {
    const account = await this.deps.merchants.findById(session.merchantId);
    const contract = account?.contracts.find((c) => c.method === offer.method && c.provider === offer.provider);
    return contract?.settings ?? {};
  }

  /** The driver and call settings for `transactionId` of `attempt`; undefined when no driver is registered. */
  async resolve(session: Session, attempt: Pick<Attempt, 'id' | 'methodId' | 'provider' | 'method'>, transactionId: string): Promise<ResolvedCall | undefined> {
    const offer = session.methods.find((m) => m.id === attempt.methodId);
    if (!offer) return undefined;
    const driver = this.deps.registry.driver(attempt.provider, attempt.method);
    if (!driver) return undefined;
    return {
      driver,
      call: {
        transactionId: transactionId as TransactionId,
        attemptId: attempt.id,
        reference: operationReference(session.orderId, transactionId),
        offer,
        settings: await this.settingsFor(session, offer),
      },
    };
  }
}

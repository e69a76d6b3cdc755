import {
  findOffer,
  type Attempt,
  type DriverCall,
  type MerchantAccount,
  type MerchantAccountRepository,
  type MethodOffer,
  type PspDriver,
  type PspRegistry,
  type SecretSealer,
  type Session,
  type TransactionId,
} from '@splitpay/domain';
import { contractOf, openContractSettings, openSecretValues } from './contract-settings';
import { operationReference } from './operation-reference';

export interface PspGatewayDeps {
  readonly registry: PspRegistry;
  /** Where the contract's provider settings are read (the account's contract for the offer). */
  readonly merchants: MerchantAccountRepository;
  /** Opens the contract settings sealed at rest (DATA_ENCRYPTION_KEY). */
  readonly sealer: Pick<SecretSealer, 'open'>;
}

/** What calling a PSP about one operation of an attempt needs. */
export interface ResolvedCall {
  readonly driver: PspDriver;
  readonly call: DriverCall;
}

/** The attempt fields a driver call is resolved from. */
export type AttemptToCall = Pick<Attempt, 'id' | 'methodId' | 'provider' | 'method'>;

/**
 * Driver calls about the operations of one session (see PspGateway.forSession). One request or worker
 * turn may keep it across the versions of its session it writes: the offers and the orderId it reads
 * are fixed at creation.
 */
export interface SessionGateway {
  /** The session's merchant account, read once, at the first call that needs it. */
  account(): Promise<MerchantAccount | null>;
  /** The provider settings (secrets opened) of the contract chosen for the offer at creation (empty when it names none). */
  settingsFor(offer: MethodOffer): Promise<Readonly<Record<string, unknown>>>;
  /** The values of every secret setting of the merchant's contracts (opened), to keep them out of what a browser gets. */
  secretValues(): Promise<readonly string[]>;
  /** The driver and call settings for `transactionId` of `attempt`; undefined when no driver is registered. */
  resolve(attempt: AttemptToCall, transactionId: string): Promise<ResolvedCall | undefined>;
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

  /**
   * The gateway for the operations of one session: its merchant account (the contracts' provider
   * settings) is read once, at the first call that needs it, however many operations are resolved.
   */
  forSession(session: Session): SessionGateway {
    let read: Promise<MerchantAccount | null> | undefined;
    const account = (): Promise<MerchantAccount | null> => (read ??= this.deps.merchants.findById(session.merchantId));
    const settingsFor = async (offer: MethodOffer): Promise<Readonly<Record<string, unknown>>> =>
      openContractSettings(contractOf(await account(), offer), this.deps.sealer);
    const resolve = async (attempt: AttemptToCall, transactionId: string): Promise<ResolvedCall | undefined> => {
      const offer = findOffer(session, attempt.methodId);
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
          settings: await settingsFor(offer),
        },
      };
    };
    const secretValues = async (): Promise<readonly string[]> => openSecretValues(await account(), this.deps.sealer);
    return { account, settingsFor, secretValues, resolve };
  }

  /** The driver and call settings for `transactionId` of `attempt`; undefined when no driver is registered. */
  resolve(session: Session, attempt: AttemptToCall, transactionId: string): Promise<ResolvedCall | undefined> {
    return this.forSession(session).resolve(attempt, transactionId);
  }
}

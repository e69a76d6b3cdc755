import type { MerchantId } from '../ids/ids';
import type { CardScheme, ContractPlan, MethodKind } from '../method/method';

/** Which PSP serves which method for an account, where, and what the contract carries. */
export interface Contract {
  /**
   * Names the contract within its account, so a session keeps using the one chosen at its creation
   * (see contractIdOf). The merchants file must give one when two contracts share method and provider.
   */
  readonly id?: string;
  readonly method: MethodKind;
  readonly provider: string;
  /** Whitelist of countries (paymentMethodFilters.country); absent: every country. */
  readonly countries?: readonly string[];
  /** Whitelist of channels (paymentMethodFilters.channel); absent: every channel. */
  readonly channels?: readonly string[];
  /**
   * Financing only: the nation whose national contract this is (ISO 3166-1 alpha-2), matched against
   * the order's `billing.country` to choose which contract prices the loan, never which methods are
   * offered. Absent: the contract prices loans for any billing country no national contract names.
   */
  readonly nation?: string;
  readonly partialRefunds?: boolean;
  readonly schemes?: readonly CardScheme[];
  readonly partialAuth?: boolean;
  readonly plans?: readonly ContractPlan[];
  /**
   * Provider-specific settings handed to the driver that are not secret (merchant account at the PSP,
   * environment, public client key...).
   */
  readonly settings?: Readonly<Record<string, unknown>>;
  /**
   * The settings the provider declares secret (API keys, HMAC keys, client secrets), each sealed by the
   * SecretSealer from its JSON text; never stored in clear. Opened only to call the driver.
   */
  readonly sealedSettings?: Readonly<Record<string, string>>;
}

/** The contract's id within its account: its own `id`, else `method:provider` (unique when no id is given). */
export function contractIdOf(contract: Pick<Contract, 'id' | 'method' | 'provider'>): string {
  return contract.id ?? `${contract.method}:${contract.provider}`;
}

export type ContactRole = 'admin' | 'member';

export interface Contact {
  readonly email: string;
  /** Slow hash (scrypt) of the password; the password itself is never stored. */
  readonly passwordHash: string;
  readonly role: ContactRole;
}

/**
 * A merchant account. Secrets the service must send verbatim (webhook authorization, signing secret)
 * are stored sealed (encrypted by the SecretSealer port), never in clear.
 */
export interface MerchantAccount {
  readonly merchantId: MerchantId;
  /** Slow hash (scrypt) of the client secret. */
  readonly secretHash: string;
  readonly notificationUrl?: string;
  readonly chargebackUrl?: string;
  readonly webhookAuthorizationSealed?: string;
  readonly webhookSigningSecretSealed: string;
  readonly contracts: readonly Contract[];
  readonly contacts: readonly Contact[];
}

import type { MerchantId } from '../ids/ids';
import type { CardScheme, ContractPlan, MethodKind } from '../method/method';

/** Which PSP serves which method for an account, where, and what the contract carries. */
export interface Contract {
  readonly method: MethodKind;
  readonly provider: string;
  /** Whitelist of countries (paymentMethodFilters.country); absent: every country. */
  readonly countries?: readonly string[];
  /** Whitelist of channels (paymentMethodFilters.channel); absent: every channel. */
  readonly channels?: readonly string[];
  readonly partialRefunds?: boolean;
  readonly schemes?: readonly CardScheme[];
  readonly partialAuth?: boolean;
  readonly plans?: readonly ContractPlan[];
  /** Provider-specific settings handed to the driver (merchant account at the PSP, keys, ...). */
  readonly settings?: Readonly<Record<string, unknown>>;
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

import type { AmountRange, CardScheme, CreateAlias, MethodKind, PlanKey, ThreeDSecure } from '../method/method';
import type { Address, CartItemDetail, Customer, Terms, Travel } from '../session/session.model';

/** Fields every method entry of a creation request may carry. */
interface MethodEntryBase {
  /** Instance key; defaults to the method name; unique within the session. */
  readonly id?: string;
  readonly label?: string;
  /** The PSP to charge; omitted, the account's contract for the method decides. */
  readonly provider?: string;
  readonly range?: AmountRange;
}

/** The card entry (the contract's "Method configuration entry"). */
export interface CardEntry extends MethodEntryBase {
  readonly method: 'card';
  readonly partialAuth?: boolean;
  readonly schemes?: readonly CardScheme[];
  readonly createAlias?: CreateAlias;
  readonly threeDSecure?: ThreeDSecure;
  readonly cardHolder?: boolean;
}

/** Wallets, account-to-account and vouchers (docs/decisions.md D12). */
export interface PlainEntry extends MethodEntryBase {
  readonly method: Exclude<MethodKind, 'card' | 'oney'>;
}

/** Financing: the plans offered; omitted, every plan of the lender contract. */
export interface FinancingEntry extends MethodEntryBase {
  readonly method: 'oney';
  readonly plans?: readonly PlanKey[];
}

/** One item of `methods`, discriminated by `method`. */
export type MethodEntry = CardEntry | PlainEntry | FinancingEntry;

/** A cart line as sent: its amount is still a plain `{ amount, currency }` pair. */
export interface CartItemRequest {
  readonly label: string;
  readonly quantity: number;
  readonly amount: { readonly amount: number; readonly currency: string };
  readonly detail?: Partial<Omit<CartItemDetail, 'delivery'>> & { readonly delivery?: Partial<CartItemDetail['delivery']> };
}

/**
 * The body of POST /api/sessions once it passed the schema: shapes are right, business rules are
 * still to be checked by `createSession`. The merchant id is never part of it (it comes from the token).
 */
export interface SessionRequest {
  readonly currency: string;
  readonly total: number;
  readonly methods: readonly MethodEntry[];
  readonly orderId: string;
  readonly paymentMethodFilters?: { readonly country?: string; readonly channel?: string };
  readonly mustCreateAlias?: boolean;
  readonly cartItems?: readonly CartItemRequest[];
  readonly extraData?: string;
  readonly statementDescriptor?: string;
  readonly returnUrl?: string;
  readonly cancelUrl?: string;
  readonly notificationUrl?: string;
  readonly ttlMs?: number;
  readonly customer?: Customer;
  readonly billing?: Address;
  readonly shipping?: Address;
  readonly travel?: Travel;
  readonly terms?: readonly Terms[];
}

/** Archetypes of payment method the service knows. */
export const METHOD_KINDS = ['card', 'applepay', 'paypal', 'wero', 'oney', 'ancv'] as const;
export type MethodKind = (typeof METHOD_KINDS)[number];

/** The financing methods: a lender prices a loan, so the billing country picks the national contract. */
export const FINANCING_METHOD_KINDS = ['oney'] as const satisfies readonly MethodKind[];
export type FinancingMethodKind = (typeof FINANCING_METHOD_KINDS)[number];

export function isFinancingMethod(method: MethodKind): method is FinancingMethodKind {
  return (FINANCING_METHOD_KINDS as readonly MethodKind[]).includes(method);
}

export const CARD_SCHEMES = ['cb', 'visa', 'mastercard', 'amex', 'maestro', 'diners', 'discover', 'jcb', 'china_union_pay'] as const;
export type CardScheme = (typeof CARD_SCHEMES)[number];

/** How an attempt takes money: a hold then a capture, or one operation that takes at once. */
export type Operation = 'authorization' | 'payment';

export type DeclineCategory =
  | 'bank-refusal'
  | 'insufficient-funds'
  | 'invalid-card-data'
  | 'authentication-failed'
  | 'expired'
  | 'method-unavailable';

/** A financing plan: the pair names it uniquely. */
export interface PlanKey {
  readonly installments: number;
  readonly withFees: boolean;
}

/** A financing plan as the lender contract offers it (docs/decisions.md D19: contracts[].plans). */
export interface ContractPlan extends PlanKey {
  /** Fees as a fraction of the principal, 0 when withFees is false. */
  readonly feeRate?: number;
  /** Annual percentage rate as a fraction. */
  readonly apr?: number;
  /** Inclusive window of principal the lender finances, minor units. */
  readonly minAmount?: number;
  readonly maxAmount?: number;
}

export interface AmountRange {
  readonly min: number;
  readonly max: number;
}

export type ThreeDSecure = 'sca' | 'frictionless';

export interface CreateAlias {
  readonly mode: 'oneclick' | 'subscription';
  readonly recurringFrequency: number;
  readonly recurringExpiry: string;
}

/**
 * What a driver can do for one (provider, method). The core checks these instead of switching on
 * provider names.
 */
export interface DriverCapabilities {
  /** authorization: hold then capture; payment: takes the money at once. */
  readonly operation: Operation;
  /** The issuer may grant less than asked (mandated partial). */
  readonly partialAuthorization: boolean;
  /** The payer may choose to pay less in the PSP's app (chosen partial, e.g. ANCV vouchers). */
  readonly payerChosenPartial: boolean;
  readonly void: boolean;
  readonly refund: boolean;
  readonly partialRefund: boolean;
  /** The PSP answers a status query for an operation whose verdict is overdue. */
  readonly statusLookup: boolean;
  /**
   * The PSP answers a status query for a capture, void or refund it took without its verdict (the
   * driver's `lookupFollowUp`): such an operation is looked up until its verdict comes. Absent: false
   * (its verdict comes only from a notification).
   */
  readonly followUpLookup?: boolean;
  readonly aliasRegistration: boolean;
  readonly threeDSecure: boolean;
  /** In-page wallet: a second leg (confirm) carries the wallet's payment token. */
  readonly confirm: boolean;
  /**
   * In-page wallet: its merchant is validated through the service (the wallet-session door, the
   * driver's `walletSession`) before the sheet shows; false: the wallet's PSP needs no validation.
   * Never declared by a driver: the offer's snapshot derives it from the driver having `walletSession`
   * (creation's `offerCapabilities`). Absent: unknown (not an in-page wallet, or an offer stored before
   * it was added), and the page asks the door as it did before.
   */
  readonly merchantValidation?: boolean;
  /** Financing: a lender studies the file, the verdict may take days. */
  readonly financing: boolean;
  /**
   * Financing: the PSP cancels a file the lender is still studying (the driver's void, sent before
   * any verdict), so the wait bound ends the file at the lender rather than leaving it open. Absent:
   * false (offers stored before it keep the lookups of a late grant alone).
   */
  readonly cancelsStudy?: boolean;
  /** The payer is sent to the PSP's page. */
  readonly redirect: boolean;
  /**
   * The currencies (ISO 4217) the PSP takes for this method, when it takes only some (Wero and ANCV
   * at Worldline: EUR). A session in another currency lists the offer not eligible. Absent: any
   * currency (a driver that says nothing, or an offer stored before drivers gave one).
   */
  readonly currencies?: readonly string[];
  /** What the card view's `integration` says, for card drivers. */
  readonly cardIntegration?: 'acquirer-hosted' | 'acquirer-retail' | 'fake';
  /**
   * The driver's own name of the flow a contract setting chose for it (one PSP product or another),
   * opaque to the core. Snapshotted with the offer like the rest, so every later call of a session
   * (a refund weeks later) follows the flow its attempt was opened with, whatever the contract says
   * since. Absent: the driver has one flow, or the offer was stored before drivers gave one.
   */
  readonly flow?: string;
}

/**
 * A plain hold: authorization then capture, void, refund (a slice too) and status lookup; no partial
 * grant, alias, 3-D Secure, confirm, financing or redirect. Drivers state theirs as overrides of it.
 */
export const PLAIN_HOLD_CAPABILITIES: DriverCapabilities = {
  operation: 'authorization',
  partialAuthorization: false,
  payerChosenPartial: false,
  void: true,
  refund: true,
  partialRefund: true,
  statusLookup: true,
  aliasRegistration: false,
  threeDSecure: false,
  confirm: false,
  financing: false,
  redirect: false,
};

/**
 * A method instance of a session, resolved at creation: the merchant's entry, the contract that
 * serves it, and a snapshot of what the driver and contract can do (so later rule checks never depend
 * on configuration that changed since).
 */
export interface MethodOffer {
  /** Instance key, unique in the session; what the page passes to start an attempt. */
  readonly id: string;
  readonly method: MethodKind;
  readonly label?: string;
  /** The PSP adapter serving it; never leaves the server through the view. */
  readonly provider: string;
  /**
   * The contract that creation chose (contractIdOf): every driver call of the offer uses its settings.
   * Absent on offers stored before contracts were remembered (the first contract of the same method
   * and provider is used then).
   */
  readonly contractId?: string;
  readonly range?: AmountRange;
  readonly capabilities: DriverCapabilities;
  /** The contract allows refunding a slice (and the driver can). */
  readonly partialRefunds: boolean;
  // card
  readonly partialAuth?: boolean;
  readonly schemes?: readonly CardScheme[];
  readonly createAlias?: CreateAlias;
  readonly threeDSecure?: ThreeDSecure;
  readonly cardHolder?: boolean;
  // financing
  readonly plans?: readonly ContractPlan[];
}

import type { AttemptStatus, PageAction, PartialAuth, Redirect } from '../attempt/attempt.model';
import type { CardScheme, DeclineCategory, MethodKind, Operation, PlanKey } from '../method/method';
import type { Money } from '../money/money';
import type { SessionStatus, Terms } from '../session/session.model';

/**
 * The browser's view of a session (the contract's "Session view"), returned inside `{ view }` by
 * every elements door. It never carries the session id, the merchant id, a provider id or a token.
 */
export interface SessionView {
  readonly status: SessionStatus;
  readonly currency: string;
  /**
   * The currency's ISO 4217 minor units (how many decimals its amounts have): the page reads and
   * writes amounts by it and carries no table of its own (D149-f). Not in the contract's table.
   */
  readonly minorUnits: number;
  readonly total: Money;
  /** Total minus every settled attempt's grant; precomputed so the page never does the sum. */
  readonly remaining: Money;
  readonly expiresAt: number;
  /** Every method of the offer, in configured order, ineligible ones included. */
  readonly methods: readonly MethodView[];
  readonly orderId: string;
  /** Order lines as declared (label, quantity, line price); empty when none were declared. */
  readonly cartItems: readonly CartItemView[];
  readonly statementDescriptor?: string;
  readonly terms?: readonly Terms[];
  readonly termsAcceptedAt?: number;
  readonly mustCreateAlias?: boolean;
  /** Every attempt, oldest first. */
  readonly attempts: readonly AttemptViewEntry[];
  /**
   * The stored version of the session this view was read from: it grows with every stored change, so
   * of two views the higher revision is the newer one (the page draws no lower one, docs/decisions.md
   * D85). Not in the contract's table; an addition the page alone reads.
   */
  readonly revision: number;
}

export interface CartItemView {
  readonly label: string;
  readonly quantity: number;
  readonly amount: Money;
}

export interface RangeView {
  readonly min: number;
  readonly max: number;
  readonly currency: string;
}

/** Public settings of an acquirer's hosted-fields SDK (the card front loads it). */
export interface HostedFieldsView {
  readonly keyId: string;
  readonly key: string;
  readonly sdkUrl: string;
}

/** Fields every method entry carries. */
interface MethodViewBase {
  /** Instance key: what the page passes as methodId to start an attempt. */
  readonly id: string;
  readonly label?: string;
  readonly range?: RangeView;
  /** An attempt can be started with it now. */
  readonly eligible: boolean;
  /**
   * Present (true) when the method can only pay the whole remaining balance: it takes the money at
   * once and nothing can hand it back, or the order registers the payer's means and cannot be split.
   */
  readonly mustSettleRemaining?: boolean;
}

export interface CardMethodView extends MethodViewBase {
  readonly method: 'card';
  /** `mandated`: the issuer may grant less than asked; the page then offers accept or refuse. */
  readonly partialAuth?: 'mandated';
  readonly cardHolder?: boolean;
  readonly schemes: readonly CardScheme[];
  /** Which card front to mount; never the routing provider id. */
  readonly integration: 'acquirer-hosted' | 'acquirer-retail' | 'fake';
  readonly hostedFields?: HostedFieldsView;
}

/** One instalment of a financing plan. */
export interface InstalmentView {
  /** When it is due (epoch ms): the first today, each next 30 days later. */
  readonly dueAt: number;
  readonly amount: Money;
}

/**
 * A financing plan priced on the remaining balance (the amount it would finance):
 * - `installments`, `withFees`: the pair that names the plan (what startAttempt's `plan` takes);
 * - `eligible`: the lender's window covers the remaining balance;
 * - `schedule`: the amounts the payer pays, the first due today (it carries the fees and the rounding
 *   remainder), each next one 30 days later; they sum to `total`;
 * - `fees`: the cost of the credit (zero without fees);
 * - `total`: principal plus fees;
 * - `creditAdvanced`: the part of the principal the lender advances (everything not paid today);
 * - `apr`: annual percentage rate as a fraction (0.1996 is 19.96 %): the contract's figure, else
 *   computed from the schedule (actuarial method, 365-day year).
 */
export interface FinancingPlanView extends PlanKey {
  readonly eligible: boolean;
  readonly schedule: readonly InstalmentView[];
  readonly fees: Money;
  readonly total: Money;
  readonly creditAdvanced: Money;
  readonly apr: number;
}

export interface FinancingMethodView extends MethodViewBase {
  readonly method: 'oney';
  readonly plans: readonly FinancingPlanView[];
}

/**
 * How an in-page wallet's merchant is validated before its sheet shows: `service`, through the
 * service's wallet-session door (the PSP opens the wallet session); `none`, the wallet's PSP needs no
 * validation (the sheet is completed with an empty session).
 */
export type MerchantValidation = 'service' | 'none';

/** The in-page wallet (Apple Pay). */
export interface WalletMethodView extends MethodViewBase {
  readonly method: 'applepay';
  /** Absent when unknown (an offer stored before the service told it): the page asks the door. */
  readonly merchantValidation?: MerchantValidation;
}

/** Redirect wallets, account-to-account, vouchers. */
export interface OtherMethodView extends MethodViewBase {
  readonly method: Exclude<MethodKind, 'card' | 'oney' | 'applepay'>;
}

export type MethodView = CardMethodView | FinancingMethodView | WalletMethodView | OtherMethodView;

/** Attempt entry of the view. */
export interface AttemptViewEntry {
  readonly attemptId: string;
  readonly method: MethodKind;
  readonly methodId: string;
  readonly status: AttemptStatus;
  /** authorization: a hold, a capture follows; payment: takes in one operation. */
  readonly operation: Operation;
  readonly requested: Money;
  readonly granted: Money;
  /**
   * The payer can end this attempt and be sure of owing nothing: always true for a hold, for a
   * settlement only where its PSP can undo it (void or refund). When false, no abandon button.
   */
  readonly abandonable: boolean;
  readonly plan?: PlanKey;
  /** chosen: the payer lowered the amount in the PSP's app; mandated: the issuer did. */
  readonly partialAuth?: PartialAuth;
  /** Present on a mandated partial grant: true while the payer has not accepted or refused it. */
  readonly awaitingPartialDecision?: boolean;
  /**
   * Present (true) once the service decided to hand this attempt's money back (a refused lower grant,
   * a removed tranche, a failed capture, a late grant): it no longer counts against the balance, even
   * while it still shows AUTHORIZED or CAPTURED until its void or refund is confirmed. Absent on
   * money taken that nothing hands back (owedToPayer, a refund given up): it stays taken (D147-a).
   */
  readonly released?: true;
  /**
   * Present on money taken that nothing hands back (where `released` is absent though the service
   * decided to hand it back): what stays taken, the grant less what was refunded before (D149-c).
   */
  readonly kept?: Money;
  /**
   * Present (true) on money paid and still counted that nothing could hand back were the payment
   * cancelled (a PSP that neither refunds nor voids it, such as an ANCV 5403 sale): it would stay paid.
   */
  readonly nonRefundable?: true;
  readonly cardScheme?: CardScheme;
  /** Where the browser must go to continue, while the attempt is AUTHORIZING. */
  readonly redirect?: Redirect;
  /**
   * While AUTHORIZING: the action the PSP's script must run in this page (`hosted-fields`: the card
   * view's hosted-fields adapter runs it), its result sent to the confirm door. Designed by the PSP
   * to be handed to the browser; no secret.
   */
  readonly pageAction?: PageAction;
  /**
   * Why a DECLINED attempt was refused, or why the service refused a grant it hands back (a card network
   * the offer does not list: method-unavailable, docs/decisions.md D74); absent means unclassified.
   * Never the PSP's code or text.
   */
  readonly declineCategory?: DeclineCategory;
}

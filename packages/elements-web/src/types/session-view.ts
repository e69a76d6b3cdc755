/**
 * The session view as the elements doors answer it, written from the contract (never imported from
 * the server's packages: the browser bundle carries only its own code).
 */

export interface Money {
  readonly amount: number;
  readonly currency: string;
}

export type SessionStatus = 'PENDING' | 'CAPTURING' | 'ABORTING' | 'EXPIRING' | 'AWAITING' | 'PAID' | 'ABORTED' | 'EXPIRED' | 'AWAITED_REFUSED';
export type EndStatus = 'PAID' | 'ABORTED' | 'EXPIRED' | 'AWAITED_REFUSED';
export type AttemptStatus = 'AUTHORIZING' | 'AUTHORIZED' | 'DECLINED' | 'CANCELLED' | 'CAPTURED' | 'VOIDED';
export type MethodKind = 'card' | 'applepay' | 'paypal' | 'wero' | 'oney' | 'ancv';
export type CardScheme = 'cb' | 'visa' | 'mastercard' | 'amex' | 'maestro' | 'diners' | 'discover' | 'jcb' | 'china_union_pay';
export type DeclineCategory = 'bank-refusal' | 'insufficient-funds' | 'invalid-card-data' | 'authentication-failed' | 'expired' | 'method-unavailable';

export interface RangeView {
  readonly min: number;
  readonly max: number;
  readonly currency: string;
}

export interface HostedFieldsView {
  readonly keyId: string;
  readonly key: string;
  readonly sdkUrl: string;
}

interface MethodViewBase {
  readonly id: string;
  readonly label?: string;
  readonly range?: RangeView;
  readonly eligible: boolean;
  readonly mustSettleRemaining?: boolean;
}

export interface CardMethodView extends MethodViewBase {
  readonly method: 'card';
  readonly partialAuth?: 'mandated';
  readonly cardHolder?: boolean;
  readonly schemes: readonly CardScheme[];
  readonly integration: 'acquirer-hosted' | 'acquirer-retail' | 'fake';
  readonly hostedFields?: HostedFieldsView;
}

export interface PlanKey {
  readonly installments: number;
  readonly withFees: boolean;
}

export interface InstalmentView {
  readonly dueAt: number;
  readonly amount: Money;
}

export interface FinancingPlanView extends PlanKey {
  readonly eligible: boolean;
  readonly schedule: readonly InstalmentView[];
  readonly fees: Money;
  readonly total: Money;
  readonly creditAdvanced: Money;
  /** Annual percentage rate as a fraction (0.0949 is 9.49 %). */
  readonly apr: number;
}

export interface FinancingMethodView extends MethodViewBase {
  readonly method: 'oney';
  readonly plans: readonly FinancingPlanView[];
}

export interface OtherMethodView extends MethodViewBase {
  readonly method: 'applepay' | 'paypal' | 'wero' | 'ancv';
}

export type MethodView = CardMethodView | FinancingMethodView | OtherMethodView;

export type Redirect = { readonly kind: 'navigate'; readonly url: string } | { readonly kind: 'form'; readonly url: string; readonly params: Readonly<Record<string, string>> };

export interface AttemptViewEntry {
  readonly attemptId: string;
  readonly method: MethodKind;
  readonly methodId: string;
  readonly status: AttemptStatus;
  readonly operation: 'authorization' | 'payment';
  readonly requested: Money;
  readonly granted: Money;
  readonly abandonable: boolean;
  readonly plan?: PlanKey;
  readonly partialAuth?: 'chosen' | 'mandated';
  readonly awaitingPartialDecision?: boolean;
  readonly cardScheme?: CardScheme;
  readonly redirect?: Redirect;
  readonly declineCategory?: DeclineCategory;
}

export interface CartItemView {
  readonly label: string;
  readonly quantity: number;
  readonly amount: Money;
}

export interface TermsEntry {
  readonly label: string;
  readonly url: string;
}

export interface SessionView {
  readonly status: SessionStatus;
  readonly currency: string;
  readonly total: Money;
  readonly remaining: Money;
  readonly expiresAt: number;
  readonly methods: readonly MethodView[];
  readonly orderId: string;
  readonly cartItems: readonly CartItemView[];
  readonly statementDescriptor?: string;
  readonly terms?: readonly TermsEntry[];
  readonly termsAcceptedAt?: number;
  readonly mustCreateAlias?: boolean;
  readonly attempts: readonly AttemptViewEntry[];
}

export const END_STATUSES: readonly EndStatus[] = ['PAID', 'ABORTED', 'EXPIRED', 'AWAITED_REFUSED'];

export function isEndStatus(status: SessionStatus): status is EndStatus {
  return (END_STATUSES as readonly string[]).includes(status);
}

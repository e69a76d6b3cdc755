/**
 * The session view as the elements doors answer it: the domain's own view types, imported as types
 * only (erased when bundled, so the browser bundle still carries only its own code), as they travel in
 * JSON (a branded currency code is a plain string here).
 */
import type * as Domain from '@splitpay/domain';

export type Money = Domain.JsonOf<Domain.Money>;
export type SessionStatus = Domain.SessionStatus;
export type AttemptStatus = Domain.AttemptStatus;
export type MethodKind = Domain.MethodKind;
export type CardScheme = Domain.CardScheme;
export type DeclineCategory = Domain.DeclineCategory;
export type PlanKey = Domain.PlanKey;
export type Redirect = Domain.JsonOf<Domain.Redirect>;
export type HostedFieldsView = Domain.JsonOf<Domain.HostedFieldsView>;
export type FinancingPlanView = Domain.JsonOf<Domain.FinancingPlanView>;
export type CardMethodView = Domain.JsonOf<Domain.CardMethodView>;
export type FinancingMethodView = Domain.JsonOf<Domain.FinancingMethodView>;
export type WalletMethodView = Domain.JsonOf<Domain.WalletMethodView>;
export type MerchantValidation = Domain.MerchantValidation;
export type MethodView = Domain.JsonOf<Domain.MethodView>;
export type AttemptViewEntry = Domain.JsonOf<Domain.AttemptViewEntry>;
/** `revision` may be absent: a service of before D85 sends none (a rolling deploy). */
export type SessionView = Omit<Domain.JsonOf<Domain.SessionView>, 'revision'> & { readonly revision?: number };

export type EndStatus = 'PAID' | 'ABORTED' | 'EXPIRED' | 'AWAITED_REFUSED';

export const END_STATUSES: readonly EndStatus[] = ['PAID', 'ABORTED', 'EXPIRED', 'AWAITED_REFUSED'];

export function isEndStatus(status: SessionStatus): status is EndStatus {
  return (END_STATUSES as readonly string[]).includes(status);
}

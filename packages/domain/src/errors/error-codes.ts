/** Codes any door may answer (the contract's "Errors", generic codes). */
export const GENERIC_ERROR_CODES = [
  'InvalidRequest',
  'InvalidRequestedAmount',
  'Unauthorized',
  'NotFound',
  'InvalidElementsToken',
  'SessionReadOnly',
  'SessionNotPending',
  'AttemptNotFound',
  'PartialAcceptanceNotApplicable',
  'TooManyRequests',
  'InternalError',
] as const;

/** Refusals of session creation (POST /api/sessions). */
export const SESSION_CREATION_REFUSALS = [
  'UnknownProvider',
  'ProviderNotContracted',
  'AmbiguousProvider',
  'NoProviderForMethod',
  'InvalidOrderReference',
  'DuplicateMethodId',
  'InvalidNotificationUrl',
  'UnknownBnplPlan',
  'DuplicatePlan',
  'BnplRequiresItemizedCart',
  'BnplNeedsBillingAddress',
  'AliasNeedsRegistrableMethod',
  'AliasRequiresChallenge',
] as const;

/** Refusals of the refund doors. */
export const REFUND_REFUSALS = [
  'NothingToRefund',
  'RefundInFlight',
  'RefundExceedsRefundable',
  'SessionNotEnded',
  'RefundNotSupported',
  'PartialRefundNotSupported',
  'NotARefundableOperation',
  'IdempotencyKeyConflict',
] as const;

/** Refusals of the notification replay. */
export const NOTIFICATION_REFUSALS = ['NotificationNotAbandoned', 'NoNotificationUrl'] as const;

/** Refusals of the payer flow (docs/decisions.md D13). */
export const PAYER_FLOW_REFUSALS = [
  'MethodNotFound',
  'MethodNotEligible',
  'AmountOutOfRange',
  'AmountExceedsRemaining',
  'PlanNotOffered',
  'TermsNotAccepted',
  'AttemptInFlight',
  'AttemptNotCancellable',
  'AttemptNotAbandonable',
  'ConfirmNotApplicable',
] as const;

/**
 * Every error code of the contract (the contract's "Errors", docs/decisions.md D13).
 * Codes are stable; only the HTTP adapter maps them to statuses.
 */
export const ERROR_CODES = [
  ...GENERIC_ERROR_CODES,
  ...SESSION_CREATION_REFUSALS,
  ...REFUND_REFUSALS,
  ...NOTIFICATION_REFUSALS,
  ...PAYER_FLOW_REFUSALS,
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** How the contract groups a code; the HTTP adapter derives the status from it. */
export type ErrorKind =
  | 'invalid' // 400
  | 'unauthorized' // 401
  | 'not-found' // 404
  | 'conflict' // 409: the state forbids it now
  | 'refusal' // 422: the rules forbid it
  | 'rate-limited' // 429
  | 'internal'; // 500

export const ERROR_KIND: Record<ErrorCode, ErrorKind> = {
  InvalidRequest: 'invalid',
  InvalidRequestedAmount: 'invalid',
  Unauthorized: 'unauthorized',
  InvalidElementsToken: 'unauthorized',
  NotFound: 'not-found',
  AttemptNotFound: 'not-found',
  MethodNotFound: 'not-found',
  SessionReadOnly: 'conflict',
  SessionNotPending: 'conflict',
  PartialAcceptanceNotApplicable: 'conflict',
  NothingToRefund: 'conflict',
  RefundInFlight: 'conflict',
  SessionNotEnded: 'conflict',
  IdempotencyKeyConflict: 'conflict',
  NotificationNotAbandoned: 'conflict',
  MethodNotEligible: 'conflict',
  TermsNotAccepted: 'conflict',
  AttemptInFlight: 'conflict',
  AttemptNotCancellable: 'conflict',
  AttemptNotAbandonable: 'conflict',
  ConfirmNotApplicable: 'conflict',
  UnknownProvider: 'refusal',
  ProviderNotContracted: 'refusal',
  AmbiguousProvider: 'refusal',
  NoProviderForMethod: 'refusal',
  InvalidOrderReference: 'refusal',
  DuplicateMethodId: 'refusal',
  InvalidNotificationUrl: 'refusal',
  UnknownBnplPlan: 'refusal',
  DuplicatePlan: 'refusal',
  BnplRequiresItemizedCart: 'refusal',
  BnplNeedsBillingAddress: 'refusal',
  AliasNeedsRegistrableMethod: 'refusal',
  AliasRequiresChallenge: 'refusal',
  RefundExceedsRefundable: 'refusal',
  RefundNotSupported: 'refusal',
  PartialRefundNotSupported: 'refusal',
  NotARefundableOperation: 'refusal',
  NoNotificationUrl: 'refusal',
  AmountOutOfRange: 'refusal',
  AmountExceedsRemaining: 'refusal',
  PlanNotOffered: 'refusal',
  TooManyRequests: 'rate-limited',
  InternalError: 'internal',
};

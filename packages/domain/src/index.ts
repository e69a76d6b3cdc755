/**
 * The domain's public API: what the other packages use, named. Anything else stays inside the
 * package; name a symbol here when another package needs it. Test support is apart:
 * `@splitpay/domain/src/testing`.
 */

// Money, ids and errors
export { DomainError, isDomainError, refuse } from './errors/domain-error';
export { ERROR_KIND, REFUND_REFUSALS, SESSION_CREATION_REFUSALS } from './errors/error-codes';
export type { ErrorCode, ErrorKind } from './errors/error-codes';
export { isUuid, merchantId, UUID_PATTERN } from './ids/ids';
export type { AttemptId, MerchantId, SessionId, TransactionId } from './ids/ids';
export { money } from './money/money';
export { isAssignedCountry, isAssignedCurrency, isCurrencyCode } from './money/currency';
export { ISO_4217_WITHOUT_MINOR_UNIT, minorUnitsOf } from './money/iso-4217-minor-units';
export type { Money } from './money/money';
export type { CurrencyCode } from './money/currency';
export type { JsonOf } from './shared/json-of';
export { assertUnreachable } from './shared/brand';
export { cutText } from './shared/cut-text';
export type { HitCount } from './shared/hit-count';
export { PLAIN_TEXT_PATTERN, PLAIN_TEXT_RULE, spacedControls } from './shared/plain-text';

// The model
export { ATTEMPT_STATUSES } from './attempt/attempt.model';
export type { Attempt, AttemptStatus, PageAction, Redirect } from './attempt/attempt.model';
export type { Chargeback } from './chargeback/chargeback.model';
export { contractIdOf } from './merchant/merchant-account.model';
export { isVerbatimHeaderValue, webhookAuthorizationProblem } from './merchant/webhook-authorization.rule';
export type { Contact, ContactRole, Contract, MerchantAccount } from './merchant/merchant-account.model';
export { CARD_SCHEMES, FINANCING_METHOD_KINDS, isFinancingMethod, METHOD_KINDS, PLAIN_HOLD_CAPABILITIES } from './method/method';
export type { CardScheme, CreateAlias, DeclineCategory, DriverCapabilities, FinancingMethodKind, MethodKind, MethodOffer, PlanKey } from './method/method';
export { SESSION_STATUSES } from './session/session.model';
export type { CreationIdempotency, Delivery, Session, SessionStatus } from './session/session.model';
export { TRANSACTION_TYPES, VERDICT_KINDS } from './transaction/transaction.model';
export type { Transaction, TransactionType, VerdictKind } from './transaction/transaction.model';

// PSP drivers, their plugins and registry
export { contractSettingsProblem, secretSettingNames } from './psp/contract-setting';
export type { ContractSettingSpec } from './psp/contract-setting';
export type {
  ConfirmInput, DriverAck, DriverCall, DriverOrder, FollowUpInput, FollowUpLookupInput, InboundNotification, LookupInput,
  NotificationContext, NotificationReply, OpenInput, OpenOutput, OperationOutput,
  ParsedNotification, PayerDevice, PspDriver, PspProvider, ReturnInput, ActionResultInput, WalletSessionInput, WalletSessionOutput,
} from './psp/psp-driver.port';
export type { OperationRef, PspFact } from './psp/psp-fact';
export type { PspPlugin, PspPluginDeps } from './psp/psp-plugin.port';
export { PspRegistry } from './psp/psp-registry';
export { isTransportFailureCode, namesAnAddress, timedOut, transportFailureMessage } from './psp/transport-failure';

// Ports
export type {
  AuthorizationCodeRecord, AuthorizationCodeRepository, RefreshRotation, RefreshTokenIssue, RefreshTokenRecord,
  RefreshTokenRepository,
} from './ports/auth-grant.repository.port';
export type { AbandonedChargebackPage, AbandonedChargebackPosition, AbandonedChargebackSearch, ChargebackRepository } from './ports/chargeback.repository.port';
export { CHARGEBACKS_PER_SESSION_LIMIT } from './ports/chargeback.repository.port';
export type { Clock } from './ports/clock.port';
export type { Timer } from './ports/timer.port';
export type { IdGenerator } from './ports/id-generator.port';
export type { KeysetPosition, Page, SearchWindow } from './ports/keyset';
export { LevelWriter } from './ports/logger.port';
export type { LogLevel, LogFields, Logger } from './ports/logger.port';
export type { MerchantAccountRepository } from './ports/merchant-account.repository.port';
export type { Metrics } from './ports/metrics.port';
export type { DerivedElementsTokens, PasswordHasher, SecretSealer, TokenMinter } from './ports/secrets.port';
export type {
  AbandonedNotificationPage, AbandonedNotificationPosition, AbandonedNotificationSearch,
  AttemptHit, AttemptSearch, KeyedInsert, SaveOptions, SaveResult, SessionRepository, SessionSearch,
  TransactionHit, TransactionSearch,
} from './ports/session.repository.port';
export type { DeliveryOutcome, WebhookMessage, WebhookSender } from './ports/webhook-sender.port';

// Session creation
export { createSession } from './creation/create-session';
export { checkMethodIds } from './creation/method-id.rule';
export { checkMethodCount, MAX_METHOD_ENTRIES } from './creation/method-count.rule';
export { checkNotificationUrl, hostReach } from './creation/notification-url.rule';
export { checkOrderReference, MAX_ORDER_ID_LENGTH } from './creation/order-reference.rule';
export { LAST_TIME_MS, MAX_SESSION_TTL_MS, MIN_SESSION_TTL_MS } from './creation/session-ttl.rule';
export { offerCapabilities, type PspCatalog } from './creation/provider.rule';
export { canonicalRequestText } from './creation/canonical-request';
export type { MethodEntry, SessionRequest } from './creation/session-request.model';

// The session aggregate: its states and the pure commands over a session
export { applyFact, applyFacts } from './session/apply-fact';
export { DEFAULT_POLICY } from './session/domain-context';
export type { DomainContext, DomainPolicy } from './session/domain-context';
export { lookupsStoppedSince } from './session/late-lookups';
export type { StoppedLookup } from './session/late-lookups';
export { overdueAuthorizations, recordLookupOutcome } from './session/overdue';
export { followUpLookupsDue, followUpLookupsStoppedSince, recordFollowUpLookup } from './session/follow-up-lookups';
export type { DueFollowUpLookup, StoppedFollowUpLookup } from './session/follow-up-lookups';
export type { LookupOutcome, OverdueAuthorization } from './session/overdue';
export { markVerdictsOverdue, verdictsOverdueSince } from './session/verdict-overdue';
export type { OverdueVerdict } from './session/verdict-overdue';
export { operationsOwedSince, owedOperations, recordDispatch } from './session/owed-operations';
export { timeFirstSends } from './session/first-sends';
export { firstSendDelayMs } from './transaction/follow-up';
export {
  OPERATOR_STATUS_MESSAGE_MAX_LENGTH,
  operatorNoteMaxLength,
  operatorNotePrefix,
  operatorStatusMessage,
  settleGivenUpOperation,
  type OperatorVerdict,
  type SettledByOperator,
} from './session/settle-given-up';
export type { DispatchOutcome, OwedOperation } from './session/owed-operations';
export { acceptPartial } from './session/partial-decision';
export { abandonAttempt, abandonSession, cancelAttempt } from './session/payer-decisions';
export { recordOpenOutcome } from './session/record-open-outcome';
export type { OpenOutcome } from './session/record-open-outcome';
export { refuseOpening } from './session/refuse-opening';
export type { OpeningRefusal } from './session/refuse-opening';
export { nextDueAt, nextNotificationAt } from './session/schedule';
export { findOffer } from './session/session-edit';
export { elementsGraceOver, hasEnded } from './session/session-ended.rule';
export { isTerminalSessionStatus } from './session/session.state';
export { attemptStartedWith, startAttempt, startKeyRecorded } from './session/start-attempt';
export { acceptTerms } from './session/terms';
export { expireIfDue, refuseAwaitingIfDue } from './session/timeouts';
export { awaitingWallet, markConfirmSent } from './session/wallet-confirm';
export { markPayerReturned } from './session/payer-returned';
export { takePageAction } from './session/page-action';

// Rules
export { chargebackTarget } from './chargeback/chargeback-target.rule';
export { refundable } from './rules/refundable.rule';
export { registrationAsked } from './rules/registration-asked.rule';
export { cardholderFallback } from './rules/cardholder-name.rule';
export { unusableWithoutReturnUrl } from './rules/return-url.rule';

// Refunds
export { refundSession } from './refund/refund-session';
export { requestOperationRefund } from './refund/refundable-operation.rule';
export { requestRefund } from './refund/request-refund';

// Webhook messages and their delivery calendar
export { buildChargebackPayload, chargebackEventFields, chargebackNotificationId } from './notification/chargeback.payload';
export type { ChargebackEventFields } from './notification/chargeback.payload';
export { isDeliveryDue, isDeliveryOwed, openDelivery, rearm, recordDeliveryOutcome } from './notification/delivery-calendar';
export { buildSessionEndedPayload, sessionEndedNotificationId } from './notification/session-ended.payload';

// The payer's view
export type { AttemptViewEntry, CardMethodView, FinancingMethodView, FinancingPlanView, HostedFieldsView, MerchantValidation, MethodView, SessionView, WalletMethodView } from './view/session-view.model';
export { sessionView } from './view/session-view';

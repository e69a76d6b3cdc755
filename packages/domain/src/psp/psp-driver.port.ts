import type { PageAction, Redirect } from '../attempt/attempt.model';
import type { AttemptId, TransactionId } from '../ids/ids';
import type { DeclineCategory, DriverCapabilities, MethodKind, MethodOffer, PlanKey } from '../method/method';
import type { Money } from '../money/money';
import type { Address, CartItem, Customer, Travel } from '../session/session.model';
import type { OperationRef, PspFact } from './psp-fact';

/**
 * What the driving call answered. `accepted`: the PSP took the request (the verdict may still come
 * out-of-band); `rejected`: the PSP refused the request itself; `unknown`: no usable answer came
 * (transport failure, timeout), so the outcome must be looked up or retried with the same key.
 */
export interface DriverAck {
  readonly outcome: 'accepted' | 'rejected' | 'unknown';
  readonly code?: string;
  /** What the call said, a transport failure's raw cause included (its error code: never a host or port, which only the driver's log line holds). Never a secret. */
  readonly message?: string;
  /** Absent when no HTTP response ever came. */
  readonly httpStatus?: number;
  readonly providerRef?: string;
  /** For a rejected authorization: what the refusal means, when readable. */
  readonly category?: DeclineCategory;
  /**
   * For an `unknown` capture, void or refund sent again: the PSP may have acted on an earlier send and
   * nothing it answers can tell (a PSP without idempotency key), so sending once more could move the
   * money twice. The service stops sending it and leaves it pending for the operator.
   */
  readonly unverifiable?: boolean;
  /**
   * For an `unknown` capture, void or refund: this send certainly moved nothing (refused before the PSP
   * read it: a rate limit, a request not read in time, our key refused at its gateway; or the action
   * never sent). It is not counted among the sends the PSP may have acted on (`FollowUpInput.tries`).
   */
  readonly notTaken?: boolean;
}

/** Settings every call carries: the contract's provider settings and a stable idempotency key. */
export interface DriverCall {
  /** Our transaction id of this operation: the PSP idempotency key and our reference at the PSP. */
  readonly transactionId: TransactionId;
  readonly attemptId: AttemptId;
  /** orderId plus a 9-character per-operation suffix (at most 40 characters). */
  readonly reference: string;
  readonly offer: MethodOffer;
  readonly settings: Readonly<Record<string, unknown>>;
}

/** The order as the merchant gave it at session creation: what a driver may send its PSP of it. */
export interface DriverOrder {
  readonly orderId: string;
  readonly customer?: Customer;
  readonly billing?: Address;
  readonly shipping?: Address;
  readonly cartItems?: readonly CartItem[];
  readonly travel?: Travel;
  readonly statementDescriptor?: string;
  readonly extraData?: string;
}

/**
 * The payer's device as the request driving the call saw it (the payer's own request to an elements
 * door): personal data for the PSP's 3-D Secure and risk checks, handed to the driver only, never
 * stored or logged. Absent when no payer request drives the call (a lookup, a worker's follow-up).
 */
export interface PayerDevice {
  /** The payer's IP address (Express's req.ip under the service's TRUST_PROXY), when the door knows it. */
  readonly ip?: string;
}

export interface OpenInput extends DriverCall {
  readonly amount: Money;
  readonly plan?: PlanKey;
  /** Method-specific input from the page (an acquirer token, the fake card form). Never stored or logged. */
  readonly payerInput?: Readonly<Record<string, unknown>>;
  /** The order asked to register the payer's means. */
  readonly registerAlias: boolean;
  readonly order: DriverOrder;
  /** Where the PSP sends the payer back (the service's return door for this attempt). */
  readonly returnUrl: string;
  /** Where the PSP posts its verdicts (the service's /psp/{provider}/notifications). */
  readonly notificationUrl: string;
  /** The device of the payer whose request opens the attempt. Never stored or logged. */
  readonly payerDevice?: PayerDevice;
}

export interface OpenOutput {
  readonly ack: DriverAck;
  readonly redirect?: Redirect;
  /** An action the PSP's script runs in the payer's page (its result comes back to `completeAction`). */
  readonly pageAction?: PageAction;
  /** Verdicts the driving call already carried (rare: most arrive out-of-band). */
  readonly facts: readonly PspFact[];
}

export interface ConfirmInput extends DriverCall {
  readonly amount: Money;
  readonly providerRef?: string;
  /** The in-page wallet's payment token, verbatim. Never stored or logged. */
  readonly payerInput: Readonly<Record<string, unknown>>;
  /**
   * The same order the open carried: a PSP that makes the payment at confirm (Adyen's Apple Pay)
   * sends it there, and a driver keeps nothing between open and confirm.
   */
  readonly order: DriverOrder;
  /** The service's return door for this attempt (a PSP may require one even for an in-page wallet). */
  readonly returnUrl?: string;
  /** The device of the payer whose request confirms (a PSP paying at confirm sends it). Never stored or logged. */
  readonly payerDevice?: PayerDevice;
}

/** Capture, void or refund of the operation `target` (the authorization or the direct payment). */
export interface FollowUpInput extends DriverCall {
  readonly amount: Money;
  readonly target: OperationRef;
  /**
   * The attempt's opening operation (the authorization or the payment). A refund's target is the
   * capture that took the money; a PSP whose modifications always name the payment (Adyen) uses this.
   */
  readonly opening?: OperationRef;
  /**
   * Sends of this operation already made without a usable answer that the PSP may have acted on
   * (absent or 0: none; a send answered `notTaken` is not counted, D154). A send whose sender died
   * before recording any ack counts as one: the worker that takes it over says at least 1 (D134). Read
   * it as "may the PSP have acted on an earlier send" (> 0), not as an exact count. A PSP without
   * idempotency key checks what an earlier send did before sending it again.
   */
  readonly tries?: number;
  /**
   * A refund only: it hands back all the money the attempt still holds (what it took less what was
   * refunded, no other refund in flight). A PSP whose earlier send cannot be checked may tell by it
   * that a whole cancel would have closed the payment (D154).
   */
  readonly wholeRemainder?: boolean;
}

export interface OperationOutput {
  readonly ack: DriverAck;
  readonly facts: readonly PspFact[];
}

export interface LookupInput extends DriverCall {
  readonly target: OperationRef;
  readonly amount: Money;
}

/**
 * A capture, void or refund the PSP took without its verdict (it answered pending), looked up later
 * (capabilities.followUpLookup). `transactionId` is the follow-up's own.
 */
export interface FollowUpLookupInput extends DriverCall {
  readonly type: 'capture' | 'void' | 'refund';
  readonly amount: Money;
  /** The follow-up itself: our transaction id, and the PSP's reference when its answer gave one. */
  readonly operation: OperationRef;
  /** The attempt's opening operation (the authorization or the payment). */
  readonly opening: OperationRef;
}

/**
 * An in-page wallet's sheet asks the service to validate the merchant (Apple Pay's
 * onvalidatemerchant): the PSP opens a wallet session the page hands to the sheet as is.
 */
export interface WalletSessionInput extends DriverCall {
  /** The page's host name, as registered for the wallet (window.location.hostname). */
  readonly domainName: string;
  /** The wallet's validation URL, for a merchant holding its own wallet certificate (unused when the PSP holds it). */
  readonly validationUrl?: string;
}

export interface WalletSessionOutput {
  readonly ack: DriverAck;
  /** The opaque wallet session (Apple's merchant session), present when accepted. Never stored or logged. */
  readonly walletSession?: Readonly<Record<string, unknown>>;
}

/**
 * The payer came back through the return door while the opening still awaits its verdict (after a
 * 3-D Secure page, a wallet's approval): what the PSP put on the return, for the driver to finish it.
 */
export interface ReturnInput extends DriverCall {
  /** The opening operation (our transaction id, and the PSP's ref once known). */
  readonly target: OperationRef;
  readonly amount: Money;
  /** Query and form fields of the return request, verbatim (e.g. Adyen's redirectResult). Never stored or logged. */
  readonly params: Readonly<Record<string, string>>;
}

/**
 * The payer's page ran the in-page action the opening (or a previous `completeAction`) answered, and
 * sends its result through the confirm door, while the opening still awaits its verdict.
 */
export interface ActionResultInput extends DriverCall {
  /** The opening operation (our transaction id, and the PSP's ref once known). */
  readonly target: OperationRef;
  readonly amount: Money;
  /** What the PSP's script handed the page (e.g. Adyen's `threeDSResult`), verbatim. Never stored or logged. */
  readonly details: Readonly<Record<string, string>>;
  /** The device of the payer whose request sends it. Never stored or logged. */
  readonly payerDevice?: PayerDevice;
}

/**
 * One PSP's support of one method, speaking the PSP's documented API. Drivers are found in a
 * registry keyed by (provider, method); the core never switches on a provider's name. PSP refusals
 * are facts or rejected acks; exceptions are bugs only (transport faults become `unknown` acks).
 */
export interface PspDriver {
  readonly provider: string;
  readonly method: MethodKind;
  readonly capabilities: DriverCapabilities;
  /**
   * What the driver does under one contract, when a contract setting changes it (Worldline's Wero is a
   * hold or a direct payment as the contract says): read from the contract's non-secret settings at
   * session creation and snapshotted into the offer. Absent: `capabilities`, whatever the contract.
   */
  capabilitiesFor?(settings: Readonly<Record<string, unknown>>): DriverCapabilities;
  /** Opens the attempt at the PSP: authorize a hold, start a payment, or create the redirect. */
  open(input: OpenInput): Promise<OpenOutput>;
  /** Second leg of an in-page wallet (capabilities.confirm). */
  confirm?(input: ConfirmInput): Promise<OperationOutput>;
  /** An in-page wallet's merchant validation, before its sheet shows (Apple Pay). */
  walletSession?(input: WalletSessionInput): Promise<WalletSessionOutput>;
  capture(input: FollowUpInput): Promise<OperationOutput>;
  void(input: FollowUpInput): Promise<OperationOutput>;
  refund(input: FollowUpInput): Promise<OperationOutput>;
  /** Status query for an overdue verdict (capabilities.statusLookup); the answer is authoritative. */
  lookup?(input: LookupInput): Promise<OperationOutput>;
  /**
   * Status query for a capture, void or refund the PSP took without its verdict
   * (capabilities.followUpLookup): its facts are applied like a notification's; none while the PSP
   * still says pending. Without it, such a verdict only comes from a notification.
   */
  lookupFollowUp?(input: FollowUpLookupInput): Promise<OperationOutput>;
  /**
   * Finishes the opening when the payer comes back through the return door (Adyen's
   * /payments/details, PayPal's order authorization). Its facts are applied like a notification's;
   * a driver whose verdict only comes out-of-band has none.
   */
  completeReturn?(input: ReturnInput): Promise<OperationOutput>;
  /**
   * Sends the result of an in-page action (`OpenOutput.pageAction`) to the PSP (Adyen's
   * /payments/details after a native 3-D Secure 2 fingerprint or challenge). Its answer is recorded
   * like the opening's: an ack, another page action or a redirect, rarely a verdict.
   */
  completeAction?(input: ActionResultInput): Promise<OpenOutput>;
  /** Card fronts that load an acquirer SDK: the public hosted-fields settings of the view. */
  hostedFields?(settings: Readonly<Record<string, unknown>>): { keyId: string; key: string; sdkUrl: string } | undefined;
}

/** An inbound PSP notification as the HTTP adapter received it. */
export interface InboundNotification {
  readonly headers: Readonly<Record<string, string | undefined>>;
  readonly rawBody: string;
  readonly query: Readonly<Record<string, string | undefined>>;
}

export interface NotificationReply {
  readonly status: number;
  readonly contentType: string;
  readonly body: string;
}

/**
 * The result of reading an inbound notification. Unauthenticated or unparseable ones carry no
 * facts (they change nothing) and are logged without their body.
 */
export type ParsedNotification =
  | { readonly kind: 'accepted'; readonly facts: readonly PspFact[]; readonly reply: NotificationReply }
  | { readonly kind: 'rejected'; readonly reason: string; readonly reply: NotificationReply };

/**
 * A PSP: its drivers (one per method) and the reader of its notifications. `parseNotification`
 * verifies the PSP's signature with the secrets the provider was built with or, for a PSP that signs
 * per merchant account (Adyen's HMAC key is a contract setting), with the settings `context` finds
 * for the operation the notification names.
 */
export interface PspProvider {
  readonly id: string;
  /**
   * The PSP's name as merchants know it ("PayPal"), for the dashboard's provider list when its
   * catalogue has no word of its own; absent, the id stands for it.
   */
  readonly displayName?: string;
  readonly drivers: readonly PspDriver[];
  parseNotification(notification: InboundNotification, context?: NotificationContext): Promise<ParsedNotification>;
}

/** What the service lends a notification reader. */
export interface NotificationContext {
  /**
   * The settings (secrets opened) of the contract chosen for the session operation `ref` names, our
   * transaction id first, else the PSP's reference; undefined when no session of this provider holds it.
   */
  settingsFor(ref: OperationRef): Promise<Readonly<Record<string, unknown>> | undefined>;
}

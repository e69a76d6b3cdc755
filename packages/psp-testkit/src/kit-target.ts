import type {
  Contract,
  DeclineCategory,
  DriverAck,
  FollowUpInput,
  InboundNotification,
  LookupInput,
  MethodKind,
  Money,
  OpenInput,
  PageAction,
  PlanKey,
  PspFact,
  PspPlugin,
  Redirect,
  SessionRequest,
} from '@splitpay/domain';

/**
 * What a driver author hands the kit: how to start a scripted PSP (nock for a real provider; the fake
 * PSP over HTTP for psp-fake), the provider package's plugin, and the script of the PSP's answers. The
 * kit builds the provider through the plugin's `create` with its own logger, clock and timeout (as the
 * service does), then checks the driver through the PspDriver and PspProvider ports only.
 */
export interface PspKitTarget {
  /** Names the suite, e.g. `adyen card`. */
  readonly name: string;
  readonly provider: string;
  readonly method: MethodKind;
  /** Every decline category the driver maps: the script plays a refusal for each (`script.declines`). */
  readonly declines: readonly DeclineCategory[];
  /**
   * The PSP signs its notifications, so a forged or unsigned one must be rejected. False for a PSP whose
   * notifications are unsigned hints the driver confirms by a status query (Oney): the driver must then
   * declare statusLookup, and a forged notification the query contradicts (`script.claimAuthorized`)
   * must not be believed.
   */
  readonly signedNotifications: boolean;
  /**
   * The provider reads the PSP's dispute notifications (a chargeback, its reversal): the script must
   * then play one (`script.chargeback`), which the reader must turn into a `chargeback` fact. False for
   * a PSP that notifies no dispute (Oney).
   */
  readonly readsDisputes: boolean;
  /** Fields a session of this method needs besides its amount and method (financing: customer, billing, cart). */
  readonly order?: Partial<Omit<SessionRequest, 'methods' | 'total' | 'currency'>>;
  /** Financing: the plan the payer picks (one of the contract's plans). */
  readonly plan?: PlanKey;
  /** Contract terms besides method and provider (plans of a lender contract...). */
  readonly contract?: Partial<Omit<Contract, 'method' | 'provider'>>;
  /** Currency of the amounts the kit asks for; default EUR. */
  readonly currency?: string;
  /** Limit of one check in ms (a driver's timeout included); default 20 s. */
  readonly checkTimeoutMs?: number;
  /** Starts the scripted PSP for one check; the kit builds the provider from the run's plugin, and stops the run after. */
  start(): Promise<PspKitRun>;
}

/** One scripted PSP, and the plugin that builds the provider talking to it. */
export interface PspKitRun {
  /**
   * The provider package's plugin (what the server registers), its `id` the target's provider. The kit
   * calls `create` with the kit's logger, a clock and `KIT_PSP_TIMEOUT_MS`, as the service passes
   * them: the provider logs where the kit reads and times its calls on the service's deadline. Its
   * `settings` are the declared ones: the values of the secret ones must never reach a log line or an answer.
   */
  readonly plugin: PspPlugin;
  /** The contract settings every call carries, secrets opened (as the service hands them). */
  readonly settings: Readonly<Record<string, unknown>>;
  /** Where the PSP posts its verdicts (what the service would give: /psp/{provider}/notifications). */
  readonly notificationUrl: string;
  /** The service's return door for an attempt. */
  returnUrl(attemptId: string): string;
  readonly script: PspKitScript;
  /** Besides the secret settings: values that must never be logged or answered (card data, wallet tokens). */
  readonly secrets: readonly string[];
  stop(): Promise<void>;
}

/**
 * How an opening plays at the PSP. The kit calls open with `payerInput`, then (in-page wallets) confirm
 * with `walletToken`, then after a redirect lets the payer act at the PSP and come back, then reads the
 * notifications the PSP posts.
 */
export interface OpeningPlay {
  /** The page's input for open (card fields, encrypted fields). */
  readonly payerInput?: Readonly<Record<string, unknown>>;
  /** The in-page wallet's token for confirm (capabilities.confirm). */
  readonly walletToken?: Readonly<Record<string, unknown>>;
  /** The payer follows the redirect, acts at the PSP and comes back: the fields the PSP puts on the return. */
  payerReturns?(redirect: Redirect, ack: DriverAck): Promise<Readonly<Record<string, string>>>;
  /** The page runs the in-page action the driver relayed (the PSP's script, the payer): the result it posts to the confirm door. */
  pageRuns?(pageAction: PageAction, ack: DriverAck): Promise<Readonly<Record<string, string>>>;
  /** The notifications the PSP posts about the opening once the calls are made (none when the answers carried the verdict). */
  notifications(ack: DriverAck): Promise<readonly InboundNotification[]>;
  /**
   * The amount the PSP received for the opening, read off the request and converted by the target from
   * the PSP's unit to minor units (as `keysSeen` reports keys). Required of `authorize`.
   */
  amountSeen?(): number | undefined;
}

/** How a capture, void or refund plays at the PSP. */
export interface FollowUpPlay {
  /** The amount to ask for, when the script makes the PSP refuse by the amount (more than held). */
  readonly amount?: Money;
  notifications(ack: DriverAck): Promise<readonly InboundNotification[]>;
  /**
   * The amount the PSP received for the capture or refund, read off the request and converted by the
   * target to minor units. Required of `capture` and `refund`.
   */
  amountSeen?(): number | undefined;
}

/** A dispute as the PSP states it: the fields of the `chargeback` fact the reader must give. */
export type Dispute = Pick<Extract<PspFact, { kind: 'chargeback' }>, 'type' | 'amount' | 'reasonCode' | 'status' | 'date' | 'validUntil'>;

/** How a dispute plays at the PSP: what it says, and the notifications the PSP posts about it. */
export interface DisputePlay {
  readonly dispute: Dispute;
  notifications(): Promise<readonly InboundNotification[]>;
}

export type FollowUpOutcome = 'succeeds' | 'fails';
/** The operations that follow an opening. */
export type FollowUpKind = 'capture' | 'void' | 'refund';
/**
 * The connection reset; no answer before the driver's timeout (the PSP holds the call at least
 * `KIT_HANG_MS`); an answer with a 5xx status (the PSP may have acted).
 */
export type TransportFault = 'reset' | 'timeout' | '5xx';
/**
 * "Not now" (D134): the PSP, or a gateway before it, answers 408 (the request not read in time) or
 * 429 (rate limited), in its own words for it. Nothing was decided: never a refusal nor a decline.
 */
export type NotNowStatus = '408' | '429';

/**
 * The PSP's scripted answers. Each method arranges the PSP (nock interceptors, a fake card number)
 * before the kit makes the call it names. Optional parts are required when the driver's capabilities
 * declare them (partial authorization, redirect, void, status lookup).
 */
export interface PspKitScript {
  /** The PSP authorizes (or pays) the amount in full. */
  authorize(input: OpenInput): Promise<OpeningPlay>;
  /** Each decline category the driver maps: the PSP refuses for that reason. */
  readonly declines: Partial<Record<DeclineCategory, (input: OpenInput) => Promise<OpeningPlay>>>;
  /** The issuer grants less than asked (capabilities.partialAuthorization): and how much. */
  partialGrant?(input: OpenInput): Promise<OpeningPlay & { readonly granted: Money }>;
  /** An opening that sends the payer to the PSP (a redirect method, or a 3-D Secure card) and back. */
  redirect?(input: OpenInput): Promise<OpeningPlay>;
  /**
   * An opening whose PSP asks the page to run actions (3-D Secure 2 in the page: a fingerprint, then
   * a challenge), each result sent through `completeAction`, then authorizes in full. Required when
   * the driver has `completeAction`.
   */
  inPageAction?(input: OpenInput): Promise<OpeningPlay>;
  capture(input: FollowUpInput, outcome: FollowUpOutcome): Promise<FollowUpPlay>;
  /** capabilities.void */
  void?(input: FollowUpInput): Promise<FollowUpPlay>;
  refund(input: FollowUpInput, outcome: FollowUpOutcome): Promise<FollowUpPlay>;
  /**
   * readsDisputes: the payer disputes the money `input.target` took (the capture of a hold, else the
   * payment itself; `input.opening` names the opening) and the PSP notifies it.
   */
  chargeback?(input: FollowUpInput): Promise<DisputePlay>;
  /** capabilities.statusLookup: the PSP's status answer says the opening is authorized in full. */
  lookup?(input: LookupInput): Promise<void>;
  /**
   * capabilities.statusLookup: the next status query of the opening meets `kind` (the connection reset,
   * no answer before the driver's timeout, a 5xx answer; the query after it is answered as `lookup`
   * does). Required when the driver declares statusLookup.
   */
  lookupFault?(input: LookupInput, kind: TransportFault): Promise<void>;
  /**
   * From now on the PSP holds every call the driver makes, whatever its path or method (a token, a
   * search, a status read, the operation itself, each resend), at least `KIT_HANG_MS`: a nock
   * interceptor matching everything (`holdEveryNockedCall`), a socket never answered. The kit calls it
   * after arranging what comes before the held call (an answered open before a held confirm, the
   * payer's return before a held return), so nothing follows the hang. `held()` counts the calls held.
   */
  holdsEveryCall(): Promise<{ held(): number }>;
  /**
   * The opening of `input` meets "not now": its payment call (the open, or for a driver with `confirm`
   * its confirm after an answered open) is answered `status` once; a resend of it is answered as
   * `authorize` answers. Gives what the payer's page sends (as `authorize` does) and `keysSeen`: the
   * idempotency key of each send of the payment call, as the PSP received it (one entry per send).
   */
  openingNotNow(input: OpenInput, status: NotNowStatus): Promise<Pick<OpeningPlay, 'payerInput' | 'walletToken'> & { keysSeen(): readonly string[] }>;
  /**
   * Variants of a valid notification that the provider must reject: `forged` (the signature does not
   * match the body), `unsigned` (no signature at all). Only with signedNotifications.
   */
  forge?(valid: InboundNotification): { readonly forged: InboundNotification; readonly unsigned: InboundNotification };
  /**
   * Unsigned notifications only (required then): `valid`, a notification the PSP posted about an
   * opening it refused, rewritten as a forger would to claim that opening authorized (its status
   * query still says refused). The reader must take the verdict from the query.
   */
  claimAuthorized?(valid: InboundNotification): InboundNotification;
  /**
   * The next `operation` call of `input` meets a transport fault (the connection reset, no answer
   * before the driver's timeout, or a 5xx answer) or "not now" (an answer with status 408 or 429, the
   * PSP's own body for it); the call after it is answered normally (accepted).
   * `keysSeen` lists the idempotency keys of both calls, as the PSP received them. The kit plays it on
   * every follow-up the driver declares: the capture of a hold, its void, the refund (of the capture,
   * `input.target`, or of a direct payment).
   */
  transportFault(kind: TransportFault | NotNowStatus, operation: FollowUpKind, input: FollowUpInput): Promise<{ keysSeen(): readonly string[] }>;
}

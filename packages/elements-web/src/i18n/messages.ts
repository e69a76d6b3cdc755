import type { DeclineCategory, EndStatus, MethodKind } from '../types/session-view';
import type { RowStatus } from '../state/derive';

/**
 * Every string the components show. Amounts and dates arrive formatted for the locale; labels the
 * merchant gave (methods, cart lines, terms) are shown as given and never pass through here.
 */
export interface Messages {
  readonly regionLabel: string;
  readonly orderHeading: string;
  readonly total: string;
  readonly quantity: (n: number) => string;
  readonly remainingOf: (remaining: string, total: string) => string;
  readonly statementDescriptor: (descriptor: string) => string;
  readonly paymentsHeading: string;
  readonly requestedWas: (requested: string) => string;
  readonly remove: string;
  readonly removeLabel: (amount: string, method: string) => string;
  readonly stop: string;
  readonly stopLabel: (amount: string, method: string) => string;
  readonly continueAt: (method: string) => string;
  readonly methodName: Readonly<Record<MethodKind, string>>;
  /** A ledger row's status (the other statuses show no row). */
  readonly attemptStatus: Readonly<Record<RowStatus, string>>;
  readonly releasing: string;
  /** A row's status when its money was taken and nothing hands it back (the view's `kept`; the words of `kept`). */
  readonly keptStatus: string;
  readonly declined: (method: string, amount: string, reason: string) => string;
  /** An attempt cancelled at the PSP's page (or stopped by the payer): nothing was taken. */
  readonly cancelledAttempt: (method: string, amount: string) => string;
  /** A card grant the service refused: its network (when named) is not among those the entry accepts (listed when the view lists them). */
  readonly networkRefused: (method: string, amount: string, network: string | undefined, accepted: string | undefined) => string;
  readonly declineReason: Readonly<Record<DeclineCategory | 'unclassified', string>>;
  /** A method whose refusal is not the bank's (a wallet, a lender): its reason in place of `declineReason['bank-refusal']`. */
  readonly refusedBy: Readonly<Partial<Record<MethodKind, string>>>;
  readonly methodsLegend: string;
  readonly notEligible: string;
  /** An ineligible entry the amount does not explain (e.g. a redirected method in a session without returnUrl). */
  readonly notEligibleForOrder: string;
  readonly rangeHint: (min: string, max: string) => string;
  readonly settlesRemaining: string;
  readonly walletUnavailable: string;
  readonly amountLabel: string;
  readonly amountHint: (min: string, max: string) => string;
  readonly amountLocked: string;
  readonly payRemaining: (amount: string) => string;
  readonly afterThisPayment: (amount: string) => string;
  readonly strandedWarning: string;
  readonly amountInvalid: string;
  /**
   * The amount field holds no amount the page's locale and the currency read (D115-b: another locale's
   * mark, too many decimals); `example` is the remaining balance as the field takes it (D149-d). A
   * merchant's override written before D149 as plain text still shows as written.
   */
  readonly amountUnreadable: string | ((example: string) => string);
  readonly cardLegend: string;
  readonly cardNumber: string;
  readonly cardExpiry: string;
  readonly cardExpiryHint: string;
  /** The expiry is not a month and year the form can read. */
  readonly cardExpiryInvalid: string;
  /** Added to a refusal's notice when its start emptied the typed card fields (D27: no card data kept). */
  readonly cardDetailsCleared: string;
  readonly cardCvc: string;
  readonly cardHolder: string;
  readonly cardSchemes: (schemes: string) => string;
  readonly cardWillBeSaved: string;
  readonly cardFieldMissing: string;
  /** The number is not 12 to 19 digits (spaces aside): the service would refuse it. */
  readonly cardNumberInvalid: string;
  /** The security code is not 3 or 4 digits. */
  readonly cardCvcInvalid: string;
  readonly hostedLoading: string;
  /** Said (politely, once) when an acquirer's card form said not loaded becomes usable after all. */
  readonly hostedReady: string;
  /** Where the card's bank checks the payer in the page (3-D Secure run in the page). */
  readonly bankCheck: string;
  /** The issuer's 3-D Secure challenge appeared in the page: said by the status region, and shown. */
  readonly bankChallenge: string;
  /** The short name of the challenge's container, which takes focus (not the sentence, said once by the region). */
  readonly bankChallengeName: string;
  /** A card's redirect waiting for the payer (its bank's 3-D Secure check): its button's `continueAt` name; the panel's heading is `bankChallenge`. */
  readonly yourBank: string;
  /** The acquirer's fields refused the card details (its adapter's `invalid-card-details`). */
  readonly cardDetailsInvalid: string;
  readonly plansLegend: string;
  readonly planTitle: (installments: number, withFees: boolean) => string;
  /** The plan's instalments: `first` then the equal others (`rest`); the same when all are equal. */
  readonly planInstalments: (installments: number, first: string, rest: string) => string;
  readonly planDue: (date: string, amount: string) => string;
  readonly planFees: (fees: string) => string;
  readonly planTotal: (total: string) => string;
  readonly planCredit: (credit: string) => string;
  readonly planApr: (apr: string) => string;
  readonly planMissing: string;
  readonly redirectNotice: (method: string) => string;
  readonly termsAccept: string;
  readonly termsRequired: string;
  /** Describes the terms links, which open beside the checkout. */
  readonly opensInNewTab: string;
  readonly pay: (amount: string, method: string) => string;
  /** Pay while the amount field holds no amount. */
  readonly payWith: (method: string) => string;
  readonly applePayButton: string;
  readonly cancelPayment: string;
  /**
   * Whether a tranche was paid (refunded on cancel) and one is held (released), and the methods of
   * those paid that nothing can refund (they stay paid); a plain string is said whatever they are.
   */
  readonly cancelPaymentConfirm: string | ((paid: boolean, held: boolean, kept?: string) => string);
  readonly cancelPaymentYes: string;
  readonly cancelPaymentNo: string;
  readonly partialHeading: string;
  readonly partialGranted: (granted: string, requested: string) => string;
  readonly partialAccept: (granted: string) => string;
  readonly partialRefuse: string;
  readonly partialRefused: (granted: string, requested: string, method: string, remaining: string) => string;
  /** Pay was pressed and the service has not answered yet. */
  readonly processing: string;
  readonly confirming: string;
  /** An attempt waiting for the payer on its PSP's page (back from it before finishing, a reload). */
  readonly finishAt: (method: string) => string;
  readonly finalising: string;
  readonly lenderReviewing: string;
  readonly heldOn: (amount: string, method: string, remaining: string) => string;
  readonly paidWith: (amount: string, method: string, remaining: string) => string;
  /** A tranche the payer removed (or a partial grant refused) is handed back. */
  readonly removed: (amount: string, method: string, remaining: string) => string;
  readonly ended: Readonly<Record<EndStatus, string>>;
  /** Said instead of an unpaid ending when money taken is not handed back (a sale its PSP cannot refund, D147-a). */
  readonly kept: (amount: string) => string;
  readonly linkExpired: string;
  /** By when the session must be paid (it dies then, and nothing is taken). */
  readonly payBy: (time: string) => string;
  readonly expiresSoon: (time: string) => string;
  /** The last read of the session failed (network, the service down); another is coming. */
  readonly unreachable: string;
  readonly reachableAgain: string;
  /** The unreachable notice's button: reads the session at once. */
  readonly checkAgain: string;
  readonly errors: Readonly<Record<string, string>>;
  readonly genericError: string;
}

export type MessageKey = keyof Messages;

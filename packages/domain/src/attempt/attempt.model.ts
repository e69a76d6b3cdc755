import type { AttemptId } from '../ids/ids';
import type { CardScheme, DeclineCategory, MethodKind, Operation, PlanKey } from '../method/method';
import type { Money } from '../money/money';
import type { Transaction } from '../transaction/transaction.model';

export const ATTEMPT_STATUSES = ['AUTHORIZING', 'AUTHORIZED', 'DECLINED', 'CANCELLED', 'CAPTURED', 'VOIDED'] as const;
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];

/** Where the payer's browser must go to continue an attempt at the PSP. */
export type Redirect =
  | { readonly kind: 'navigate'; readonly url: string }
  | { readonly kind: 'form'; readonly url: string; readonly params: Readonly<Record<string, string>> };

/**
 * Something the PSP's own script must run in the payer's page to continue an attempt, without leaving
 * it (a card's 3-D Secure 2 fingerprint or challenge, run in the page): the PSP's action object as the
 * PSP gave it, designed to be handed to the browser, opaque to the service. `hosted-fields`: the
 * adapter the card view's `hostedFields.sdkUrl` registers runs it, and its result comes back through
 * the confirm door (`completeAction` of the driver).
 */
export interface PageAction {
  readonly kind: 'hosted-fields';
  readonly action: Readonly<Record<string, unknown>>;
  /**
   * The names of the result fields the PSP takes for this action (Adyen's threeDS2: `threeDSResult`),
   * set by the driver that records it: a result the page sends must carry only these, else it is
   * refused (InvalidRequest) before the action is taken. Absent on an action stored before it existed
   * (or from a driver that names none): any result is taken, and the driver judges it.
   */
  readonly resultFields?: readonly string[];
}

/**
 * A mandated partial grant waits for the payer (accept, or refuse through cancel); a chosen one was
 * the payer's own decision in the PSP's app.
 */
export type PartialAuth = 'chosen' | 'mandated';

export interface LenderLookups {
  readonly made: number;
  readonly unansweredAtBound: number;
}

/** One tranche: one method, one PSP, its operations. */
export interface Attempt {
  readonly id: AttemptId;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly method: MethodKind;
  readonly methodId: string;
  readonly provider: string;
  readonly operation: Operation;
  readonly status: AttemptStatus;
  readonly requested: Money;
  /** What was actually authorized or paid; counts against the balance once settled. */
  readonly granted: Money;
  /** Sum of succeeded refunds. */
  readonly refunded: Money;
  readonly partialAuth?: PartialAuth;
  /** Set when the payer accepted a mandated partial grant; survives reloads. */
  readonly partialAcceptedAt?: number;
  readonly plan?: PlanKey;
  /** The payer page's idempotency-key of the start that made it: a repeat of that start answers this attempt (D91). */
  readonly startKey?: string;
  readonly cardAlias?: string;
  readonly cardScheme?: CardScheme;
  /** Money taken that nothing can hand back (a direct settlement on a session that did not end PAID). */
  readonly owedToPayer?: string;
  readonly declineCategory?: DeclineCategory;
  readonly redirect?: Redirect;
  /**
   * The in-page action the payer's page must run now (while AUTHORIZING); taken off when the page
   * sends its result, replaced by the next one the PSP asks for.
   */
  readonly pageAction?: PageAction;
  /** Financing: the lender keeps studying the file (the session waits in AWAITING). */
  readonly lenderStudying?: boolean;
  /**
   * Financing whose PSP answers status queries: the lookups made during the study (the step of the
   * lookup cadence) and the lookups at the wait bound that got no answer (tried again a bounded
   * number of times before the session is refused).
   */
  readonly lenderLookups?: LenderLookups;
  /**
   * When the PSP sent the payer back (the return door) while the verdict was still on its way: the
   * view then carries no redirect, there is nothing left to do on the PSP's page (D149-e).
   */
  readonly returnedAt?: number;
  /** In-page wallet: when the payer's confirm (second leg) was sent; a second one is ConfirmNotApplicable. */
  readonly confirmedAt?: number;
  /**
   * When the service decided to hand this attempt's money back (a void or refund owed: payer cancel,
   * refused partial grant, failed capture, late grant, session that did not end PAID). From then on
   * the attempt no longer counts against the balance.
   */
  readonly releasedAt?: number;
  /**
   * When the service stopped looking up a verdict that never came (a financing file, some time after
   * its session ended): nothing is looked up any more; the opening operation's statusMessage says so.
   */
  readonly lookupsStoppedAt?: number;
  /** When the authorization verdict must be looked up at the PSP (overdue, or the next lookup of a studied file). */
  readonly verdictDueAt?: number;
  /** Oldest first: the authorization (or payment), then capture, void or refunds. */
  readonly transactions: readonly Transaction[];
}

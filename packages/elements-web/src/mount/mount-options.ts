import type { FetchLike } from '../client/elements-client';
import type { SplitPayError } from '../client/split-pay-error';
import type { ValidateMerchant } from '../flows/apple-pay';
import type { Messages } from '../i18n/messages';
import type { PollTuning } from '../poll/poll-schedule';
import type { AttemptViewEntry, EndStatus, SessionView } from '../types/session-view';

export interface EndEvent {
  readonly status: EndStatus;
  readonly view: SessionView;
}

export interface RedirectEvent {
  readonly attemptId: string;
  readonly kind: 'navigate' | 'form';
  readonly url: string;
}

export interface SplitPayOptions {
  /** The pst_ token session creation returned: the only credential the components hold. */
  readonly elementsToken: string;
  /** Where the service answers (its public base URL). */
  readonly baseUrl: string;
  /** en or fr (fr-BE is fr); default the page's lang, then the browser's, then en. */
  readonly locale?: string;
  /** Per-key overrides of the catalogue. */
  readonly messages?: Partial<Messages>;
  readonly onReady?: (view: SessionView) => void;
  /** Every new view (a poll's or an action's answer). */
  readonly onChange?: (view: SessionView) => void;
  readonly onAttemptChange?: (attempt: AttemptViewEntry, previous: AttemptViewEntry | undefined) => void;
  /** Runs before the page leaves for the PSP; returning false keeps the payer here. */
  readonly onRedirect?: (redirect: RedirectEvent) => void | false;
  /** Fires once, with the final status. */
  readonly onEnd?: (event: EndEvent) => void;
  readonly onError?: (error: SplitPayError) => void;
  readonly poll?: PollTuning;
  readonly hostedFields?: {
    /**
     * How long an acquirer's card fields may take to become usable (their adapter's `ready`) before
     * the card area says they could not be loaded; default 30 000 ms (Adyen Web's own wait for its frames).
     * Fields ready later still are given back (the notice goes, the recovery said politely).
     */
    readonly readyWithinMs?: number;
  };
  readonly fetch?: FetchLike;
  /** How the page leaves for a PSP's page; default location.assign. */
  readonly navigate?: (url: string) => void;
  readonly applePay?: {
    /**
     * The page's own merchant validation: the merchant session for Apple's validation URL (and the
     * started attempt's id), from the merchant's server. Without it the component asks the service
     * (`POST /elements/session/attempts/{attemptId}/wallet-session`), which asks the contract's PSP.
     */
    readonly validateMerchant?: ValidateMerchant;
    /** ISO 3166 country of the merchant; default FR. */
    readonly countryCode?: string;
    /** The label on the sheet's total line (the business name); default the session's statementDescriptor, else the order id. */
    readonly label?: string;
  };
}

export interface SplitPayHandle {
  /** Reads the view again now. */
  refresh(): Promise<SessionView | undefined>;
  getView(): SessionView | undefined;
  /** Removes the components, stops polling, aborts calls in flight. Idempotent. */
  unmount(): void;
  /** Same as unmount. */
  destroy(): void;
}

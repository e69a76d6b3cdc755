/** Codes the page acts on, from the contract; any other code the service sends is kept as given. */
export type ServiceErrorCode =
  | 'InvalidRequest'
  | 'InvalidElementsToken'
  | 'SessionReadOnly'
  | 'SessionNotPending'
  | 'AttemptNotFound'
  | 'PartialAcceptanceNotApplicable'
  | 'TooManyRequests'
  | 'InternalError'
  | 'MethodNotFound'
  | 'MethodNotEligible'
  | 'AmountOutOfRange'
  | 'AmountExceedsRemaining'
  | 'PlanNotOffered'
  | 'TermsNotAccepted'
  | 'AttemptInFlight'
  | 'AttemptNotCancellable'
  | 'AttemptNotAbandonable'
  | 'ConfirmNotApplicable';

/**
 * Codes raised in the browser: no answer came (network), a script failed to load, the call was
 * aborted, the PSP opened no wallet session for the sheet (the wallet-session door answered none) or
 * the browser refused to open the sheet (D128).
 */
export type LocalErrorCode = 'NetworkError' | 'LoadError' | 'Aborted' | 'WalletSessionUnavailable';

export type SplitPayErrorCode = ServiceErrorCode | LocalErrorCode;

const RETRYABLE: ReadonlySet<string> = new Set(['NetworkError', 'LoadError', 'TooManyRequests', 'InternalError', 'AttemptInFlight']);

/** A refusal or a failure, by its stable code (the service's message is never parsed). */
export class SplitPayError extends Error {
  readonly retryable: boolean;

  constructor(
    readonly code: SplitPayErrorCode | (string & {}),
    readonly httpStatus: number,
    message?: string,
    /** Seconds the service asked to wait (Retry-After on TooManyRequests). */
    readonly retryAfterS?: number,
  ) {
    super(message ?? code);
    this.name = 'SplitPayError';
    this.retryable = RETRYABLE.has(code) || httpStatus >= 500;
  }
}

/** No answer, or a 5xx: the service may have acted on the request, so its outcome is read from the view (D131, D138). */
export function unknownOutcome(error: unknown): error is SplitPayError {
  return error instanceof SplitPayError && (error.code === 'NetworkError' || error.httpStatus >= 500);
}

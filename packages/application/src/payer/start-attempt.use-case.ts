import {
  attemptStartedWith,
  cardholderFallback,
  findOffer,
  hasEnded,
  DomainError,
  recordOpenOutcome,
  refuse,
  refuseOpening,
  registrationAsked,
  startAttempt,
  startKeyRecorded,
  type Attempt,
  type OpenOutcome,
  type OpeningRefusal,
  type PayerDevice,
  type PlanKey,
  type Session,
  type SessionView,
} from '@splitpay/domain';
import { withoutForeignGrants } from '../psp/grant-currency';
import type { SessionGateway } from '../psp/psp-gateway';
import { driverOrderOf } from './driver-order';
import { unansweredOpening } from './unanswered-opening';
import type { ElementsAccess } from './elements-access';
import type { PayerDeps } from './payer.deps';
import type { ViewPresenter } from './view-presenter';

/** The body of POST /elements/session/attempts once it passed the schema. */
export interface StartAttemptBody {
  readonly methodId: string;
  readonly amount: number;
  readonly plan?: PlanKey;
  /** Method-specific payer input (the fake card form, an acquirer token). Goes to the driver only. */
  readonly input?: Readonly<Record<string, unknown>>;
}

/** The payer's request to start a tranche: its body, and its device as the door saw it (never from the body). */
export interface StartAttemptRequest extends StartAttemptBody {
  /** Goes to the driver only: never stored, never logged. */
  readonly payerDevice?: PayerDevice;
  /** The page's idempotency-key for this press of Pay: a repeat answers the attempt it made (D91). */
  readonly startKey?: string;
}

/** The driver's answer to the opening, or the service's own refusal when no driver serves the method. */
type Opening = { readonly kind: 'answered'; readonly outcome: OpenOutcome } | { readonly kind: 'refused'; readonly refusal: OpeningRefusal };

export interface AttemptStartedAnswer {
  readonly attemptId: string;
  readonly view: SessionView;
}

/**
 * Starts a tranche: the attempt is recorded (every payer-flow refusal comes from the aggregate), then
 * opened at its PSP through the driver with the service's return and notification addresses, and the
 * driver's answer recorded (an ack, a redirect or an in-page action, rarely a verdict). The payer input and the payer's
 * device go to the driver only: they are never stored and never logged. An opening the PSP gave no
 * usable answer for (its driver's own resends spent) and no verdict is answered InternalError once
 * recorded, as the wallet confirm is: the payer's card may or may not have been charged (D131).
 */
export class StartAttemptUseCase {
  constructor(
    private readonly deps: PayerDeps,
    private readonly access: ElementsAccess,
    private readonly views: ViewPresenter,
  ) {}

  /**
   * Whether this idempotency-key already names an attempt of the token's session: a repeat of a
   * recorded start, which opens nothing at a PSP (D97). False for a token that opens no session.
   */
  async startRecorded(token: string | undefined, startKey: string): Promise<boolean> {
    const session = await this.access.read(token).catch(() => undefined);
    return session !== undefined && startKeyRecorded(session, startKey);
  }

  async execute(token: string | undefined, request: StartAttemptRequest): Promise<AttemptStartedAnswer> {
    const session = await this.access.read(token);
    // The input is discriminated by method: one of another method is malformed, and is refused before
    // anything is recorded (payer data must not reach the driver of another method).
    const offer = findOffer(session, request.methodId);
    if (offer && request.input && request.input.method !== offer.method) {
      throw new DomainError('InvalidRequest', `input.method must be ${offer.method}, the method of ${offer.id}`);
    }
    const input = { methodId: request.methodId, amount: request.amount, ...(request.plan ? { plan: request.plan } : {}), ...(request.startKey !== undefined ? { startKey: request.startKey } : {}) };
    // A recorded key is answered before the ended session is refused: its attempt may be what ended it (D91-a).
    const repeated = request.startKey !== undefined ? attemptStartedWith(session, request.startKey, input) : undefined;
    if (repeated) return this.replayed(session, repeated.id);
    if (hasEnded(session)) throw new DomainError('SessionReadOnly', 'The session has ended: its token reads but no longer acts');
    const startedWrite = await this.deps.writer.update<{ attemptId: string; transactionId: string | undefined }>(
      session.id,
      (s, ctx) => {
        // Read in the write: of twins sent at once, one starts and the others answer its attempt.
        const made = request.startKey !== undefined ? attemptStartedWith(s, request.startKey, input) : undefined;
        if (made) return { session: s, result: { attemptId: made.id, transactionId: undefined } };
        const r = startAttempt(s, input, ctx);
        return { session: r.session, result: { attemptId: r.attemptId, transactionId: r.transactionId } };
      },
      { initial: session },
    );
    const { session: started, result } = startedWrite;
    if (result.transactionId === undefined) return this.replayed(started, result.attemptId);
    const attempt = started.attempts.find((a) => a.id === result.attemptId);
    if (!attempt) throw new Error(`Attempt ${result.attemptId} vanished from session ${started.id}`);
    this.deps.logger.info('payer.attempt_started', {
      sessionId: started.id,
      attemptId: attempt.id,
      methodId: attempt.methodId,
      provider: attempt.provider,
      amount: attempt.requested.amount,
    });

    // One gateway for the request: the merchant account is read once for the open, the dispatch and the view.
    const psps = this.deps.gateway.forSession(started);
    const opening = await this.open(started, psps, attempt, result.transactionId, request);
    const recorded = await this.deps.writer.update(
      started.id,
      (s, ctx) => ({
        session: opening.kind === 'refused' ? refuseOpening(s, attempt.id, opening.refusal, ctx) : recordOpenOutcome(s, attempt.id, opening.outcome, ctx),
        result: undefined,
      }),
      { initial: started },
    );
    const dispatched = await this.deps.dispatcher.dispatchOwedBy([startedWrite, recorded], psps);
    if (opening.kind === 'answered' && unansweredOpening(dispatched, attempt.id, opening.outcome)) {
      refuse('InternalError', 'The payment provider gave no answer to the payment: read the session for its outcome');
    }
    return { attemptId: attempt.id, view: await this.views.present(dispatched, psps) };
  }

  /** A repeat of a start whose answer was lost: nothing is opened again, the attempt is answered as it stands. */
  private async replayed(session: Session, attemptId: string): Promise<AttemptStartedAnswer> {
    this.deps.logger.info('payer.attempt_start_replayed', { sessionId: session.id, attemptId });
    return { attemptId, view: await this.views.present(session, this.deps.gateway.forSession(session)) };
  }

  private async open(session: Session, psps: SessionGateway, attempt: Attempt, transactionId: string, request: StartAttemptRequest): Promise<Opening> {
    const fields = { sessionId: session.id, attemptId: attempt.id, provider: attempt.provider, method: attempt.method };
    const resolved = await psps.resolve(attempt, transactionId);
    if (!resolved) {
      this.deps.logger.error('psp.driver_missing', { ...fields, type: 'open' });
      return { kind: 'refused', refusal: { message: 'No driver serves this method', declineCategory: 'method-unavailable' } };
    }
    const base = this.deps.publicBaseUrl().replace(/\/+$/, '');
    try {
      const output = await resolved.driver.open({
        ...resolved.call,
        amount: attempt.requested,
        ...(attempt.plan ? { plan: attempt.plan } : {}),
        ...(request.input ? { payerInput: withCardholder(session, attempt, request.input) } : {}),
        registerAlias: registrationAsked(session, resolved.call.offer),
        order: driverOrderOf(session),
        returnUrl: `${base}/elements/return/${attempt.id}`,
        notificationUrl: `${base}/psp/${encodeURIComponent(attempt.provider)}/notifications`,
        ...(request.payerDevice ? { payerDevice: request.payerDevice } : {}),
      });
      this.deps.logger.info('psp.attempt_opened', { ...fields, ack: output.ack.outcome, httpStatus: output.ack.httpStatus, facts: output.facts.map((f) => f.kind) });
      const facts = withoutForeignGrants(session, output.facts, { provider: attempt.provider, source: 'open', attemptId: attempt.id }, this.deps.logger);
      return { kind: 'answered', outcome: { ack: output.ack, ...(output.redirect ? { redirect: output.redirect } : {}), ...(output.pageAction ? { pageAction: output.pageAction } : {}), facts } };
    } catch (error) {
      // No usable answer: the verdict stays due and is looked up when overdue.
      this.deps.logger.error('psp.driver_failed', { ...fields, type: 'open', error });
      return { kind: 'answered', outcome: { ack: { outcome: 'unknown', message: 'The driver call failed before any usable answer' }, facts: [] } };
    }
  }
}

/** The page's input, the customer's name standing in for a cardholder name the card form did not ask for. */
function withCardholder(session: Session, attempt: Attempt, input: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> {
  const offer = findOffer(session, attempt.methodId);
  const holder = offer && typeof input.holder !== 'string' ? cardholderFallback(session, offer) : undefined;
  return holder ? { ...input, holder } : input;
}

import { markConfirmSent, recordOpenOutcome, refuse, takePageAction, type Attempt, type LogFields, type OpenOutcome, type PayerDevice, type Session, type SessionView, type Transaction } from '@splitpay/domain';
import { withoutForeignGrants } from '../psp/grant-currency';
import type { ResolvedCall, SessionGateway } from '../psp/psp-gateway';
import { driverOrderOf } from './driver-order';
import { unansweredOpening } from './unanswered-opening';
import type { ElementsAccess } from './elements-access';
import type { PayerDeps } from './payer.deps';
import type { ViewPresenter } from './view-presenter';

/** The confirm body's input: the wallet sheet's payment token, verbatim. */
export interface WalletConfirmInput {
  readonly method: 'applepay';
  readonly paymentToken: string;
}

/**
 * The confirm body's input for a card whose page ran the in-page action the view gave (a 3-D Secure 2
 * fingerprint or challenge): the result the PSP's script handed the page, verbatim.
 */
export interface CardActionResultInput {
  readonly method: 'card';
  readonly details: Readonly<Record<string, string>>;
}

export type ConfirmInputBody = WalletConfirmInput | CardActionResultInput;

/** The payer's confirm: its body's input, and its device as the door saw it (never from the body). */
export interface ConfirmAttemptRequest {
  readonly input: ConfirmInputBody;
  /** Goes to the driver only: never stored, never logged. */
  readonly payerDevice?: PayerDevice;
}

/**
 * Second leg of an in-page method. An in-page wallet: the payment token and the payer's device go to the driver, and
 * only there (never stored, never logged), with the session's order as the open had it (a PSP may make the payment
 * here). A card's in-page action (its view entry's `pageAction`): the result the page sends is handed
 * to the driver's `completeAction` (never stored, never logged), once per action; its answer may ask
 * for the next action. The answer is an acknowledgement; the verdict lands out-of-band. A wallet
 * confirm whose PSP gave no usable answer (the driver's own resends spent) and brought no verdict
 * is answered InternalError once recorded: the token is gone, the payment may or may not exist, and
 * a 200 would have the sheet show success (docs/decisions.md D126-b). A card action's result left
 * unanswered the same way is answered the same, its action not put back (D138).
 */
export class ConfirmAttemptUseCase {
  constructor(
    private readonly deps: PayerDeps,
    private readonly access: ElementsAccess,
    private readonly views: ViewPresenter,
  ) {}

  async execute(token: string | undefined, attemptId: string, request: ConfirmAttemptRequest): Promise<SessionView> {
    const { input } = request;
    const session = await this.access.act(token);
    if (input.method === 'card') return this.completeAction(session, attemptId, input, request.payerDevice);
    const markedWrite = await this.deps.writer.update(
      session.id,
      (s, ctx) => ({ session: markConfirmSent(s, attemptId, input.method, ctx), result: undefined }),
      { initial: session },
    );
    const marked = markedWrite.session;
    const attempt = marked.attempts.find((a) => a.id === attemptId);
    if (!attempt) throw new Error(`Attempt ${attemptId} vanished from session ${marked.id}`);
    // One gateway for the request: the merchant account is read once for the confirm, the dispatch and the view.
    const psps = this.deps.gateway.forSession(marked);
    const outcome = await this.confirm(marked, psps, attempt, { input, ...(request.payerDevice ? { payerDevice: request.payerDevice } : {}) });
    const recorded = await this.deps.writer.update(
      marked.id,
      (s, ctx) => ({ session: recordOpenOutcome(s, attemptId, outcome, ctx), result: undefined }),
      { initial: marked },
    );
    const dispatched = await this.deps.dispatcher.dispatchOwedBy([markedWrite, recorded], psps);
    if (unansweredOpening(dispatched, attemptId, outcome)) {
      refuse('InternalError', 'The payment provider gave no answer to the wallet payment: read the session for its outcome');
    }
    return this.views.present(dispatched, psps);
  }

  private async completeAction(session: Session, attemptId: string, input: CardActionResultInput, payerDevice: PayerDevice | undefined): Promise<SessionView> {
    const takenWrite = await this.deps.writer.update(
      session.id,
      (s, ctx) => {
        // The result's names only (never its values): one the PSP cannot use is refused here, the action still due.
        const r = takePageAction(s, attemptId, input.method, Object.keys(input.details), ctx);
        return { session: r.session, result: r.taken };
      },
      { initial: session },
    );
    const { session: taken } = takenWrite;
    const attempt = taken.attempts.find((a) => a.id === attemptId);
    if (!attempt) throw new Error(`Attempt ${attemptId} vanished from session ${taken.id}`);
    const psps = this.deps.gateway.forSession(taken);
    const outcome = await this.sendActionResult(taken, psps, attempt, input, payerDevice);
    const recorded = await this.deps.writer.update(taken.id, (s, ctx) => ({ session: recordOpenOutcome(s, attemptId, outcome, ctx), result: undefined }), { initial: taken });
    const dispatched = await this.deps.dispatcher.dispatchOwedBy([takenWrite, recorded], psps);
    // The driver's resends of the one-time result are spent: the action is not put back (D138).
    if (unansweredOpening(dispatched, attemptId, outcome)) {
      refuse('InternalError', 'The payment provider gave no answer to the card payment: read the session for its outcome');
    }
    return this.views.present(dispatched, psps);
  }

  private sendActionResult(session: Session, psps: SessionGateway, attempt: Attempt, input: CardActionResultInput, payerDevice: PayerDevice | undefined): Promise<OpenOutcome> {
    return this.callAboutOpening(session, psps, attempt, 'action', 'No driver completes an in-page action for this method', async ({ driver, call }, opening, fields) => {
      if (!driver.completeAction) return undefined;
      const output = await driver.completeAction({
        ...call,
        target: { transactionId: opening.id, ...(opening.providerRef !== undefined ? { providerRef: opening.providerRef } : {}) },
        amount: attempt.requested,
        details: input.details,
        ...(payerDevice ? { payerDevice } : {}),
      });
      this.deps.logger.info('psp.action_completed', { ...fields, ack: output.ack.outcome, httpStatus: output.ack.httpStatus, next: output.pageAction ? 'page-action' : output.redirect ? 'redirect' : 'none', facts: output.facts.map((f) => f.kind) });
      const facts = withoutForeignGrants(session, output.facts, { provider: attempt.provider, source: 'action', attemptId: attempt.id }, this.deps.logger);
      return { ack: output.ack, ...(output.redirect ? { redirect: output.redirect } : {}), ...(output.pageAction ? { pageAction: output.pageAction } : {}), facts };
    });
  }

  private confirm(session: Session, psps: SessionGateway, attempt: Attempt, { input, payerDevice }: { readonly input: WalletConfirmInput; readonly payerDevice?: PayerDevice }): Promise<OpenOutcome> {
    return this.callAboutOpening(session, psps, attempt, 'confirm', 'No driver confirms this method', async ({ driver, call }, opening, fields) => {
      if (!driver.confirm) return undefined;
      const output = await driver.confirm({
        ...call,
        amount: attempt.requested,
        ...(opening.providerRef !== undefined ? { providerRef: opening.providerRef } : {}),
        payerInput: { method: input.method, paymentToken: input.paymentToken },
        order: driverOrderOf(session),
        returnUrl: `${this.deps.publicBaseUrl().replace(/\/+$/, '')}/elements/return/${attempt.id}`,
        ...(payerDevice ? { payerDevice } : {}),
      });
      this.deps.logger.info('psp.attempt_confirmed', { ...fields, ack: output.ack.outcome, httpStatus: output.ack.httpStatus });
      return { ack: output.ack, facts: withoutForeignGrants(session, output.facts, { provider: attempt.provider, source: 'confirm', attemptId: attempt.id }, this.deps.logger) };
    });
  }

  /**
   * One driver call about the attempt's opening transaction (`send` answers undefined when the attempt's
   * driver has no such call). No driver, no such call, or a call that throws is logged and answers an
   * unknown outcome.
   */
  private async callAboutOpening(
    session: Session,
    psps: SessionGateway,
    attempt: Attempt,
    type: 'confirm' | 'action',
    noDriver: string,
    send: (resolved: ResolvedCall, opening: Transaction, fields: LogFields) => Promise<OpenOutcome | undefined>,
  ): Promise<OpenOutcome> {
    const fields = { sessionId: session.id, attemptId: attempt.id, provider: attempt.provider, method: attempt.method };
    const opening = attempt.transactions[0];
    const resolved = opening ? await psps.resolve(attempt, opening.id) : undefined;
    let outcome: OpenOutcome | undefined;
    try {
      outcome = opening && resolved ? await send(resolved, opening, fields) : undefined;
    } catch (error) {
      this.deps.logger.error('psp.driver_failed', { ...fields, type, error });
      return { ack: { outcome: 'unknown', message: 'The driver call failed before any usable answer' }, facts: [] };
    }
    if (outcome) return outcome;
    this.deps.logger.error('psp.driver_missing', { ...fields, type });
    return { ack: { outcome: 'unknown', message: noDriver }, facts: [] };
  }
}

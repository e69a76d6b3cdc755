import { ElementsClient, type StartBody, type ViewAnswer } from '../client/elements-client';
import { SplitPayError, unknownOutcome } from '../client/split-pay-error';
import { h } from '../dom/h';
import { applePaySessionOf, OUTCOME_UNKNOWN, runApplePay, type ApplePaySheet } from '../flows/apple-pay';
import { isInvalidCardDetails } from '../flows/hosted-fields';
import { followRedirect } from '../flows/redirect';
import { cardExpiry } from '../format/card-expiry';
import { Formats } from '../format/money-format';
import { messagesFor, resolveLocale } from '../i18n/locale';
import type { Messages } from '../i18n/messages';
import { PollSchedule } from '../poll/poll-schedule';
import { ReadOrder, type NumberedRead } from '../poll/read-order';
import { SingleFlight } from '../poll/single-flight';
import { holdsOrTook, isRefusal, isReleasingAfterEnd, isWaiting, lastUnpaid, screenOf } from '../state/derive';
import { newlyUnpaid, resumedChoice } from '../state/resumed-choice';
import { isEndStatus, type AttemptStatus, type EndStatus, type MethodView, type SessionView } from '../types/session-view';
import { renderCheckout, renderLinkExpired } from '../render/checkout.render';
import { renderFirstReadFailed } from '../render/unreachable.render';
import { unpaidNoticeId } from '../render/ledger.render';
import { endedText } from '../render/status-panels.render';
import { formSelection } from '../render/payment-form.render';
import { planKeyOf, type Actions, type LocalState, type RenderContext } from '../render/render-context';
import { Announcer } from './announcer';
import { focusedIdIn, refocusAfterAction, replaceKeepingFocus } from './focus-keeper';
import { checkPaymentForm } from './form-check';
import { HostedFieldsSlot } from './hosted-fields-slot';
import { StartPress } from './start-press';
import { PageActionSlot } from './page-action-slot';
import type { KeptNode } from './keep-in-place';
import { announcementsFor } from './announcements';
import type { SplitPayOptions } from './mount-options';

/**
 * Polling stops for good this long after the payer's last action (measured on this page's clock, so
 * a skewed device clock changes nothing); an action or `refresh()` starts it again.
 */
const POLL_BOUND_MS = 60 * 60_000;

let instances = 0;

/**
 * One mounted checkout: holds the view and what the payer types, runs one action at a time, polls
 * on a bounded schedule, and renders everything from the last view.
 */
export class CheckoutController implements Actions {
  readonly root: HTMLElement;
  private readonly _doc: Document;
  private readonly _win: (Window & typeof globalThis) | null;
  private readonly _client: ElementsClient;
  private readonly _t: Messages;
  private readonly _f: Formats;
  private readonly _announcer: Announcer;
  private readonly _body: HTMLElement;
  private readonly _idPrefix: string;
  private readonly _schedule: PollSchedule;
  private readonly _aborts = new AbortController();
  private _view: SessionView | undefined;
  private _local: LocalState = { cardNumber: '', expiry: '', cvc: '', holder: '', _termsTicked: false, _confirmingAbandon: false, _releasing: [], _fieldErrors: {}, _busy: false, _starting: false, _expiringSoon: false, _unreachable: false };
  private _timer: ReturnType<typeof setTimeout> | undefined;
  private _destroyed = false;
  private _ended = false;
  private _linkExpired = false;
  private readonly _reads = new ReadOrder();
  /** Every read of the view (first, polls, refresh(), back in the tab, after AttemptInFlight) goes through it: one at a time (D76). */
  private readonly _reader = new SingleFlight(() => this._readView());
  private readonly _hosted: HostedFieldsSlot;
  private readonly _pageAction: PageActionSlot;
  private readonly _press = new StartPress();
  private _lastActivity = Date.now();
  /** The last Apple Pay sheet (D128). */
  private _sheet: ApplePaySheet | undefined;
  private readonly _onVisibility = (): void => {
    if (this._doc.visibilityState === 'visible' && this._pollingOn()) void this._reader._read();
  };

  constructor(
    target: Element,
    private readonly _options: SplitPayOptions,
  ) {
    this._doc = target.ownerDocument;
    this._win = this._doc.defaultView as (Window & typeof globalThis) | null;
    const locale = resolveLocale(this._options.locale, this._doc);
    this._t = messagesFor(locale, this._options.messages);
    this._f = new Formats(locale);
    this._client = new ElementsClient({ baseUrl: this._options.baseUrl, elementsToken: this._options.elementsToken, ...(this._options.fetch ? { fetch: this._options.fetch } : {}) });
    this._schedule = new PollSchedule(this._options.poll);
    instances += 1;
    this._idPrefix = `sp${instances}`;
    this._announcer = new Announcer(this._doc);
    this._body = h(this._doc, 'div', { _className: 'sp-body', _attrs: { 'aria-busy': 'true' } });
    this.root = h(this._doc, 'div', { _className: 'sp-root', _attrs: { lang: locale, role: 'region', 'aria-label': this._t.regionLabel } }, [this._announcer._status, this._announcer._alert, this._body]);
    target.append(this.root);
    this._doc.addEventListener('visibilitychange', this._onVisibility);
    const loadFailed = this._t.errors.LoadError ?? this._t.genericError;
    this._hosted = new HostedFieldsSlot(this._doc, {
      _loadingText: this._t.hostedLoading,
      _loadFailedText: loadFailed,
      locale,
      readyWithinMs: this._options.hostedFields?.readyWithinMs,
      _failed: () => {
        this._announcer._warn(loadFailed);
        this._report(new SplitPayError('LoadError', 0));
      },
      // Nothing moves focus: the payer may be elsewhere on the page. A Pay refused meanwhile stops being said.
      _recovered: () => {
        this._announcer._withdraw(loadFailed);
        this._announcer._say(this._t.hostedReady);
        if (this._local._formError !== loadFailed) return;
        this._local = { ...this._local, _formError: undefined };
        this._render(false);
      },
    });
    // A card's in-page action (3-D Secure 2 run in the page): its result goes to the confirm door, whose view may ask for the next one.
    this._pageAction = new PageActionSlot(this._doc, {
      _loadingText: this._t.bankCheck,
      _failedText: loadFailed,
      _challengeText: this._t.bankChallenge,
      _challengeName: this._t.bankChallengeName,
      _announce: (text) => this._announcer._say(text),
      locale,
      // Named as a start's answer is: a redirect the answer asks for (3-D Secure's fallback) is followed at once.
      // Sent even while another action runs (the result is the issuer's, it must not be dropped); a failure is shown as an action's.
      // A refusal is shown, and handed back so that the slot sends the result again when it may pass;
      // a lost answer or a 5xx is not shown: the view read at once says where the payment stands (D111-a, D138).
      _sent: (attemptId, details) => {
        const due = this._dueAction(this._view, attemptId);
        return this._act(async () => ({ ...(await this._numbered(() => this._client.confirmCardAction(attemptId, details, this._aborts.signal)).catch((error: unknown) => this._lostResult(error, attemptId, due))), attemptId }), true, true).catch((error: unknown) => {
          if (!unknownOutcome(error)) this._failed(error, 'action');
          throw error;
        });
      },
      _failed: (message) => {
        this._announcer._warn(loadFailed);
        this._report(new SplitPayError('LoadError', 0, message));
      },
    });
  }

  getView(): SessionView | undefined {
    return this._view;
  }

  async start(): Promise<void> {
    const view = await this.refresh();
    if (view && !this._destroyed) this._options.onReady?.(view);
  }

  refresh(): Promise<SessionView | undefined> {
    this._lastActivity = Date.now();
    return this._reader._read();
  }

  /** One read of the view, drawn unless the view shown is newer (D85, D73); the next poll is scheduled from it. */
  private async _readView(): Promise<SessionView | undefined> {
    if (this._destroyed) return this._view;
    try {
      const answer = await this._numbered(() => this._client.view(this._aborts.signal));
      const wasUnreachable = this._reachable();
      if (this._reads._draws(answer.read, 'poll', answer.view.revision)) this._apply(answer.view);
      if (wasUnreachable && this._view && !this._destroyed) this._render(false);
      this._pageAction._read();
      this._pollSoon(this._schedule._next(this._view ? isWaiting(this._view) : false));
    } catch (error) {
      this._failed(error, 'poll');
    }
    return this._view;
  }

  destroy(): void {
    if (this._destroyed) return;
    this._destroyed = true;
    this._aborts.abort();
    clearTimeout(this._timer);
    this._doc.removeEventListener('visibilitychange', this._onVisibility);
    this._hosted._destroy();
    this._pageAction._clear();
    this.root.remove();
    this._sheet?._end();
  }

  // ---- polling ----

  /** Polling goes on: not unmounted, the session not ended (or a tranche still being released), the link not expired, the payer active within the bound. */
  private _pollingOn(): boolean {
    return !this._destroyed && (!this._ended || isReleasingAfterEnd(this._view as SessionView)) && !this._linkExpired && Date.now() - this._lastActivity <= POLL_BOUND_MS;
  }

  private _pollSoon(delayMs: number): void {
    // Only ever cleared: clearing a timer that already ran does nothing.
    clearTimeout(this._timer);
    if (!this._pollingOn()) return;
    this._timer = setTimeout(() => {
      if (this._doc.visibilityState === 'hidden') return; // resumed by visibilitychange
      // A read in flight schedules the next poll when it answers: a timer's poll adds nothing to it.
      if (this._reader._busy) return;
      void this._reader._read();
    }, delayMs);
  }

  // ---- applying views ----

  /** Sends a request answering a view, numbered as it leaves: the send order decides between views of one revision (D73, D85). */
  private async _numbered<T extends ViewAnswer>(send: () => Promise<T>): Promise<T & NumberedRead> {
    const read = this._reads._sent();
    return { ...(await send()), read };
  }

  private _apply(view: SessionView): void {
    if (this._destroyed) return;
    const previous = this._view;
    if (previous && JSON.stringify(previous) === JSON.stringify(view)) {
      this._maybeWarnExpiry(view);
      return;
    }
    this._view = view;
    this._f._minorUnits[view.currency] = view.minorUnits;
    // A sheet still waiting for the payer closes once the view shows it can no longer pay (D128).
    this._sheet?._end(view);
    if (this._local._releasing.length > 0) {
      const still = this._local._releasing.filter((id) => view.attempts.some((a) => a.attemptId === id && holdsOrTook(a)));
      this._local = { ...this._local, _releasing: still };
    }
    if (this._local._methodId === undefined && newlyUnpaid(previous, view)) this._resume(view);
    // Nothing is being confirmed any more: "Confirming your payment…" is over, whatever the verdict (a decline goes to the alert region).
    if (!view.attempts.some((a) => a.status === 'AUTHORIZING')) this._announcer._hush(this._t.confirming);
    // The ending is said on its own (an alert unless paid): a held or confirming sentence before it is no longer true.
    if (isEndStatus(view.status) && !this._ended) this._announcer._status.textContent = '';
    for (const a of announcementsFor(previous, view, this._t, this._f)) (a._urgent ? this._announcer._warn(a.text) : this._announcer._say(a.text));
    const before = new Map((previous?.attempts ?? []).map((a) => [a.attemptId, a]));
    if (this._options.onAttemptChange) {
      for (const attempt of view.attempts) {
        const old = before.get(attempt.attemptId);
        if (!old || JSON.stringify(old) !== JSON.stringify(attempt)) this._options.onAttemptChange(attempt, old);
      }
    }
    const screenChanged = !previous || screenOf(previous).kind !== screenOf(view).kind;
    if (screenChanged) this._local = { ...this._local, _confirmingAbandon: false };
    // A refusal the payer just met takes focus: its reason is the next thing to read (D83).
    const unpaid = lastUnpaid(view);
    const refused = previous !== undefined && newlyUnpaid(previous, view) && unpaid !== undefined && isRefusal(unpaid);
    this._render(previous !== undefined && screenChanged, refused ? unpaidNoticeId(this._idPrefix) : undefined);
    this._options.onChange?.(view);
    this._dispatch('splitpay:change', view);
    this._maybeWarnExpiry(view);
    if (isEndStatus(view.status) && !this._ended) {
      this._ended = true;
      clearTimeout(this._timer);
      const event = { status: view.status, view };
      this._options.onEnd?.(event);
      this._dispatch('splitpay:end', event);
    }
  }

  /**
   * A page mounted again starts on the payer's last choice, when it took nothing (no card detail: the
   * view has none). Back from a PSP's page the verdict may come a poll later than the page, so the
   * choice is resumed when the attempt shows it took nothing, as long as the payer has chosen nothing.
   */
  private _resume(view: SessionView): void {
    const choice = resumedChoice(view);
    if (!choice) return;
    this._local = { ...this._local, _methodId: choice.methodId, ...(choice.amount !== undefined ? { _amountText: this._f._plainAmount(choice.amount, view.currency) } : {}) };
  }

  /** A read answered: a failed one before it is over (said once). True when one had failed. */
  private _reachable(): boolean {
    if (!this._local._unreachable) return false;
    this._local = { ...this._local, _unreachable: false };
    this._announcer._say(this._t.reachableAgain);
    return true;
  }

  private _maybeWarnExpiry(view: SessionView): void {
    if (this._local._expiringSoon || view.status !== 'PENDING') return;
    const left = view.expiresAt - Date.now();
    if (left > 0 && left <= 120_000) {
      const text = this._t.expiresSoon(this._f.time(view.expiresAt));
      this._announcer._warn(text);
      // Shown as well as announced: every payer is warned, not only those with a screen reader.
      this._local = { ...this._local, _expiringSoon: true };
      this._render(false);
    }
  }

  private _dispatch(type: string, detail: unknown): void {
    const CustomEventCtor = this._win?.CustomEvent;
    if (CustomEventCtor) this.root.dispatchEvent(new CustomEventCtor(type, { detail, bubbles: true }));
  }

  // ---- rendering ----

  private _context(view: SessionView): RenderContext {
    return { doc: this._doc, t: this._t, f: this._f, _idPrefix: this._idPrefix, view, _local: this._local, _actions: this, _applePayAvailable: applePaySessionOf(this._win) !== undefined };
  }

  /**
   * Renders the view again (see replaceKeepingFocus for where focus goes). An acquirer's card container
   * is rendered as a placeholder and stays where it is in the document: moving it would reload the
   * acquirer's iframes and lose what the payer typed.
   */
  private _render(moveFocus: boolean, focusId?: string): void {
    const view = this._view;
    let next: HTMLElement;
    let kept: KeptNode | undefined;
    if (!this._linkExpired && !view && this._local._unreachable) {
      next = renderFirstReadFailed({ doc: this._doc, t: this._t, _idPrefix: this._idPrefix, _actions: this });
    } else if (this._linkExpired || !view) {
      this._hosted._show(undefined);
      this._pageAction._show(undefined, undefined);
      next = renderLinkExpired({ doc: this._doc, t: this._t, _idPrefix: this._idPrefix });
    } else {
      const { method } = formSelection(this._context(view));
      const screen = screenOf(view);
      this._hosted._show(screen.kind === 'paying' && method?.method === 'card' ? method : undefined);
      const acting = screen.kind === 'confirming' ? screen.attempt : undefined;
      const card = acting ? view.methods.find((m) => m.id === acting.methodId) : undefined;
      this._pageAction._show(acting, card?.method === 'card' && card.integration !== 'fake' ? card.hostedFields : undefined);
      const container = this._hosted._container ?? this._pageAction._container;
      if (container) kept = { _node: container, _placeholder: this._doc.createComment('') };
      next = renderCheckout(this._context(view), kept?._placeholder);
    }
    replaceKeepingFocus(this.root, this._body, next, moveFocus, focusId, `${this._idPrefix}-screen`, kept);
  }

  // ---- actions ----

  _selectMethod(methodId: string): void {
    this._local = { ...this._local, _methodId: methodId, _amountText: undefined, _planKey: undefined, _fieldErrors: {}, _formError: undefined };
    this._render(false, this._view ? `${this._idPrefix}-method-${this._view.methods.findIndex((m) => m.id === methodId)}` : undefined);
  }

  _amountInput(text: string): void {
    const { amount: _old, ...errors } = this._local._fieldErrors;
    this._local = { ...this._local, _amountText: text, _fieldErrors: errors, _formError: undefined };
    this._render(false);
  }

  _fillRemaining(): void {
    if (!this._view) return;
    const { amount: _old, ...errors } = this._local._fieldErrors;
    this._local = { ...this._local, _amountText: this._f._plainAmount(this._view.remaining.amount, this._view.currency), _fieldErrors: errors, _formError: undefined };
    // The button pressed is not rendered any more: focus goes to the amount it filled.
    this._render(false, this._fieldId('amount'));
  }

  _fieldInput(field: 'cardNumber' | 'expiry' | 'cvc' | 'holder', value: string): void {
    this._local[field] = value;
    if (this._local._fieldErrors[field] === undefined) return;
    // The payer is answering the error: it stops saying the field is wrong (focus and caret stay).
    const { [field]: _answered, ...errors } = this._local._fieldErrors;
    this._local = { ...this._local, _fieldErrors: errors };
    this._render(false);
  }

  _choosePlan(key: string): void {
    const { plan: _old, ...errors } = this._local._fieldErrors;
    this._local = { ...this._local, _planKey: key, _fieldErrors: errors };
    this._render(false);
  }

  _tickTerms(ticked: boolean): void {
    const { terms: _old, ...errors } = this._local._fieldErrors;
    this._local = { ...this._local, _termsTicked: ticked, _fieldErrors: errors };
    this._render(false);
  }

  _askAbandon(): void {
    this._local = { ...this._local, _confirmingAbandon: true };
    // On the harmless answer: a second Enter must not release every hold.
    this._render(false, `${this._idPrefix}-abandon-no`);
  }

  _confirmAbandon(yes: boolean): void {
    if (!yes) {
      this._local = { ...this._local, _confirmingAbandon: false };
      this._render(false, `${this._idPrefix}-abandon`);
      return;
    }
    void this._act(() => this._numbered(() => this._client.abandonSession(this._aborts.signal)));
  }

  _checkAgain(): void {
    void this.refresh();
  }


  _stopTranche(attemptId: string): void {
    void this._act(() => this._numbered(() => this._client.abandonAttempt(attemptId, this._aborts.signal)));
  }

  _acceptPartial(attemptId: string): void {
    void this._act(() => this._numbered(() => this._client.acceptPartial(attemptId, this._aborts.signal)));
  }

  /** Cancels a hold (a tranche removed, a partial grant refused); until the view shows it released, its row says so and offers nothing. */
  _removeTranche(attemptId: string): void {
    void this._act(async () => {
      const answer = await this._numbered(() => this._client.cancel(attemptId, this._aborts.signal));
      this._local = { ...this._local, _releasing: [...this._local._releasing, attemptId] };
      return answer;
    });
  }

  _continueRedirect(attemptId: string): void {
    const attempt = this._view?.attempts.find((a) => a.attemptId === attemptId);
    if (attempt?.redirect) this._redirect(attemptId, attempt.redirect);
  }

  _pay(): void {
    const checked = this._checkForm();
    if (!checked) return;
    this._local = { ...this._local, _starting: true };
    this._announcer._say(this._t.processing);
    void this._act(async () => {
      // The card first: a card the acquirer refuses records no consent and starts nothing.
      const input = await this._payerInput(checked.method);
      await this._acceptTermsIfTicked();
      const plan = checked.method.method === 'oney' ? checked.method.plans.find((p) => planKeyOf(p) === this._local._planKey) : undefined;
      const body: StartBody = { methodId: checked.method.id, amount: checked.amount, ...(plan ? { plan: { installments: plan.installments, withFees: plan.withFees } } : {}), ...(input ? { input } : {}) };
      const known = new Set((this._view?.attempts ?? []).map((a) => a.attemptId));
      const key = this._press._keyFor(body, this._hosted._edits);
      const answer = await this._numbered(() => this._client.start(body, this._aborts.signal, key)).catch((error: unknown) => this._lostStart(error, known));
      this._press._answered();
      // Nothing typed on the card survives the attempt.
      const typed = [this._local.cardNumber, this._local.expiry, this._local.cvc].some((value) => value !== '');
      this._local = { ...this._local, cardNumber: '', expiry: '', cvc: '', _amountText: undefined, _cardClearedFor: typed ? answer.attemptId : undefined };
      return answer;
    }, true);
  }

  /**
   * A start refused by the service ends its press; one that got no answer, or a 5xx (the PSP gave no
   * usable answer once the attempt was recorded, D131), may have held the money (D91): Pay stays
   * disabled while the view is read at once. The attempt it made is then the start's result (already
   * drawn; after a 5xx reported, not said as a failure: it is shown in flight and polled); none, and
   * the failure is shown with Pay back, its key kept for the repeat.
   */
  private async _lostStart(error: unknown, known: ReadonlySet<string>): Promise<ViewAnswer & NumberedRead> {
    if (!unknownOutcome(error)) {
      if (error instanceof SplitPayError && error.httpStatus > 0) this._press._answered();
      throw error;
    }
    const view = await this._reader._read();
    const made = view?.attempts.find((a) => !known.has(a.attemptId));
    if (!view || !made) throw error;
    if (error.code !== 'NetworkError') this._report(error);
    // Read 0: the view is the one the read drew, not to be drawn again.
    return { view, attemptId: made.attemptId, read: 0 };
  }

  /**
   * A wallet confirm that failed, or got no answer in time, may still have reached the PSP: the view is
   * read at once (D97), so the page shows whether the attempt is still in flight. A verdict it shows is
   * the confirm's result (the sheet says it). An attempt still confirming after a refusal (4xx) is a
   * failure, said; after an answer lost or a 5xx it is an outcome unknown: reported (onError), not
   * said as a failure, the page shows it confirming and polls on (D102-d).
   */
  private async _lostConfirm(error: unknown, attemptId: string): Promise<ViewAnswer & NumberedRead> {
    if (this._destroyed) throw error;
    const view = await this._reader._read();
    const status = view?.attempts.find((a) => a.attemptId === attemptId)?.status;
    // Lost, or a 5xx: the confirm may still be running at the PSP. Still in flight, it is not said failed (D102-d).
    if (!view || !status || (status === 'AUTHORIZING' && !unknownOutcome(error))) throw error;
    if (status === 'AUTHORIZING') this._report(error as SplitPayError);
    return { view, attemptId, read: 0 };
  }

  /**
   * A card action's result whose answer was lost (no answer, none within 20 s) or a 5xx (the PSP left
   * it unanswered, D138): the view is read at once (D111-a). The action no longer due there, the result arrived and that view is its answer;
   * still due, or the read failed too, the error goes back and the slot sends the same result again
   * (the service takes one result per action: a second is refused, never a second authorization).
   */
  private async _lostResult(error: unknown, attemptId: string, due: string): Promise<ViewAnswer & NumberedRead> {
    // Refused as no action due: an earlier sending of it arrived (or another tab's); the view says what came of it (D117).
    const taken = (error as SplitPayError).code === 'ConfirmNotApplicable';
    if (!taken && !unknownOutcome(error)) throw error;
    if (!taken) this._report(error as SplitPayError);
    const view = await this._reader._read();
    if (!view || (!taken && this._dueAction(view, attemptId) === due)) throw error;
    return { view, read: 0 };
  }

  private _dueAction(view: SessionView | undefined, attemptId: string): string {
    return JSON.stringify(view?.attempts.find((a) => a.attemptId === attemptId)?.pageAction);
  }

  /** What the start sends of the payer's input; an acquirer-hosted card is tokenized by its fields. */
  private async _payerInput(method: MethodView): Promise<StartBody['input']> {
    if (method.method !== 'card') return { method: method.method } as StartBody['input'];
    const holder = method.cardHolder && this._local.holder.trim() ? { holder: this._local.holder.trim() } : {};
    if (method.integration === 'fake') {
      return { method: 'card', cardNumber: this._local.cardNumber.replace(/\s+/g, ''), expiry: cardExpiry(this._local.expiry) ?? this._local.expiry.trim(), cvc: this._local.cvc.trim(), ...holder };
    }
    const instance = this._hosted._instance;
    if (!instance) throw new SplitPayError('LoadError', 0);
    const token = await instance.tokenize().catch((error: unknown) => {
      // The payer's input is said on the card (failed); anything else means the card form is unusable.
      throw isInvalidCardDetails(error) ? error : new SplitPayError('LoadError', 0, error instanceof Error ? error.message : undefined);
    });
    return { method: 'card', token, ...holder };
  }

  _payWithApplePay(): void {
    const ctor = applePaySessionOf(this._win);
    // One sheet at a time: a second click (a double click) opens nothing (D128).
    const checked = !this._sheet?._open() && this._checkForm();
    if (!ctor || !checked || !this._view) return;
    const view = this._view;
    const digits = this._f._digits(view.currency);
    let attemptId: string | undefined;
    // Synchronously in the click: Apple Pay refuses a session begun after an await.
    this._sheet = runApplePay({
      _sessionConstructor: ctor,
      request: {
        countryCode: this._options.applePay?.countryCode ?? 'FR',
        currencyCode: view.currency,
        supportedNetworks: ['visa', 'masterCard', 'amex', 'cartesBancaires'],
        merchantCapabilities: ['supports3DS'],
        // The business the statement names, as Apple asks of the total's label (D128).
        total: { label: this._options.applePay?.label ?? view.statementDescriptor ?? view.orderId, amount: (checked.amount / 10 ** digits).toFixed(digits) },
      },
      legs: {
        start: async () => {
          await this._act(async () => {
            await this._acceptTermsIfTicked();
            const known = new Set(view.attempts.map((a) => a.attemptId));
            // A press of its own (D91): after a start whose answer was lost, the sheet opened again goes on with the attempt it made (D102-c).
            const body: StartBody = { methodId: checked.method.id, amount: checked.amount, input: { method: 'applepay' } };
            const key = this._press._keyFor(body);
            const answer = await this._numbered(() => this._client.start(body, this._aborts.signal, key)).catch((error: unknown) => this._lostStart(error, known));
            this._press._answered();
            attemptId = answer.attemptId;
            return answer;
          }, false, true);
          if (!attemptId) throw new SplitPayError('InternalError', 0);
          return attemptId;
        },
        // Not an action of its own: the start's action already answered, and the view does not change.
        walletSession: (id, validationURL) => this._client.walletSession(id, { domainName: this._win?.location.hostname ?? '', validationUrl: validationURL }, this._aborts.signal),
        confirm: async (id, token) => {
          let status: AttemptStatus | typeof OUTCOME_UNKNOWN | undefined;
          await this._act(async () => {
            let lost = false;
            const answer = await this._numbered(() => this._client.confirm(id, token, this._aborts.signal)).catch((error: unknown) => ((lost = true), this._lostConfirm(error, id)));
            // The answer's own view, even one older than the view shown: it is this confirm's verdict.
            status = answer.view.attempts.find((a) => a.attemptId === id)?.status;
            if (lost && status === 'AUTHORIZING') status = OUTCOME_UNKNOWN;
            return answer;
          }, false, true);
          return status;
        },
        abandon: async (id) => {
          await this._act(() => this._numbered(() => this._client.abandonAttempt(id, this._aborts.signal)), false, true);
        },
        _failed: (error) => this._failed(error, 'action'),
      },
      validateMerchant: this._options.applePay?.validateMerchant,
      merchantValidation: checked.method.method === 'applepay' ? checked.method.merchantValidation : undefined,
    });
  }

  /** Checks the form before a start; shows what is wrong on its field and focuses the first. */
  private _checkForm(): { method: MethodView; amount: number } | undefined {
    if (!this._view || this._local._busy) return undefined;
    const check = checkPaymentForm(this._view, this._local, this._t, this._f, applePaySessionOf(this._win) !== undefined);
    if (check.ok) return { method: check.method, amount: check.amount };
    if (check.first) {
      this._local = { ...this._local, _fieldErrors: check.errors, _formError: undefined };
      this._announcer._warn(check.errors[check.first] as string);
      this._render(false, this._fieldId(check.first));
    }
    return undefined;
  }

  private _fieldId(field: string): string {
    if (field === 'plan') return `${this._idPrefix}-plan-0`;
    return `${this._idPrefix}-${field}`;
  }

  /** The first Pay with the box ticked records the consent (a tick undone later cannot be revoked). */
  private async _acceptTermsIfTicked(): Promise<void> {
    const view = this._view;
    if (!view?.terms || view.terms.length === 0 || view.termsAcceptedAt !== undefined || !this._local._termsTicked) return;
    const answer = await this._numbered(() => this._client.acceptTerms(this._aborts.signal));
    if (this._reads._draws(answer.read, 'action', answer.view.revision)) this._view = answer.view;
  }

  /**
   * Runs one action at a time: disables the controls, applies the answered view, restarts the brisk
   * polling, follows a redirect the new attempt asks for. `rethrow` hands failures to the caller. An
   * answered view older than the one shown is dropped, the action's own result kept (D85, D73).
   */
  private async _act(run: () => Promise<ViewAnswer & NumberedRead>, followsRedirect = false, rethrow = false): Promise<void> {
    if (this._local._busy && !rethrow) return;
    this._lastActivity = Date.now();
    const pressed = focusedIdIn(this.root);
    this._local = { ...this._local, _busy: true, _formError: undefined, _fieldErrors: {} };
    if (this._view) this._render(false);
    try {
      const answer = await run();
      // Answered: "Processing your payment…" is over, whatever the answer says next.
      this._announcer._hush(this._t.processing);
      this._reachable();
      this._local = { ...this._local, _busy: false, _starting: false };
      if (this._reads._draws(answer.read, 'action', answer.view.revision)) this._apply(answer.view);
      if (!this._ended) this._render(false);
      refocusAfterAction(this.root, pressed);
      this._schedule._reset();
      const shown = this._view ?? answer.view;
      this._pollSoon(this._schedule._next(isWaiting(shown)));
      // Its attempt as the view shown tells it, unless that view was read before the attempt existed.
      const attempt = answer.attemptId ? (shown.attempts.find((a) => a.attemptId === answer.attemptId) ?? answer.view.attempts.find((a) => a.attemptId === answer.attemptId)) : undefined;
      if (followsRedirect && attempt?.status === 'AUTHORIZING' && attempt.redirect) this._redirect(attempt.attemptId, attempt.redirect);
      else if (attempt?.status === 'AUTHORIZING') this._announcer._say(this._t.confirming);
    } catch (error) {
      this._announcer._hush(this._t.processing);
      this._local = { ...this._local, _busy: false, _starting: false };
      if (rethrow) {
        this._render(false);
        throw error;
      }
      this._failed(error, 'action');
      refocusAfterAction(this.root, pressed);
    }
  }

  private _redirect(attemptId: string, redirect: NonNullable<SessionView['attempts'][number]['redirect']>): void {
    if (this._options.onRedirect?.({ attemptId, kind: redirect.kind, url: redirect.url }) === false) return;
    const navigate = this._options.navigate ?? ((url: string) => this._win?.location.assign(url));
    followRedirect(this._doc, redirect, navigate);
  }

  // ---- failures ----

  private _failed(error: unknown, during: 'poll' | 'action'): void {
    if (this._destroyed) return;
    if (during === 'action' && isInvalidCardDetails(error)) {
      // Not a failure: the acquirer's fields refused what the payer typed, and showed where.
      this._local = { ...this._local, _fieldErrors: { card: this._t.cardDetailsInvalid } };
      this._announcer._warn(this._t.cardDetailsInvalid);
      this._render(false, this._fieldId('card'));
      return;
    }
    const failure = error instanceof SplitPayError ? error : new SplitPayError('InternalError', 0, error instanceof Error ? error.message : undefined);
    if (failure.code === 'Aborted') return;
    if (failure.code === 'InvalidElementsToken') {
      // Said and reported once: an Apple Pay confirm refused reads the view, refused too, then fails itself.
      if (this._linkExpired) return;
      this._linkExpired = true;
      clearTimeout(this._timer);
      // Nothing can be paid with this token any more: an Apple Pay sheet still up is closed (D142-a).
      this._sheet?._end();
      this._render(true);
      this._announcer._warn(this._t.linkExpired);
    } else if (during === 'poll') {
      if (failure.retryable && !this._local._unreachable) {
        this._local = { ...this._local, _unreachable: true };
        this._announcer._say(this._t.unreachable);
        this._render(false);
      }
      this._pollSoon(this._schedule._backoff(failure.retryAfterS));
    } else if (failure.code === 'AttemptInFlight') {
      // Someone else moved the session on (another tab, the PSP): show where it stands.
      this._local = { ...this._local, _formError: this._t.errors[failure.code] };
      void this._reader._read();
    } else {
      const message = this._t.errors[failure.code] ?? this._t.genericError;
      const onField = failure.code === 'AmountOutOfRange' || failure.code === 'AmountExceedsRemaining' ? 'amount' : failure.code === 'TermsNotAccepted' ? 'terms' : failure.code === 'PlanNotOffered' ? 'plan' : undefined;
      if (failure.httpStatus === 409 && !onField) {
        // The state forbids it now: often because an earlier press whose answer was lost already did it.
        // The view read at once says what happened; the refusal is said only if nothing moved, and
        // a session shown ended already is said by its ending (an Apple Pay start it refused, D142-b).
        // SessionNotPending on a view still PENDING: its time to live passed, not yet expired by the worker (D149-a).
        const shown = this._view;
        void this._reader._read().then((view) => {
          const expired = failure.code === 'SessionNotPending' && view?.status === 'PENDING';
          if (view === shown || expired) this._showFailure(view && (expired || isEndStatus(view.status)) ? endedText({ t: this._t, f: this._f, view }, expired ? 'EXPIRED' : (view.status as EndStatus)) : message);
        });
      } else this._showFailure(message, onField);
    }
    // Every failure goes to onError, after the page said it.
    this._report(failure);
  }

  /** Says a failed action on its field, else where the screen's buttons are; focus goes to the field. */
  private _showFailure(message: string, onField?: string): void {
    if (this._destroyed) return;
    this._local = onField ? { ...this._local, _fieldErrors: { [onField]: message } } : { ...this._local, _formError: message };
    this._announcer._warn(message);
    this._render(false, onField ? this._fieldId(onField) : undefined);
  }

  private _report(error: SplitPayError): void {
    this._options.onError?.(error);
    this._dispatch('splitpay:error', { code: error.code, httpStatus: error.httpStatus, retryable: error.retryable });
  }
}

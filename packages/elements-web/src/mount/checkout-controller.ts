import { ElementsClient, type StartBody, type ViewAnswer } from '../client/elements-client';
import { SplitPayError } from '../client/split-pay-error';
import { h } from '../dom/h';
import { applePaySessionOf, OUTCOME_UNKNOWN, runApplePay } from '../flows/apple-pay';
import { isInvalidCardDetails } from '../flows/hosted-fields';
import { followRedirect } from '../flows/redirect';
import { cardExpiry } from '../format/card-expiry';
import { Formats } from '../format/money-format';
import { messagesFor, resolveLocale } from '../i18n/locale';
import type { Messages } from '../i18n/messages';
import { PollSchedule } from '../poll/poll-schedule';
import { ReadOrder, type NumberedRead } from '../poll/read-order';
import { SingleFlight } from '../poll/single-flight';
import { isRefusal, isWaiting, lastUnpaid, screenOf } from '../state/derive';
import { newlyUnpaid, resumedChoice } from '../state/resumed-choice';
import { isEndStatus, type AttemptStatus, type MethodView, type SessionView } from '../types/session-view';
import { renderCheckout, renderLinkExpired } from '../render/checkout.render';
import { renderFirstReadFailed } from '../render/unreachable.render';
import { unpaidNoticeId } from '../render/ledger.render';
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
  private readonly doc: Document;
  private readonly win: (Window & typeof globalThis) | null;
  private readonly client: ElementsClient;
  private readonly t: Messages;
  private readonly f: Formats;
  private readonly announcer: Announcer;
  private readonly body: HTMLElement;
  private readonly idPrefix: string;
  private readonly schedule: PollSchedule;
  private readonly aborts = new AbortController();
  private view: SessionView | undefined;
  private local: LocalState = { cardNumber: '', expiry: '', cvc: '', holder: '', termsTicked: false, confirmingAbandon: false, releasing: [], fieldErrors: {}, busy: false, starting: false, expiringSoon: false, unreachable: false };
  private timer: ReturnType<typeof setTimeout> | undefined;
  private destroyed = false;
  private ended = false;
  private linkExpired = false;
  private readonly reads = new ReadOrder();
  /** Every read of the view (first, polls, refresh(), back in the tab, after AttemptInFlight) goes through it: one at a time (D76). */
  private readonly reader = new SingleFlight(() => this.readView());
  private readonly hosted: HostedFieldsSlot;
  private readonly pageAction: PageActionSlot;
  private readonly press = new StartPress();
  private lastActivity = Date.now();
  private readonly onVisibility = (): void => {
    if (this.doc.visibilityState === 'visible' && this.pollingOn()) void this.reader.read();
  };

  constructor(
    target: Element,
    private readonly options: SplitPayOptions,
  ) {
    this.doc = target.ownerDocument;
    this.win = this.doc.defaultView as (Window & typeof globalThis) | null;
    const locale = resolveLocale(options.locale, this.doc);
    this.t = messagesFor(locale, options.messages);
    this.f = new Formats(locale);
    this.client = new ElementsClient({ baseUrl: options.baseUrl, elementsToken: options.elementsToken, ...(options.fetch ? { fetch: options.fetch } : {}) });
    this.schedule = new PollSchedule(options.poll);
    instances += 1;
    this.idPrefix = `sp${instances}`;
    this.announcer = new Announcer(this.doc);
    this.body = h(this.doc, 'div', { className: 'sp-body', attrs: { 'aria-busy': 'true' } });
    this.root = h(this.doc, 'div', { className: 'sp-root', attrs: { lang: locale, role: 'region', 'aria-label': this.t.regionLabel } }, [this.announcer.status, this.announcer.alert, this.body]);
    target.append(this.root);
    this.doc.addEventListener('visibilitychange', this.onVisibility);
    const loadFailed = this.t.errors.LoadError ?? this.t.genericError;
    this.hosted = new HostedFieldsSlot(this.doc, {
      loadingText: this.t.hostedLoading,
      loadFailedText: loadFailed,
      locale,
      readyWithinMs: options.hostedFields?.readyWithinMs,
      failed: () => {
        this.announcer.warn(loadFailed);
        this.report(new SplitPayError('LoadError', 0));
      },
      // Nothing moves focus: the payer may be elsewhere on the page. A Pay refused meanwhile stops being said.
      recovered: () => {
        this.announcer.withdraw(loadFailed);
        this.announcer.say(this.t.hostedReady);
        if (this.local.formError !== loadFailed) return;
        this.local = { ...this.local, formError: undefined };
        this.render(false);
      },
    });
    // A card's in-page action (3-D Secure 2 run in the page): its result goes to the confirm door, whose view may ask for the next one.
    this.pageAction = new PageActionSlot(this.doc, {
      loadingText: this.t.bankCheck,
      failedText: loadFailed,
      challengeText: this.t.bankChallenge,
      challengeName: this.t.bankChallengeName,
      announce: (text) => this.announcer.say(text),
      locale,
      // Named as a start's answer is: a redirect the answer asks for (3-D Secure's fallback) is followed at once.
      // Sent even while another action runs (the result is the issuer's, it must not be dropped); a failure is shown as an action's.
      // A failure is shown, and handed back so that the slot sends the result again when it may pass.
      sent: (attemptId, details) =>
        this.act(async () => ({ ...(await this.numbered(() => this.client.confirmCardAction(attemptId, details, this.aborts.signal))), attemptId }), true, true).catch((error: unknown) => {
          this.failed(error, 'action');
          throw error;
        }),
      failed: (message) => {
        this.announcer.warn(loadFailed);
        this.report(new SplitPayError('LoadError', 0, message));
      },
    });
  }

  getView(): SessionView | undefined {
    return this.view;
  }

  async start(): Promise<void> {
    const view = await this.refresh();
    if (view && !this.destroyed) this.options.onReady?.(view);
  }

  refresh(): Promise<SessionView | undefined> {
    this.lastActivity = Date.now();
    return this.reader.read();
  }

  /** One read of the view, drawn unless the view shown is newer (D85, D73); the next poll is scheduled from it. */
  private async readView(): Promise<SessionView | undefined> {
    if (this.destroyed) return this.view;
    try {
      const answer = await this.numbered(() => this.client.view(this.aborts.signal));
      const wasUnreachable = this.reachable();
      if (this.reads.draws(answer.read, 'poll', answer.view.revision)) this.apply(answer.view);
      if (wasUnreachable && this.view && !this.destroyed) this.render(false);
      this.pollSoon(this.schedule.next(this.view ? isWaiting(this.view) : false));
    } catch (error) {
      this.failed(error, 'poll');
    }
    return this.view;
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.aborts.abort();
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.doc.removeEventListener('visibilitychange', this.onVisibility);
    this.hosted.destroy();
    this.pageAction.clear();
    this.root.remove();
  }

  // ---- polling ----

  /** Polling goes on: not unmounted, the session not ended, the link not expired, the payer active within the bound. */
  private pollingOn(): boolean {
    return !this.destroyed && !this.ended && !this.linkExpired && Date.now() - this.lastActivity <= POLL_BOUND_MS;
  }

  private pollSoon(delayMs: number): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.pollingOn()) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.doc.visibilityState === 'hidden') return; // resumed by visibilitychange
      // A read in flight schedules the next poll when it answers: a timer's poll adds nothing to it.
      if (this.reader.busy) return;
      void this.reader.read();
    }, delayMs);
  }

  // ---- applying views ----

  /** Sends a request answering a view, numbered as it leaves: the send order decides between views of one revision (D73, D85). */
  private async numbered<T extends ViewAnswer>(send: () => Promise<T>): Promise<T & NumberedRead> {
    const read = this.reads.sent();
    return { ...(await send()), read };
  }

  private apply(view: SessionView): void {
    if (this.destroyed) return;
    const previous = this.view;
    if (previous && JSON.stringify(previous) === JSON.stringify(view)) {
      this.maybeWarnExpiry(view);
      return;
    }
    this.view = view;
    if (this.local.releasing.length > 0) {
      const still = this.local.releasing.filter((id) => view.attempts.some((a) => a.attemptId === id && (a.status === 'AUTHORIZED' || a.status === 'CAPTURED')));
      this.local = { ...this.local, releasing: still };
    }
    if (this.local.methodId === undefined && newlyUnpaid(previous, view)) this.resume(view);
    // Nothing is being confirmed any more: "Confirming your payment…" is over, whatever the verdict (a decline goes to the alert region).
    if (!view.attempts.some((a) => a.status === 'AUTHORIZING')) this.announcer.hush(this.t.confirming);
    for (const a of announcementsFor(previous, view, this.t, this.f)) (a.urgent ? this.announcer.warn(a.text) : this.announcer.say(a.text));
    const before = new Map((previous?.attempts ?? []).map((a) => [a.attemptId, a]));
    if (this.options.onAttemptChange) {
      for (const attempt of view.attempts) {
        const old = before.get(attempt.attemptId);
        if (!old || JSON.stringify(old) !== JSON.stringify(attempt)) this.options.onAttemptChange(attempt, old);
      }
    }
    const screenChanged = !previous || screenOf(previous).kind !== screenOf(view).kind;
    if (screenChanged) this.local = { ...this.local, confirmingAbandon: false };
    // A refusal the payer just met takes focus: its reason is the next thing to read (D83).
    const unpaid = lastUnpaid(view);
    const refused = previous !== undefined && newlyUnpaid(previous, view) && unpaid !== undefined && isRefusal(unpaid);
    this.render(previous !== undefined && screenChanged, refused ? unpaidNoticeId(this.idPrefix) : undefined);
    this.options.onChange?.(view);
    this.dispatch('splitpay:change', view);
    this.maybeWarnExpiry(view);
    if (isEndStatus(view.status) && !this.ended) {
      this.ended = true;
      if (this.timer !== undefined) clearTimeout(this.timer);
      const event = { status: view.status, view };
      this.options.onEnd?.(event);
      this.dispatch('splitpay:end', event);
    }
  }

  /**
   * A page mounted again starts on the payer's last choice, when it took nothing (no card detail: the
   * view has none). Back from a PSP's page the verdict may come a poll later than the page, so the
   * choice is resumed when the attempt shows it took nothing, as long as the payer has chosen nothing.
   */
  private resume(view: SessionView): void {
    const choice = resumedChoice(view);
    if (!choice) return;
    this.local = { ...this.local, methodId: choice.methodId, ...(choice.amount !== undefined ? { amountText: this.f.plainAmount(choice.amount, view.currency) } : {}) };
  }

  /** A read answered: a failed one before it is over (said once). True when one had failed. */
  private reachable(): boolean {
    if (!this.local.unreachable) return false;
    this.local = { ...this.local, unreachable: false };
    this.announcer.say(this.t.reachableAgain);
    return true;
  }

  private maybeWarnExpiry(view: SessionView): void {
    if (this.local.expiringSoon || view.status !== 'PENDING') return;
    const left = view.expiresAt - Date.now();
    if (left > 0 && left <= 120_000) {
      const text = this.t.expiresSoon(this.f.time(view.expiresAt));
      this.announcer.warn(text);
      // Shown as well as announced: every payer is warned, not only those with a screen reader.
      this.local = { ...this.local, expiringSoon: true };
      this.render(false);
    }
  }

  private dispatch(type: string, detail: unknown): void {
    const CustomEventCtor = this.win?.CustomEvent;
    if (CustomEventCtor) this.root.dispatchEvent(new CustomEventCtor(type, { detail, bubbles: true }));
  }

  // ---- rendering ----

  private context(view: SessionView): RenderContext {
    return { doc: this.doc, t: this.t, f: this.f, idPrefix: this.idPrefix, view, local: this.local, actions: this, applePayAvailable: applePaySessionOf(this.win) !== undefined };
  }

  /**
   * Renders the view again (see replaceKeepingFocus for where focus goes). An acquirer's card container
   * is rendered as a placeholder and stays where it is in the document: moving it would reload the
   * acquirer's iframes and lose what the payer typed.
   */
  private render(moveFocus: boolean, focusId?: string): void {
    const view = this.view;
    let next: HTMLElement;
    let kept: KeptNode | undefined;
    if (!this.linkExpired && !view && this.local.unreachable) {
      next = renderFirstReadFailed({ doc: this.doc, t: this.t, idPrefix: this.idPrefix, actions: this });
    } else if (this.linkExpired || !view) {
      this.hosted.show(undefined);
      this.pageAction.show(undefined, undefined);
      next = renderLinkExpired({ doc: this.doc, t: this.t, idPrefix: this.idPrefix });
    } else {
      const { method } = formSelection(this.context(view));
      const screen = screenOf(view);
      this.hosted.show(screen.kind === 'paying' && method?.method === 'card' ? method : undefined);
      const acting = screen.kind === 'confirming' ? screen.attempt : undefined;
      const card = acting ? view.methods.find((m) => m.id === acting.methodId) : undefined;
      this.pageAction.show(acting, card?.method === 'card' && card.integration !== 'fake' ? card.hostedFields : undefined);
      const container = this.hosted.container ?? this.pageAction.container;
      if (container) kept = { node: container, placeholder: this.doc.createComment('hosted card fields') };
      next = renderCheckout(this.context(view), kept?.placeholder);
    }
    replaceKeepingFocus(this.root, this.body, next, { moveFocus, ...(focusId ? { focusId } : {}), screenHeadingId: `${this.idPrefix}-screen` }, kept);
  }

  // ---- actions ----

  selectMethod(methodId: string): void {
    this.local = { ...this.local, methodId, amountText: undefined, planKey: undefined, fieldErrors: {}, formError: undefined };
    this.render(false, this.view ? `${this.idPrefix}-method-${this.view.methods.findIndex((m) => m.id === methodId)}` : undefined);
  }

  amountInput(text: string): void {
    const { amount: _old, ...errors } = this.local.fieldErrors;
    this.local = { ...this.local, amountText: text, fieldErrors: errors, formError: undefined };
    this.render(false);
  }

  fillRemaining(): void {
    if (!this.view) return;
    const { amount: _old, ...errors } = this.local.fieldErrors;
    this.local = { ...this.local, amountText: this.f.plainAmount(this.view.remaining.amount, this.view.currency), fieldErrors: errors, formError: undefined };
    // The button pressed is not rendered any more: focus goes to the amount it filled.
    this.render(false, this.fieldId('amount'));
  }

  fieldInput(field: 'cardNumber' | 'expiry' | 'cvc' | 'holder', value: string): void {
    this.local[field] = value;
    if (this.local.fieldErrors[field] === undefined) return;
    // The payer is answering the error: it stops saying the field is wrong (focus and caret stay).
    const { [field]: _answered, ...errors } = this.local.fieldErrors;
    this.local = { ...this.local, fieldErrors: errors };
    this.render(false);
  }

  choosePlan(key: string): void {
    const { plan: _old, ...errors } = this.local.fieldErrors;
    this.local = { ...this.local, planKey: key, fieldErrors: errors };
    this.render(false);
  }

  tickTerms(ticked: boolean): void {
    const { terms: _old, ...errors } = this.local.fieldErrors;
    this.local = { ...this.local, termsTicked: ticked, fieldErrors: errors };
    this.render(false);
  }

  askAbandon(): void {
    this.local = { ...this.local, confirmingAbandon: true };
    // On the harmless answer: a second Enter must not release every hold.
    this.render(false, `${this.idPrefix}-abandon-no`);
  }

  confirmAbandon(yes: boolean): void {
    if (!yes) {
      this.local = { ...this.local, confirmingAbandon: false };
      this.render(false, `${this.idPrefix}-abandon`);
      return;
    }
    void this.act(() => this.numbered(() => this.client.abandonSession(this.aborts.signal)));
  }

  checkAgain(): void {
    void this.refresh();
  }

  removeTranche(attemptId: string): void {
    this.release(attemptId);
  }

  stopTranche(attemptId: string): void {
    void this.act(() => this.numbered(() => this.client.abandonAttempt(attemptId, this.aborts.signal)));
  }

  acceptPartial(attemptId: string): void {
    void this.act(() => this.numbered(() => this.client.acceptPartial(attemptId, this.aborts.signal)));
  }

  refusePartial(attemptId: string): void {
    this.release(attemptId);
  }

  /** Cancels a hold; until the view shows it released, its row says so and offers nothing. */
  private release(attemptId: string): void {
    void this.act(async () => {
      const answer = await this.numbered(() => this.client.cancel(attemptId, this.aborts.signal));
      this.local = { ...this.local, releasing: [...this.local.releasing, attemptId] };
      return answer;
    });
  }

  continueRedirect(attemptId: string): void {
    const attempt = this.view?.attempts.find((a) => a.attemptId === attemptId);
    if (attempt?.redirect) this.redirect(attemptId, attempt.redirect);
  }

  pay(): void {
    const checked = this.checkForm();
    if (!checked) return;
    this.local = { ...this.local, starting: true };
    this.announcer.say(this.t.processing);
    void this.act(async () => {
      // The card first: a card the acquirer refuses records no consent and starts nothing.
      const input = await this.payerInput(checked.method);
      await this.acceptTermsIfTicked();
      const plan = checked.method.method === 'oney' ? checked.method.plans.find((p) => planKeyOf(p) === this.local.planKey) : undefined;
      const body: StartBody = { methodId: checked.method.id, amount: checked.amount, ...(plan ? { plan: { installments: plan.installments, withFees: plan.withFees } } : {}), ...(input ? { input } : {}) };
      const known = new Set((this.view?.attempts ?? []).map((a) => a.attemptId));
      const key = this.press.keyFor(body);
      const answer = await this.numbered(() => this.client.start(body, this.aborts.signal, key)).catch((error: unknown) => this.lostStart(error, known));
      this.press.answered();
      // Nothing typed on the card survives the attempt.
      const typed = [this.local.cardNumber, this.local.expiry, this.local.cvc].some((value) => value !== '');
      this.local = { ...this.local, cardNumber: '', expiry: '', cvc: '', amountText: undefined, cardClearedFor: typed ? answer.attemptId : undefined };
      return answer;
    }, true);
  }

  /**
   * A start refused by the service ends its press; one that got no answer may have held the money
   * (D91): Pay stays disabled while the view is read at once. The attempt it made is then the start's
   * result (already drawn); none, and the failure is shown with Pay back, its key kept for the repeat.
   */
  private async lostStart(error: unknown, known: ReadonlySet<string>): Promise<ViewAnswer & NumberedRead> {
    if (!(error instanceof SplitPayError) || error.code !== 'NetworkError') {
      if (error instanceof SplitPayError && error.httpStatus > 0) this.press.answered();
      throw error;
    }
    const view = await this.reader.read();
    const made = view?.attempts.find((a) => !known.has(a.attemptId));
    if (!view || !made) throw error;
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
  private async lostConfirm(error: unknown, attemptId: string): Promise<ViewAnswer & NumberedRead> {
    if (this.destroyed) throw error;
    const view = await this.reader.read();
    const status = view?.attempts.find((a) => a.attemptId === attemptId)?.status;
    // Lost, or a 5xx: the confirm may still be running at the PSP. Still in flight, it is not said failed (D102-d).
    const unknown = error instanceof SplitPayError && (error.code === 'NetworkError' || error.httpStatus >= 500);
    if (!view || !status || (status === 'AUTHORIZING' && !unknown)) throw error;
    if (status === 'AUTHORIZING') this.report(error as SplitPayError);
    return { view, attemptId, read: 0 };
  }

  /** What the start sends of the payer's input; an acquirer-hosted card is tokenized by its fields. */
  private async payerInput(method: MethodView): Promise<StartBody['input']> {
    if (method.method !== 'card') return { method: method.method } as StartBody['input'];
    if (method.integration === 'fake') {
      return { method: 'card', cardNumber: this.local.cardNumber.replace(/\s+/g, ''), expiry: cardExpiry(this.local.expiry) ?? this.local.expiry.trim(), cvc: this.local.cvc.trim(), ...(method.cardHolder && this.local.holder.trim() ? { holder: this.local.holder.trim() } : {}) };
    }
    const instance = this.hosted.instance;
    if (!instance) throw new SplitPayError('LoadError', 0);
    const token = await instance.tokenize().catch((error: unknown) => {
      // The payer's input is said on the card (failed); anything else means the card form is unusable.
      throw isInvalidCardDetails(error) ? error : new SplitPayError('LoadError', 0, error instanceof Error ? error.message : undefined);
    });
    return { method: 'card', token, ...(method.cardHolder && this.local.holder.trim() ? { holder: this.local.holder.trim() } : {}) };
  }

  payWithApplePay(): void {
    const ctor = applePaySessionOf(this.win);
    const checked = this.checkForm();
    if (!ctor || !checked || !this.view) return;
    const view = this.view;
    const digits = this.f.minorDigits(view.currency);
    let attemptId: string | undefined;
    // Synchronously in the click: Apple Pay refuses a session begun after an await.
    runApplePay({
      sessionConstructor: ctor,
      request: {
        countryCode: this.options.applePay?.countryCode ?? 'FR',
        currencyCode: view.currency,
        supportedNetworks: ['visa', 'masterCard', 'amex', 'cartesBancaires'],
        merchantCapabilities: ['supports3DS'],
        total: { label: this.options.applePay?.label ?? view.orderId, amount: (checked.amount / 10 ** digits).toFixed(digits) },
      },
      legs: {
        start: async () => {
          await this.act(async () => {
            await this.acceptTermsIfTicked();
            const known = new Set(view.attempts.map((a) => a.attemptId));
            // A press of its own (D91): after a start whose answer was lost, the sheet opened again goes on with the attempt it made (D102-c).
            const body: StartBody = { methodId: checked.method.id, amount: checked.amount, input: { method: 'applepay' } };
            const key = this.press.keyFor(body);
            const answer = await this.numbered(() => this.client.start(body, this.aborts.signal, key)).catch((error: unknown) => this.lostStart(error, known));
            this.press.answered();
            attemptId = answer.attemptId;
            return answer;
          }, false, true);
          if (!attemptId) throw new SplitPayError('InternalError', 0);
          return attemptId;
        },
        // Not an action of its own: the start's action already answered, and the view does not change.
        walletSession: (id, validationURL) => this.client.walletSession(id, { domainName: this.win?.location.hostname ?? '', validationUrl: validationURL }, this.aborts.signal),
        confirm: async (id, token) => {
          let status: AttemptStatus | typeof OUTCOME_UNKNOWN | undefined;
          await this.act(async () => {
            let lost = false;
            const answer = await this.numbered(() => this.client.confirm(id, token, this.aborts.signal)).catch((error: unknown) => ((lost = true), this.lostConfirm(error, id)));
            // The answer's own view, even one older than the view shown: it is this confirm's verdict.
            status = answer.view.attempts.find((a) => a.attemptId === id)?.status;
            if (lost && status === 'AUTHORIZING') status = OUTCOME_UNKNOWN;
            return answer;
          }, false, true);
          return status;
        },
        abandon: async (id) => {
          await this.act(() => this.numbered(() => this.client.abandonAttempt(id, this.aborts.signal)), false, true);
        },
        failed: (error) => this.failed(error, 'action'),
      },
      validateMerchant: this.options.applePay?.validateMerchant,
      merchantValidation: checked.method.method === 'applepay' ? checked.method.merchantValidation : undefined,
    });
  }

  /** Checks the form before a start; shows what is wrong on its field and focuses the first. */
  private checkForm(): { method: MethodView; amount: number } | undefined {
    if (!this.view || this.local.busy) return undefined;
    const check = checkPaymentForm(this.view, this.local, this.t, this.f, applePaySessionOf(this.win) !== undefined);
    if (check.ok) return { method: check.method, amount: check.amount };
    if (check.first) {
      this.local = { ...this.local, fieldErrors: check.errors, formError: undefined };
      this.announcer.warn(check.errors[check.first] as string);
      this.render(false, this.fieldId(check.first));
    }
    return undefined;
  }

  private fieldId(field: string): string {
    if (field === 'plan') return `${this.idPrefix}-plan-0`;
    return `${this.idPrefix}-${field}`;
  }

  /** The first Pay with the box ticked records the consent (a tick undone later cannot be revoked). */
  private async acceptTermsIfTicked(): Promise<void> {
    const view = this.view;
    if (!view?.terms || view.terms.length === 0 || view.termsAcceptedAt !== undefined || !this.local.termsTicked) return;
    const answer = await this.numbered(() => this.client.acceptTerms(this.aborts.signal));
    if (this.reads.draws(answer.read, 'action', answer.view.revision)) this.view = answer.view;
  }

  /**
   * Runs one action at a time: disables the controls, applies the answered view, restarts the brisk
   * polling, follows a redirect the new attempt asks for. `rethrow` hands failures to the caller. An
   * answered view older than the one shown is dropped, the action's own result kept (D85, D73).
   */
  private async act(run: () => Promise<ViewAnswer & NumberedRead>, followsRedirect = false, rethrow = false): Promise<void> {
    if (this.local.busy && !rethrow) return;
    this.lastActivity = Date.now();
    const pressed = focusedIdIn(this.root);
    this.local = { ...this.local, busy: true, formError: undefined, fieldErrors: {} };
    if (this.view) this.render(false);
    try {
      const answer = await run();
      // Answered: "Processing your payment…" is over, whatever the answer says next.
      this.announcer.hush(this.t.processing);
      this.reachable();
      this.local = { ...this.local, busy: false, starting: false };
      if (this.reads.draws(answer.read, 'action', answer.view.revision)) this.apply(answer.view);
      if (!this.ended) this.render(false);
      refocusAfterAction(this.root, pressed);
      this.schedule.reset();
      const shown = this.view ?? answer.view;
      this.pollSoon(this.schedule.next(isWaiting(shown)));
      // Its attempt as the view shown tells it, unless that view was read before the attempt existed.
      const attempt = answer.attemptId ? (shown.attempts.find((a) => a.attemptId === answer.attemptId) ?? answer.view.attempts.find((a) => a.attemptId === answer.attemptId)) : undefined;
      if (followsRedirect && attempt?.status === 'AUTHORIZING' && attempt.redirect) this.redirect(attempt.attemptId, attempt.redirect);
      else if (attempt?.status === 'AUTHORIZING') this.announcer.say(this.t.confirming);
    } catch (error) {
      this.announcer.hush(this.t.processing);
      this.local = { ...this.local, busy: false, starting: false };
      if (rethrow) {
        this.render(false);
        throw error;
      }
      this.failed(error, 'action');
      refocusAfterAction(this.root, pressed);
    }
  }

  private redirect(attemptId: string, redirect: NonNullable<SessionView['attempts'][number]['redirect']>): void {
    if (this.options.onRedirect?.({ attemptId, kind: redirect.kind, url: redirect.url }) === false) return;
    const navigate = this.options.navigate ?? ((url: string) => this.win?.location.assign(url));
    followRedirect(this.doc, redirect, navigate);
  }

  // ---- failures ----

  private failed(error: unknown, during: 'poll' | 'action'): void {
    if (this.destroyed) return;
    if (during === 'action' && isInvalidCardDetails(error)) {
      // Not a failure: the acquirer's fields refused what the payer typed, and showed where.
      this.local = { ...this.local, fieldErrors: { card: this.t.cardDetailsInvalid } };
      this.announcer.warn(this.t.cardDetailsInvalid);
      this.render(false, this.fieldId('card'));
      return;
    }
    const failure = error instanceof SplitPayError ? error : new SplitPayError('InternalError', 0, error instanceof Error ? error.message : undefined);
    if (failure.code === 'Aborted') return;
    if (failure.code === 'InvalidElementsToken') {
      this.linkExpired = true;
      if (this.timer !== undefined) clearTimeout(this.timer);
      this.render(true);
      this.announcer.warn(this.t.linkExpired);
      this.report(failure);
      return;
    }
    if (during === 'poll') {
      if (failure.retryable && !this.local.unreachable) {
        this.local = { ...this.local, unreachable: true };
        this.announcer.say(this.t.unreachable);
        this.render(false);
      }
      this.pollSoon(this.schedule.failed(failure.retryAfterS));
      this.report(failure);
      return;
    }
    if (failure.code === 'AttemptInFlight' || failure.code === 'SessionNotPending') {
      // Someone else moved the session on (another tab, the PSP): show where it stands.
      this.local = { ...this.local, formError: this.t.errors[failure.code] };
      void this.reader.read();
      this.report(failure);
      return;
    }
    const message = this.t.errors[failure.code] ?? this.t.genericError;
    const onField = failure.code === 'AmountOutOfRange' || failure.code === 'AmountExceedsRemaining' ? 'amount' : failure.code === 'TermsNotAccepted' ? 'terms' : failure.code === 'PlanNotOffered' ? 'plan' : undefined;
    if (failure.httpStatus === 409 && !onField) {
      // The state forbids it now: often because an earlier press whose answer was lost already did it.
      // The view read at once says what happened; the refusal is said only if nothing moved.
      const shown = this.view;
      void this.reader.read().then((view) => {
        if (view === shown) this.showFailure(message);
      });
      this.report(failure);
      return;
    }
    this.showFailure(message, onField);
    this.report(failure);
  }

  /** Says a failed action on its field, else where the screen's buttons are; focus goes to the field. */
  private showFailure(message: string, onField?: string): void {
    if (this.destroyed) return;
    this.local = onField ? { ...this.local, fieldErrors: { [onField]: message } } : { ...this.local, formError: message };
    this.announcer.warn(message);
    this.render(false, onField ? this.fieldId(onField) : undefined);
  }

  private report(error: SplitPayError): void {
    this.options.onError?.(error);
    this.dispatch('splitpay:error', { code: error.code, httpStatus: error.httpStatus, retryable: error.retryable });
  }
}

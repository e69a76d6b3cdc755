import { h } from '../dom/h';
import { loadHostedFields } from '../flows/hosted-fields';
import type { AttemptViewEntry, HostedFieldsView } from '../types/session-view';

interface Running {
  /** The attempt and the action's JSON text: a view repeating the same action runs nothing again. */
  readonly key: string;
  _done: boolean;
  /** A resend of the result waiting for its delay. */
  _resend?: ReturnType<typeof setTimeout>;
  /** The resends spent, the result sent again at a later read still showing the action due (D117). */
  _again?: () => void;
  /** Those reads counted, the result sent at the 1st, 2nd, 4th, 8th… */
  _reads?: number;
}

/**
 * Delays before the result is sent again after a failure the service says may pass (no network, 5xx,
 * TooManyRequests: its Retry-After when longer): the issuer's answer cannot be asked for twice, and
 * the action stays due at the service until its result arrives. A refusal (ConfirmNotApplicable: the
 * result already arrived) ends it.
 */
export const RESEND_DELAYS_MS: readonly number[] = [1_000, 4_000, 15_000];

function mayPass(error: unknown): error is { readonly retryable: boolean; readonly retryAfterS?: number } {
  return typeof error === 'object' && error !== null && (error as { retryable?: unknown }).retryable === true;
}

/**
 * The adapter's result reduced to the fields the action's PSP takes (its `resultFields`), since the
 * confirm door refuses any other: a field a later PSP script adds is dropped here, not a 400 there.
 * An action that names none (stored before it could) sends the result as given.
 */
function resultFor(given: Readonly<Record<string, string>>, resultFields: readonly string[] | undefined): Readonly<Record<string, string>> {
  return resultFields ? Object.fromEntries(Object.entries(given).filter(([name]) => resultFields.includes(name))) : given;
}

/**
 * The place where an attempt's in-page action runs (a card's 3-D Secure 2 fingerprint or challenge,
 * `pageAction` of its view entry): one container kept in the document across renders (a challenge is
 * the issuer's iframe, which would reload if moved), the action handed once to the adapter that
 * `hostedFields.sdkUrl` registers, its result handed to `sent` (which posts it to the confirm door).
 */
export class PageActionSlot {
  _container: HTMLElement | undefined;
  private _running: Running | undefined;

  constructor(
    private readonly _doc: Document,
    private readonly _deps: {
      readonly _loadingText: string;
      readonly _failedText: string;
      /** Said and shown when the issuer's challenge appears. */
      readonly _challengeText: string;
      /** The challenge container's accessible name then: the step's short name, not the sentence said. */
      readonly _challengeName: string;
      /** The polite status region. */
      readonly _announce: (text: string) => void;
      readonly locale: string;
      /** Posts the result; rejects when it did not arrive (the slot then sends it again if the failure may pass). */
      readonly _sent: (attemptId: string, details: Readonly<Record<string, string>>) => Promise<void>;
      readonly _failed: (message: string) => void;
    },
  ) {}

  /** The attempt whose action is due now and the card's hosted-fields settings, or nothing to run. */
  _show(attempt: AttemptViewEntry | undefined, settings: HostedFieldsView | undefined): void {
    const pageAction = attempt?.pageAction;
    if (!attempt || !pageAction || pageAction.kind !== 'hosted-fields' || !settings) {
      this._clear();
      return;
    }
    const key = `${attempt.attemptId} ${JSON.stringify(pageAction.action)}`;
    if (this._running?.key === key) return;
    this._clear();
    const container = h(this._doc, 'div', { _className: 'sp-page-action', _attrs: { role: 'group', 'aria-label': this._deps._loadingText } }, [h(this._doc, 'p', { _className: 'sp-hint', text: this._deps._loadingText })]);
    const running: Running = { key, _done: false };
    this._container = container;
    this._running = running;
    const target = h(this._doc, 'div', { _className: 'sp-page-action__frame' });
    loadHostedFields(this._doc, settings)
      .then((adapter) => {
        if (!adapter.runAction) throw new Error('no in-page action adapter');
        container.append(target);
        return adapter.runAction(target, { keyId: settings.keyId, key: settings.key, locale: this._deps.locale }, pageAction.action, {
          challenge: () => {
            if (this._running === running && !running._done) this._challengeShown(container);
          },
        });
      })
      .then((given) => {
        if (this._running !== running) return;
        running._done = true;
        const details = resultFor(given, pageAction.resultFields);
        if (Object.keys(details).length === 0) throw new Error('no result field the PSP takes');
        container.replaceChildren(h(this._doc, 'p', { _className: 'sp-hint', text: this._deps._loadingText }));
        this._send(running, attempt.attemptId, details, 0);
      })
      .catch((error: unknown) => {
        if (this._running !== running) return;
        running._done = true;
        container.replaceChildren(h(this._doc, 'p', { _className: 'sp-notice sp-notice--danger', text: this._deps._failedText }));
        this._deps._failed(error instanceof Error ? error.message : String(error));
      });
  }

  /** Posts the result, and again after a failure that may pass, while this action is still the one shown. */
  private _send(running: Running, attemptId: string, details: Readonly<Record<string, string>>, tried: number): void {
    this._deps._sent(attemptId, details).catch((error: unknown) => {
      const delay = RESEND_DELAYS_MS[tried];
      if (this._running !== running || !mayPass(error)) return;
      if (delay === undefined) return void (running._again = () => this._send(running, attemptId, details, tried));
      running._resend = setTimeout(() => {
        running._resend = undefined;
        if (this._running === running) this._send(running, attemptId, details, tried + 1);
      }, Math.max(delay, (error.retryAfterS ?? 0) * 1000));
    });
  }

  /**
   * A read of the view answered, and it still shows this action due (a view without it clears the
   * slot first): a result whose resends are spent is sent again, the same, at ever sparser reads, so
   * that a payer on the page never waits for the session's end (D117). Reads stop with the page's
   * polling (a hidden tab, an idle hour, the session's end).
   */
  _read(): void {
    const running = this._running;
    const again = running?._again;
    if (!again || (running._reads = (running._reads ?? 0) + 1) & (running._reads - 1)) return;
    running._again = undefined;
    again();
  }

  /**
   * The issuer asks the payer: focus moves to the container (by script only, tabindex -1), so that
   * keyboard and screen-reader users land next to the issuer's frame, and the instruction is said by
   * the status region. Said once (D64): the container is named by the step's short name, as a screen's
   * heading is, not by the instruction, which a screen reader would otherwise read on focus and again
   * from the region. An invisible step (a fingerprint) never comes here: it must not take focus.
   */
  private _challengeShown(container: HTMLElement): void {
    const text = this._deps._challengeText;
    container.setAttribute('tabindex', '-1');
    container.setAttribute('aria-label', this._deps._challengeName);
    const hint = container.querySelector(':scope > .sp-hint');
    if (hint) hint.textContent = text;
    container.focus();
    // After the focus move: the polite sentence then waits for what the screen reader says on focus.
    this._deps._announce(text);
  }

  _clear(): void {
    clearTimeout(this._running?._resend);
    this._container?.remove();
    this._container = undefined;
    this._running = undefined;
  }
}

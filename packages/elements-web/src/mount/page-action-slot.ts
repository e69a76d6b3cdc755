import { h } from '../dom/h';
import { loadHostedFields } from '../flows/hosted-fields';
import type { AttemptViewEntry, HostedFieldsView } from '../types/session-view';

interface Running {
  /** The attempt and the action's JSON text: a view repeating the same action runs nothing again. */
  readonly key: string;
  done: boolean;
}

/**
 * The place where an attempt's in-page action runs (a card's 3-D Secure 2 fingerprint or challenge,
 * `pageAction` of its view entry): one container kept in the document across renders (a challenge is
 * the issuer's iframe, which would reload if moved), the action handed once to the adapter that
 * `hostedFields.sdkUrl` registers, its result handed to `sent` (which posts it to the confirm door).
 */
export class PageActionSlot {
  container: HTMLElement | undefined;
  private running: Running | undefined;

  constructor(
    private readonly doc: Document,
    private readonly deps: {
      readonly loadingText: string;
      readonly failedText: string;
      /** Said and shown when the issuer's challenge appears; the container's name then. */
      readonly challengeText: string;
      /** The polite status region. */
      readonly announce: (text: string) => void;
      readonly locale: string;
      readonly sent: (attemptId: string, details: Readonly<Record<string, string>>) => void;
      readonly failed: (message: string) => void;
    },
  ) {}

  /** The attempt whose action is due now and the card's hosted-fields settings, or nothing to run. */
  show(attempt: AttemptViewEntry | undefined, settings: HostedFieldsView | undefined): void {
    const pageAction = attempt?.pageAction;
    if (!attempt || !pageAction || pageAction.kind !== 'hosted-fields' || !settings) {
      this.clear();
      return;
    }
    const key = `${attempt.attemptId} ${JSON.stringify(pageAction.action)}`;
    if (this.running?.key === key) return;
    this.clear();
    const container = h(this.doc, 'div', { className: 'sp-page-action', attrs: { role: 'group', 'aria-label': this.deps.loadingText } }, [h(this.doc, 'p', { className: 'sp-hint', text: this.deps.loadingText })]);
    const running: Running = { key, done: false };
    this.container = container;
    this.running = running;
    const target = h(this.doc, 'div', { className: 'sp-page-action__frame' });
    loadHostedFields(this.doc, settings)
      .then((adapter) => {
        if (!adapter.runAction) throw new Error('the hosted fields adapter runs no in-page action');
        container.append(target);
        return adapter.runAction(target, { keyId: settings.keyId, key: settings.key, locale: this.deps.locale }, pageAction.action, {
          challenge: () => {
            if (this.running === running && !running.done) this.challengeShown(container);
          },
        });
      })
      .then(
        (details) => {
          if (this.running !== running) return;
          running.done = true;
          container.replaceChildren(h(this.doc, 'p', { className: 'sp-hint', text: this.deps.loadingText }));
          this.deps.sent(attempt.attemptId, details);
        },
        (error: unknown) => {
          if (this.running !== running) return;
          running.done = true;
          container.replaceChildren(h(this.doc, 'p', { className: 'sp-notice sp-notice--danger', text: this.deps.failedText }));
          this.deps.failed(error instanceof Error ? error.message : String(error));
        },
      );
  }

  /**
   * The issuer asks the payer: said politely and focus moved to the container (by script only,
   * tabindex -1), named by the same sentence, so keyboard and screen-reader users land next to the
   * issuer's frame. An invisible step (a fingerprint) never comes here: it must not take focus.
   */
  private challengeShown(container: HTMLElement): void {
    const text = this.deps.challengeText;
    container.setAttribute('tabindex', '-1');
    container.setAttribute('aria-label', text);
    const hint = container.querySelector(':scope > .sp-hint');
    if (hint) hint.textContent = text;
    this.deps.announce(text);
    container.focus();
  }

  clear(): void {
    this.container?.remove();
    this.container = undefined;
    this.running = undefined;
  }
}

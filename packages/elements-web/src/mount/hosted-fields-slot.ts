import { h } from '../dom/h';
import { loadHostedFields, type HostedFieldsInstance } from '../flows/hosted-fields';
import type { CardMethodView } from '../types/session-view';

/** How long the fields may take to become usable by default: Adyen Web's own wait for its frames. */
export const HOSTED_FIELDS_READY_WITHIN_MS = 30_000;

interface ShownCard {
  readonly methodId: string;
  _instance?: HostedFieldsInstance;
  _readyTimer?: ReturnType<typeof setTimeout>;
  /** Past the bound and not ready yet: the fields hidden behind the "not loaded" notice, Pay refused. */
  _lateShown?: { readonly fields: HTMLElement; readonly notice: HTMLElement };
}

/**
 * The place of an acquirer's hosted card fields: one container per shown card, kept in the document
 * across renders (the acquirer's fields are iframes, which reload when moved), loaded when, and only
 * when, an acquirer-hosted card with `hostedFields` is on screen; destroyed once it is not.
 */
export class HostedFieldsSlot {
  _container: HTMLElement | undefined;
  /** Grows at each mount and each change the adapter tells: the card's edition, compared by a press of Pay (D111-c). */
  _edits = 0;
  private _current: ShownCard | undefined;

  constructor(
    private readonly _doc: Document,
    private readonly _deps: {
      readonly _loadingText: string;
      readonly _loadFailedText: string;
      readonly locale: string;
      /** Bound of the wait for the adapter's `ready`; default HOSTED_FIELDS_READY_WITHIN_MS. */
      readonly readyWithinMs: number | undefined;
      readonly _failed: () => void;
      /** Fields told unusable past the bound became ready after all: the payer is told once, politely. */
      readonly _recovered: () => void;
    },
  ) {}

  /** The tokenizer of the mounted fields, once the SDK is loaded (none while they are past the bound and not ready). */
  get _instance(): HostedFieldsInstance | undefined {
    return this._current?._lateShown ? undefined : this._current?._instance;
  }

  /** The card the form shows now (undefined: none, or not an acquirer-hosted one). */
  _show(card: CardMethodView | undefined): void {
    const settings = card?.integration !== 'fake' ? card?.hostedFields : undefined;
    if (!card || !settings) {
      this._destroy();
      return;
    }
    if (this._current?.methodId === card.id) return;
    this._destroy();
    const container = h(this._doc, 'div', { _className: 'sp-hosted-fields' }, [h(this._doc, 'p', { _className: 'sp-hint', text: this._deps._loadingText })]);
    const current: ShownCard = { methodId: card.id };
    this._container = container;
    this._current = current;
    this._edits += 1;
    loadHostedFields(this._doc, settings).then(
      (adapter) => {
        if (this._current !== current) return;
        // The acquirer's own element: hidden, never moved (its iframes would reload), while a late notice shows.
        const fields = h(this._doc, 'div', { _className: 'sp-hosted-fields__acquirer' });
        container.replaceChildren(fields);
        current._instance = adapter.mount(fields, { keyId: settings.keyId, key: settings.key, locale: this._deps.locale, schemes: card.schemes }, { changed: () => (this._edits += 1) });
        if (current._instance.ready) this._awaitReady(current, container, fields, current._instance.ready);
      },
      () => this._fail(current, container),
    );
  }

  _destroy(): void {
    clearTimeout(this._current?._readyTimer);
    this._current?._instance?.destroy();
    this._current = undefined;
    this._container = undefined;
  }

  /**
   * Fields not ready within the bound are said not loaded, before the payer presses Pay, but kept
   * (hidden) rather than destroyed: on a slow network the acquirer's frames may still configure, and
   * the form is then given back. Only a `ready` that rejects destroys them.
   */
  private _awaitReady(current: ShownCard, container: HTMLElement, fields: HTMLElement, ready: Promise<void>): void {
    current._readyTimer = setTimeout(() => this._late(current, container, fields), this._deps.readyWithinMs ?? HOSTED_FIELDS_READY_WITHIN_MS);
    ready.then(
      () => {
        clearTimeout(current._readyTimer);
        if (this._current === current && current._lateShown) this._recover(current);
      },
      () => {
        if (this._current !== current) return;
        clearTimeout(current._readyTimer);
        current._instance?.destroy();
        current._instance = undefined;
        if (current._lateShown) current._lateShown.fields.remove();
        else this._fail(current, container);
      },
    );
  }

  private _late(current: ShownCard, container: HTMLElement, fields: HTMLElement): void {
    if (this._current !== current) return;
    const notice = this._failedNotice();
    fields.hidden = true;
    container.prepend(notice);
    current._lateShown = { fields, notice };
    this._deps._failed();
  }

  private _recover(current: ShownCard): void {
    const late = current._lateShown;
    if (!late) return;
    current._lateShown = undefined;
    late.notice.remove();
    late.fields.hidden = false;
    this._deps._recovered();
  }

  private _fail(current: ShownCard, container: HTMLElement): void {
    if (this._current !== current) return;
    // Said where the payer waits for the fields, not only once Pay is pressed.
    container.replaceChildren(this._failedNotice());
    this._deps._failed();
  }

  private _failedNotice(): HTMLElement {
    return h(this._doc, 'p', { _className: 'sp-notice sp-notice--danger', text: this._deps._loadFailedText });
  }
}

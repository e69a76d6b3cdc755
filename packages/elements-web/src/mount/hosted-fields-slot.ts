import { h } from '../dom/h';
import { loadHostedFields, type HostedFieldsInstance } from '../flows/hosted-fields';
import type { CardMethodView } from '../types/session-view';

/** How long the fields may take to become usable by default: Adyen Web's own wait for its frames. */
export const HOSTED_FIELDS_READY_WITHIN_MS = 30_000;

interface ShownCard {
  readonly methodId: string;
  instance?: HostedFieldsInstance;
  readyTimer?: ReturnType<typeof setTimeout>;
}

/**
 * The place of an acquirer's hosted card fields: one container per shown card, kept in the document
 * across renders (the acquirer's fields are iframes, which reload when moved), loaded when, and only
 * when, an acquirer-hosted card with `hostedFields` is on screen; destroyed once it is not.
 */
export class HostedFieldsSlot {
  container: HTMLElement | undefined;
  private current: ShownCard | undefined;

  constructor(
    private readonly doc: Document,
    private readonly deps: {
      readonly loadingText: string;
      readonly loadFailedText: string;
      readonly locale: string;
      /** Bound of the wait for the adapter's `ready`; default HOSTED_FIELDS_READY_WITHIN_MS. */
      readonly readyWithinMs: number | undefined;
      readonly failed: () => void;
    },
  ) {}

  /** The tokenizer of the mounted fields, once the SDK is loaded. */
  get instance(): HostedFieldsInstance | undefined {
    return this.current?.instance;
  }

  /** The card the form shows now (undefined: none, or not an acquirer-hosted one). */
  show(card: CardMethodView | undefined): void {
    const settings = card?.integration !== 'fake' ? card?.hostedFields : undefined;
    if (!card || !settings) {
      this.destroy();
      return;
    }
    if (this.current?.methodId === card.id) return;
    this.destroy();
    const container = h(this.doc, 'div', { className: 'sp-hosted-fields' }, [h(this.doc, 'p', { className: 'sp-hint', text: this.deps.loadingText })]);
    const current: ShownCard = { methodId: card.id };
    this.container = container;
    this.current = current;
    loadHostedFields(this.doc, settings).then(
      (adapter) => {
        if (this.current !== current) return;
        container.replaceChildren();
        current.instance = adapter.mount(container, { keyId: settings.keyId, key: settings.key, locale: this.deps.locale });
        if (current.instance.ready) this.awaitReady(current, container, current.instance.ready);
      },
      () => this.fail(current, container),
    );
  }

  destroy(): void {
    if (this.current?.readyTimer !== undefined) clearTimeout(this.current.readyTimer);
    this.current?.instance?.destroy();
    this.current = undefined;
    this.container = undefined;
  }

  /** Fields that never become usable (an acquirer's frames unreachable) fail here, before the payer presses Pay. */
  private awaitReady(current: ShownCard, container: HTMLElement, ready: Promise<void>): void {
    const unusable = (): void => {
      if (this.current !== current) return;
      clearTimeout(current.readyTimer);
      current.instance?.destroy();
      current.instance = undefined;
      this.fail(current, container);
    };
    current.readyTimer = setTimeout(unusable, this.deps.readyWithinMs ?? HOSTED_FIELDS_READY_WITHIN_MS);
    ready.then(() => clearTimeout(current.readyTimer), unusable);
  }

  private fail(current: ShownCard, container: HTMLElement): void {
    if (this.current !== current) return;
    // Said where the payer waits for the fields, not only once Pay is pressed.
    container.replaceChildren(h(this.doc, 'p', { className: 'sp-notice sp-notice--danger', text: this.deps.loadFailedText }));
    this.deps.failed();
  }
}

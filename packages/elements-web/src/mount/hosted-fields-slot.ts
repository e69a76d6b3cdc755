import { h } from '../dom/h';
import { loadHostedFields, type HostedFieldsInstance } from '../flows/hosted-fields';
import type { CardMethodView } from '../types/session-view';

/**
 * The place of an acquirer's hosted card fields: one container per shown card, kept in the document
 * across renders (the acquirer's fields are iframes, which reload when moved), loaded when, and only
 * when, an acquirer-hosted card with `hostedFields` is on screen; destroyed once it is not.
 */
export class HostedFieldsSlot {
  container: HTMLElement | undefined;
  private current: { methodId: string; instance?: HostedFieldsInstance } | undefined;

  constructor(
    private readonly doc: Document,
    private readonly deps: { readonly loadingText: string; readonly loadFailedText: string; readonly locale: string; readonly failed: () => void },
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
    const current: { methodId: string; instance?: HostedFieldsInstance } = { methodId: card.id };
    this.container = container;
    this.current = current;
    loadHostedFields(this.doc, settings).then(
      (adapter) => {
        if (this.current !== current) return;
        container.replaceChildren();
        current.instance = adapter.mount(container, { keyId: settings.keyId, key: settings.key, locale: this.deps.locale });
      },
      () => {
        if (this.current !== current) return;
        // Said where the payer waits for the fields, not only once Pay is pressed.
        container.replaceChildren(h(this.doc, 'p', { className: 'sp-notice sp-notice--danger', text: this.deps.loadFailedText }));
        this.deps.failed();
      },
    );
  }

  destroy(): void {
    this.current?.instance?.destroy();
    this.current = undefined;
    this.container = undefined;
  }
}

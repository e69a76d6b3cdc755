import type { CardScheme, HostedFieldsView } from '../types/session-view';

/**
 * The adapter an acquirer's hosted-fields SDK exposes once loaded (version 1 of the interface): it
 * mounts its own fields in the container and hands back a single-use card token; the card number
 * never reaches this page's code.
 */
export interface HostedFieldsAdapter {
  /** `events` (additive to version 1) is how the adapter tells the page of the payer's typing. */
  mount(container: HTMLElement, settings: HostedFieldsSettings, events?: HostedFieldsCardEvents): HostedFieldsInstance;
  /**
   * Optional (additive to version 1): runs the in-page action a card attempt's view entry carries
   * (`pageAction.action`, the acquirer's own object: a 3-D Secure 2 fingerprint or challenge) in
   * `container`, with the acquirer's script, and resolves with the result to send to the confirm door
   * (`input: { method: 'card', details }`); rejects when it cannot be run. An adapter without it
   * leaves such an attempt to its redirect fallback, never asked by the driver for it. `events`
   * (additive too) is how the adapter tells the page what the payer must know while it runs.
   */
  runAction?(container: HTMLElement, settings: HostedFieldsSettings, action: Readonly<Record<string, unknown>>, events?: HostedFieldsActionEvents): Promise<Readonly<Record<string, string>>>;
}

/** What mounted card fields tell the page; optional, an older adapter calls none. */
export interface HostedFieldsCardEvents {
  /**
   * The payer changed what the fields hold (typed, pasted, cleared): a press of Pay after it is another
   * payment, with a new idempotency key, not the repeat of an unanswered one (D111-c). Called for a
   * change of the card only, never for focus or a redraw: a repeat of the same card keeps its key.
   */
  changed?(): void;
}

/** What an adapter running an in-page action tells the page; each optional, an older adapter calls none. */
export interface HostedFieldsActionEvents {
  /**
   * The action shows the payer something to act on (the issuer's 3-D Secure challenge, once mounted),
   * not an invisible step (a fingerprint): the page announces it and moves focus to the container.
   */
  challenge?(): void;
}

export interface HostedFieldsSettings {
  readonly keyId: string;
  readonly key: string;
  readonly locale: string;
  /**
   * Additive to version 1: the networks the card entry accepts (the view's `schemes`). An adapter may
   * restrict its fields to them, so that the payer is refused in the form rather than after a hold
   * the service voids (D74); an older adapter ignores it.
   */
  readonly schemes?: readonly CardScheme[];
}

export interface HostedFieldsInstance {
  /**
   * The single-use token, sent as `input: { method: 'card', token }`. When the payer's card input is
   * incomplete or invalid, the adapter shows the acquirer's own validation and rejects with an `Error`
   * whose `code` is `'invalid-card-details'` (`INVALID_CARD_DETAILS`): the components then ask the
   * payer to check the card and start nothing. Any other rejection (the acquirer's SDK not loaded, an
   * unknown `keyId`, a destroyed instance) carries no such code: the card form could not be used.
   */
  tokenize(): Promise<string>;
  /**
   * Optional: settles once the payer can type in the fields, rejects when they cannot be used. The
   * components wait for it at most `hostedFields.readyWithinMs` of their options; after that they say
   * the card form could not be loaded, without waiting for Pay, and keep the instance hidden: settling
   * later gives the form back. On its rejection they destroy the instance (and say so if not yet said).
   * An adapter without it is waited for by `tokenize` alone.
   */
  readonly ready?: Promise<void>;
  /** Idempotent. */
  destroy(): void;
}

/** The `code` of a `tokenize` rejection that means "the payer's card input is invalid" (version 1). */
export const INVALID_CARD_DETAILS = 'invalid-card-details';

/** Read by its `code`, not `instanceof`: the adapter is another bundle, its errors of its own making. */
export function isInvalidCardDetails(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { readonly code?: unknown }).code === INVALID_CARD_DETAILS;
}

declare global {
  interface Window {
    SplitPayHostedFields?: HostedFieldsAdapter;
  }
}

const loads = new Map<string, Promise<HostedFieldsAdapter>>();

/**
 * Loads the SDK named by `hostedFields` once per URL (the only script the components ever add to a
 * page, and only for an acquirer-hosted card). A failed load is forgotten so a later call retries.
 */
export function loadHostedFields(doc: Document, settings: HostedFieldsView): Promise<HostedFieldsAdapter> {
  const win = doc.defaultView;
  if (win?.SplitPayHostedFields) return Promise.resolve(win.SplitPayHostedFields);
  let loading = loads.get(settings.sdkUrl);
  if (!loading) {
    loading = new Promise<HostedFieldsAdapter>((resolve, reject) => {
      const script = doc.createElement('script');
      script.src = settings.sdkUrl;
      script.async = true;
      script.crossOrigin = 'anonymous';
      script.addEventListener('load', () => (win?.SplitPayHostedFields ? resolve(win.SplitPayHostedFields) : reject(new Error('no hosted fields adapter'))));
      script.addEventListener('error', () => reject(new Error('hosted fields SDK not loaded')));
      doc.head.append(script);
    });
    loading.catch(() => loads.delete(settings.sdkUrl));
    loads.set(settings.sdkUrl, loading);
  }
  return loading;
}

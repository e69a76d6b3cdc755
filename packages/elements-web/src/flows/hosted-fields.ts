import type { HostedFieldsView } from '../types/session-view';

/**
 * The adapter an acquirer's hosted-fields SDK exposes once loaded (version 1 of the interface): it
 * mounts its own fields in the container and hands back a single-use card token; the card number
 * never reaches this page's code.
 */
export interface HostedFieldsAdapter {
  mount(container: HTMLElement, settings: { readonly keyId: string; readonly key: string; readonly locale: string }): HostedFieldsInstance;
}

export interface HostedFieldsInstance {
  tokenize(): Promise<string>;
  destroy(): void;
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
      script.addEventListener('load', () => (win?.SplitPayHostedFields ? resolve(win.SplitPayHostedFields) : reject(new Error('hosted fields SDK registered no adapter'))));
      script.addEventListener('error', () => reject(new Error('hosted fields SDK failed to load')));
      doc.head.append(script);
    });
    loading.catch(() => loads.delete(settings.sdkUrl));
    loads.set(settings.sdkUrl, loading);
  }
  return loading;
}

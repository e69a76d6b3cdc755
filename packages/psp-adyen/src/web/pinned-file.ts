/** A file of another origin, pinned by Subresource Integrity: the browser runs or applies it only if its sha384 is this one. */
export interface PinnedFile {
  readonly url: string;
  readonly integrity: string;
}

/**
 * Adds the element to the head and settles once the browser has taken the file (`load`) or refused
 * it (`error`: unreachable, or its hash is not the pinned one). A refused element is taken away, so
 * that a later try adds a fresh one.
 */
function added(doc: Document, element: HTMLScriptElement | HTMLLinkElement, failure: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    element.addEventListener('load', () => resolve());
    element.addEventListener('error', () => {
      element.remove();
      reject(new Error(failure));
    });
    doc.head.append(element);
  });
}

/** Attributes, not properties: the browser reads them when it fetches; `crossorigin` is what lets it check the hash of another origin's file. */
function pin(element: HTMLScriptElement | HTMLLinkElement, file: PinnedFile): void {
  element.setAttribute('integrity', file.integrity);
  element.setAttribute('crossorigin', 'anonymous');
}

export function addPinnedScript(doc: Document, file: PinnedFile, failure: string): Promise<void> {
  const script = doc.createElement('script');
  pin(script, file);
  script.async = true;
  script.src = file.url;
  return added(doc, script, failure);
}

export function addPinnedStylesheet(doc: Document, file: PinnedFile, failure: string): Promise<void> {
  const link = doc.createElement('link');
  pin(link, file);
  link.rel = 'stylesheet';
  link.href = file.url;
  return added(doc, link, failure);
}

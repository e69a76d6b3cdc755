/** A URL, or a getter for one known only once the service listens (a test on port 0). */
export type UrlSource = string | (() => string);

export function resolveUrl(source: UrlSource): string {
  return (typeof source === 'string' ? source : source()).replace(/\/+$/, '');
}

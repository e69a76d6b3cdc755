/**
 * The service's address as the dashboard page sees it: its origin, and the path before
 * `/dashboard` (PUBLIC_BASE_URL's path when a proxy in front strips it, else none). The OAuth and
 * /api doors are under that address, not at the origin's root.
 */
export function serviceBaseOf(page: { readonly origin: string; readonly pathname: string }): string {
  const before = /^(.*?)\/dashboard(?:\/|$)/.exec(page.pathname)?.[1] ?? '';
  return `${page.origin}${before}`;
}

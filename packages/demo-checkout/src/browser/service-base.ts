/**
 * The service's address as the demo page sees it: its origin, and the path before `/demo`
 * (PUBLIC_BASE_URL's path when a proxy in front strips it, else none; docs/decisions.md D43). The
 * shop's doors, the inbox and the components' elements doors are under that address.
 */
export function serviceBaseOf(page: { readonly origin: string; readonly pathname: string }): string {
  const before = /^(.*?)\/demo(?:\/|$)/.exec(page.pathname)?.[1] ?? '';
  return `${page.origin}${before}`;
}

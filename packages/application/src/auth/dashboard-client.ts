/** The public OAuth client of the dashboard's human login (docs/decisions.md D14). */
export const DASHBOARD_CLIENT_ID = 'dashboard';

/** The dashboard client as configured: its redirect URIs (DASHBOARD_REDIRECT_URIS). */
export class DashboardClient {
  readonly clientId = DASHBOARD_CLIENT_ID;
  private readonly redirectUris: ReadonlySet<string>;

  constructor(deps: { readonly redirectUris: readonly string[] }) {
    this.redirectUris = new Set(deps.redirectUris);
  }

  /** The configured redirect URIs, in configuration order. */
  get registeredRedirectUris(): readonly string[] {
    return [...this.redirectUris];
  }

  /** Exact string comparison, as RFC 6749 section 3.1.2.3 and the OAuth security BCP require. */
  allowsRedirect(redirectUri: string): boolean {
    return this.redirectUris.has(redirectUri);
  }
}

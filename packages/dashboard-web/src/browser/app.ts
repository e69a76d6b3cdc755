import type { MeJson } from './api/api-types';
import { DashboardApi } from './api/dashboard-api';
import { beginSignIn, callbackUri, completeSignIn } from './auth/sign-in-flow';
import { TokenClient } from './auth/token-client';
import { TokenKeeper } from './auth/token-keeper';
import { RefundKeys, unnameLegacyRefundKeys } from './refund/refund-keys';
import { serviceBaseOf } from './service-base';
import { LOCALES, preferredLocale, translator, type Locale, type Translator } from './i18n/i18n';
import { operationsAddressOfLegacyPayments } from './operations/legacy-payments-address';
import { operationsAddress } from './operations/operation-filters';
import { paymentsAddress } from './payments/payment-filters';
import { sessionAddressOf } from './sessions/session-address';
import { h, replaceChildren } from './views/dom';
import { operationsView } from './views/operations.view';
import { paymentsView } from './views/payments.view';
import { sessionView, type SessionView } from './views/session.view';
import { signedOutView } from './views/signed-out.view';
import type { ViewContext } from './views/view-context';
import { viewLinks, type ListView } from './views/view-nav.view';

const LANGUAGE_KEY = 'splitpay.dashboard.language';

/**
 * The dashboard page: the sign-in state, the header (who is signed in, language, sign-out), the
 * links to the two lists, and the view the address names (`#/payments?...`, `#/operations?...` or
 * `#/sessions/{id}`).
 */
export class DashboardApp {
  private tr: Translator;
  private me: MeJson | undefined;
  private notice: string | undefined;
  private readonly base = serviceBaseOf(location);
  private readonly tokens = new TokenClient(undefined, this.base);
  private readonly keeper: TokenKeeper;
  private readonly api: DashboardApi;
  // Unclear refunds' keys are shared by the tabs (D103-g): named by the merchant signed in, never by
  // the contact's e-mail, which would outlive the sign-in in the browser.
  private readonly refundKeys = new RefundKeys(undefined, localStorage, () => (this.me?.contact ? this.me.merchantId : undefined));
  private readonly skipLink = h('a', { class: 'skip', href: '#main', onclick: (e: Event) => this.skip(e) });
  private readonly header = h('header', { class: 'top' });
  private readonly views = h('nav', { class: 'views' });
  private readonly live = h('div', { class: 'live', role: 'status', 'aria-live': 'polite' });
  private readonly main = h('main', { id: 'main', tabindex: '-1' });
  /** The payment shown, by its address: a change of language draws it anew in place (D151). */
  private shownSession: { readonly hash: string; readonly view: SessionView } | undefined;

  constructor(private readonly root: HTMLElement) {
    this.tr = translator(preferredLocale(localStorage.getItem(LANGUAGE_KEY), navigator.languages));
    this.keeper = new TokenKeeper({ refresh: (token) => this.tokens.refresh(token), revoke: (token) => this.tokens.revoke(token), onLapsed: () => this.signedOut(this.tr.t.sessionLapsed) });
    this.api = new DashboardApi(
      () => this.keeper.freshAccessToken(),
      () => this.signedOut(this.tr.t.sessionLapsed),
      undefined,
      this.base,
    );
  }

  async start(): Promise<void> {
    unnameLegacyRefundKeys(localStorage);
    this.root.replaceChildren(this.skipLink, this.header, this.views, this.live, this.main);
    window.addEventListener('hashchange', () => this.route());
    window.addEventListener('pageshow', (event) => {
      if (event.persisted) void this.resumed();
    });
    if (location.pathname === new URL(callbackUri(this.base)).pathname) {
      await this.completeSignIn();
      return;
    }
    this.showSignedOut();
  }

  /**
   * The page comes back from the back-forward cache as it was left, its tokens with it (D151): its
   * timers stood still meanwhile, so the sign-in is checked now rather than at the contact's next
   * click. One read with the token (rotated first when it lapsed, D129-b): a refused rotation or an
   * Unauthorized answer says the sign-in lapsed, and the page asks to sign in again.
   */
  private async resumed(): Promise<void> {
    if (!this.keeper.signedIn) return;
    await this.api.me();
  }

  private skip(event: Event): void {
    event.preventDefault();
    this.main.focus();
  }

  private async completeSignIn(): Promise<void> {
    this.renderHeader();
    replaceChildren(this.main, h('p', {}, this.tr.t.signingIn));
    const outcome = await completeSignIn(new URLSearchParams(location.search), { store: sessionStorage, base: this.base, tokens: this.tokens });
    // The code and state leave the address bar (and the history) at once; the view stays, even after
    // a failure, so that Sign in pressed again returns there.
    history.replaceState(null, '', `${this.base}/dashboard${outcome.returnTo}`);
    // An answer to a sign-in this tab no longer awaits: a form reached again with Back (its state
    // spent by the sign-in it already made) or an older one. Its code is never used; a new sign-in
    // starts, rather than a failure the contact can do nothing about (D129-f).
    if (outcome.kind === 'failed' && (outcome.reason === 'no-pending' || outcome.reason === 'state-mismatch')) {
      this.signIn();
      return;
    }
    if (outcome.kind !== 'signed-in') {
      this.showSignedOut(this.tr.t.signInFailed);
      return;
    }
    this.keeper.start(outcome.tokens);
    const me = await this.api.me();
    if (!me.ok) {
      if (this.keeper.signedIn) this.signedOut(this.tr.t.signInFailed);
      return;
    }
    this.me = me.body;
    this.notice = undefined;
    this.renderHeader();
    this.route();
  }

  private signIn(): void {
    const returnTo = location.hash.startsWith('#/') ? location.hash : '';
    void beginSignIn({ store: sessionStorage, base: this.base, returnTo, locale: this.tr.locale }).then((url) => location.assign(url));
  }

  private signOut(): void {
    this.signedOut(this.tr.t.signedOutAfterSignOut);
  }

  private signedOut(notice: string): void {
    // Several calls may meet the lapse at once: the first one signs out.
    if (!this.keeper.signedIn && this.me === undefined) return;
    this.keeper.signOut();
    this.me = undefined;
    this.showSignedOut(notice);
  }

  private showSignedOut(notice?: string): void {
    this.notice = notice;
    this.renderHeader();
    this.renderViews(undefined);
    replaceChildren(this.main, signedOutView(this.tr, notice, () => this.signIn()));
    this.focusHeading();
  }

  /**
   * The page is drawn anew in the language chosen; focus stays on the list the contact is using. A
   * payment shown is drawn again from what it read, its open forms kept (D151); a list is read again.
   */
  private setLocale(locale: Locale): void {
    localStorage.setItem(LANGUAGE_KEY, locale);
    this.tr = translator(locale);
    if (this.keeper.signedIn && this.me) {
      this.renderHeader();
      const shown = this.shownSession;
      if (shown && shown.hash === location.hash && shown.view.element.isConnected) {
        this.renderViews('session');
        shown.view.retranslate();
      } else this.route();
    } else this.showSignedOut(this.notice);
    document.getElementById('language')?.focus();
  }

  private renderHeader(): void {
    const { t } = this.tr;
    document.documentElement.lang = this.tr.locale;
    document.title = t.appTitle;
    this.skipLink.textContent = t.skipToContent;
    const languages = h('select', { id: 'language', onchange: (e: Event) => this.setLocale((e.target as HTMLSelectElement).value as Locale) });
    for (const locale of Object.keys(LOCALES) as Locale[]) {
      languages.append(h('option', { value: locale, lang: locale, selected: locale === this.tr.locale }, locale === 'fr' ? 'Français' : 'English'));
    }
    const me = this.me;
    replaceChildren(
      this.header,
      h('p', { class: 'brand' }, t.appTitle),
      me?.contact ? h('p', { class: 'me', 'data-testid': 'signed-in-contact' }, t.signedInAs(me.contact.email, t.roles[me.contact.role] ?? me.contact.role, me.merchantId)) : null,
      h('div', { class: 'language' }, h('label', { for: 'language' }, t.language), languages),
      me ? h('button', { type: 'button', class: 'secondary', onclick: () => this.signOut() }, t.signOut) : null,
    );
  }

  /** Signed out there is no list to go to: the navigation is hidden. */
  private renderViews(current: ListView | 'session' | undefined): void {
    this.views.hidden = current === undefined;
    if (current === undefined) {
      replaceChildren(this.views);
      return;
    }
    this.views.setAttribute('aria-label', this.tr.t.viewsNav);
    replaceChildren(this.views, viewLinks(this.tr, current === 'session' ? undefined : current));
  }

  private context(): ViewContext {
    const tr = (): Translator => this.tr;
    return {
      // Read when used: a view kept across a change of language speaks the new one (D151).
      get tr() {
        return tr();
      },
      api: this.api,
      merchantId: this.me?.merchantId ?? '',
      providers: this.me?.providers ?? [],
      refundKeys: this.refundKeys,
      announce: (message) => {
        this.live.textContent = message;
      },
      navigate: (hash) => {
        if (location.hash === hash) this.route();
        else location.hash = hash;
      },
      replaceAddress: (hash) => {
        history.replaceState(null, '', hash);
      },
    };
  }

  private route(): void {
    if (!this.keeper.signedIn) return;
    let hash = location.hash;
    let query = new URLSearchParams(hash.split('?')[1] ?? '');
    // A bookmark of D62's payments filters opens the operations it meant, in place of its own address.
    const moved = /^#\/operations/.test(hash) || hash.startsWith('#/sessions/') ? undefined : operationsAddressOfLegacyPayments(query);
    if (moved) {
      history.replaceState(null, '', moved);
      hash = moved;
      query = new URLSearchParams(hash.split('?')[1] ?? '');
    }
    const session = sessionAddressOf(hash);
    const shown = session ? sessionView(this.context(), session.sessionId, session.back) : undefined;
    this.shownSession = shown ? { hash, view: shown } : undefined;
    const [current, view] = shown
      ? (['session', shown.element] as const)
      : /^#\/operations(\?|$)/.test(hash)
        ? (['operations', operationsView(this.context(), operationsAddress.filters(query), operationsAddress.cursors(query))] as const)
        : (['payments', paymentsView(this.context(), paymentsAddress.filters(query), paymentsAddress.cursors(query))] as const);
    // Building the view may have met the end of the sign-in: the signed-out view drawn then stays.
    if (!this.keeper.signedIn) return;
    this.renderViews(current);
    replaceChildren(this.main, view);
    this.focusHeading();
  }

  private focusHeading(): void {
    (this.main.querySelector('h1') as HTMLElement | null)?.focus();
  }
}

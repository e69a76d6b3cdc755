import { randomBytes } from 'node:crypto';
import { sameBrowser } from './demo-browser.cookie';
import { demoSessionBody } from './demo-order';
import type { DemoLocale } from './demo-page.html';

/** The demo merchant's credentials (they match the demo merchants file the server ships). */
export interface DemoMerchant {
  readonly merchantId: string;
  readonly secret: string;
  /** The `authorization` value the service sends with the merchant's webhooks. */
  readonly webhookAuthorization: string;
}

export class DemoShopError extends Error {}

/**
 * The merchant server's side of the demo: it authenticates with its client credentials and creates
 * sessions over the service's own HTTP API, as any merchant would. It keeps each order's elements
 * token in memory (never in a URL), for the page of the browser that created the order to mount
 * again after a redirect.
 */
export class DemoMerchantServer {
  private readonly orders = new Map<string, { readonly elementsToken: string; readonly browser: string; lang: DemoLocale }>();
  private access: { token: string; until: number } | undefined;

  constructor(
    private readonly deps: { readonly baseUrl: () => string; readonly merchant: DemoMerchant; readonly now?: () => number; readonly maxOrders?: number },
  ) {}

  /** A new order of the browser holding the key `browser`, whose lines and terms the payer reads in `lang`. */
  async newOrder(browser: string, lang: DemoLocale = 'en'): Promise<{ orderId: string; elementsToken: string }> {
    const now = (this.deps.now ?? Date.now)();
    // 128 random bits: the id travels in addresses (the way back from a PSP), so it must not be guessable.
    const orderId = `demo-${randomBytes(16).toString('base64url')}`;
    const base = this.deps.baseUrl();
    const res = await fetch(`${base}/api/sessions`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${await this.accessToken()}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(demoSessionBody(orderId, base, now, lang)),
    });
    const answer = (await res.json().catch(() => ({}))) as { elementsToken?: string; code?: string };
    if (res.status !== 201 || !answer.elementsToken) throw new DemoShopError(`session creation answered ${res.status} ${answer.code ?? ''}`.trim());
    this.orders.set(orderId, { elementsToken: answer.elementsToken, browser, lang });
    // Bounded: the oldest orders are forgotten first.
    const max = this.deps.maxOrders ?? 500;
    while (this.orders.size > max) this.orders.delete(this.orders.keys().next().value as string);
    return { orderId, elementsToken: answer.elementsToken };
  }

  /** The order, for the browser that created it only; another browser is answered as for an unknown order. */
  order(orderId: string, browser: string | undefined): { orderId: string; elementsToken: string } | undefined {
    const order = this.orders.get(orderId);
    return order && sameBrowser(browser, order.browser) ? { orderId, elementsToken: order.elementsToken } : undefined;
  }

  /**
   * The language the browser that created the order last chose for it: `chosen` when given (the page
   * asked in it), else the one remembered (the way back from a PSP's page names none). Undefined for
   * another browser's order or an unknown one.
   */
  languageOf(orderId: string, browser: string | undefined, chosen?: DemoLocale): DemoLocale | undefined {
    const order = this.orders.get(orderId);
    if (!order || !sameBrowser(browser, order.browser)) return undefined;
    if (chosen) order.lang = chosen;
    return order.lang;
  }

  /** Whether the browser holding `browser` created the order (its webhooks are listed to it alone). */
  createdBy(orderId: string, browser: string | undefined): boolean {
    const order = this.orders.get(orderId);
    return order !== undefined && sameBrowser(browser, order.browser);
  }

  private async accessToken(): Promise<string> {
    const now = Date.now();
    if (this.access && now < this.access.until) return this.access.token;
    const { merchantId, secret } = this.deps.merchant;
    const res = await fetch(`${this.deps.baseUrl()}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: merchantId, client_secret: secret }).toString(),
    });
    if (res.status !== 200) throw new DemoShopError(`the demo merchant "${merchantId}" could not authenticate (${res.status}): is it in MERCHANTS_FILE?`);
    const answer = (await res.json()) as { access_token: string; expires_in: number };
    this.access = { token: answer.access_token, until: now + answer.expires_in * 1000 - 60_000 };
    return answer.access_token;
  }
}

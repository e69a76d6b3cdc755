import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a merchant page adds to the components' defaults: CSP sources beyond the service, mount options. */
export interface MerchantPageOptions {
  /** Extra sources per CSP directive (e.g. `{ 'script-src': [ADYEN_CDN], 'frame-src': ["'self'"] }`). */
  readonly csp?: Readonly<Record<string, readonly string[]>>;
  /** The options the page's own script gives `SplitPay.mount`, beside the token and base URL, as a JS object literal. */
  readonly mountOptions?: string;
}

/**
 * The merchant's page, on an origin of its own (127.0.0.1): the components from the service (script
 * and stylesheet) and a script of its own mounting them with the session's elements token, under a
 * strict CSP that lets in only the service and the sources the test adds. Set `elementsToken` before
 * opening `${url}/checkout`. The mount's handle is kept as `window.shopCheckout` (a test may unmount).
 */
export class MerchantPage {
  private server: Server | undefined;
  elementsToken = '';
  url = '';
  /** The mount options the page's script gives, read at each request: a test may set its own before opening the page. */
  mountOptions: string;

  constructor(private readonly options: MerchantPageOptions = {}) {
    this.mountOptions = options.mountOptions ?? '';
  }

  async start(serviceUrl: string): Promise<void> {
    const policy = this.policy(serviceUrl);
    this.server = createServer((req, res) => {
      const mountOptions = this.mountOptions ? `, ${this.mountOptions}` : '';
      if (req.url === '/checkout') {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': policy });
        res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title>
<link rel="stylesheet" href="${serviceUrl}/elements/sdk/v1/splitpay.css">
<script src="${serviceUrl}/elements/sdk/v1/splitpay.js" defer></script><script src="/shop.js" defer></script></head>
<body><main><h1>Checkout</h1><div id="pay" data-elements-token="${this.elementsToken}" data-base-url="${serviceUrl}"></div></main></body></html>`);
      } else if (req.url === '/shop.js') {
        res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' });
        res.end(`var el = document.getElementById('pay'); window.shopCheckout = window.SplitPay.mount(el, { elementsToken: el.dataset.elementsToken, baseUrl: el.dataset.baseUrl, locale: 'en'${mountOptions} });`);
      } else {
        res.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private policy(serviceUrl: string): string {
    const base: Record<string, string[]> = {
      'default-src': ["'none'"],
      'script-src': ["'self'", serviceUrl],
      'style-src': [serviceUrl],
      'connect-src': [serviceUrl],
      'base-uri': ["'none'"],
      'form-action': ["'self'"],
    };
    for (const [directive, sources] of Object.entries(this.options.csp ?? {})) base[directive] = [...(base[directive] ?? []), ...sources];
    return Object.entries(base)
      .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
      .join('; ');
  }
}

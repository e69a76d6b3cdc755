import { timingSafeEqual } from 'node:crypto';
import express, { Router, type Request, type Response } from 'express';
import { browserKeyOf, ensureBrowserKey } from './demo-browser.cookie';
import type { DemoAsset, DemoAssets } from './demo-assets';
import { renderDemoPage, renderTermsPage, type DemoLocale } from './demo-page.html';
import { DemoShopError, type DemoMerchantServer } from './merchant-server';
import type { WebhookInbox } from './webhook-inbox';

/**
 * The demo page's policy: scripts, styles and calls from this origin only, nothing inline, no
 * frames; forms may post to this origin only (the fake provider's pages live here).
 */
export const DEMO_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "form-action 'self'",
  "frame-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

export interface DemoRouterDeps {
  readonly shop: DemoMerchantServer;
  readonly inbox: WebhookInbox;
  /** The `authorization` value the demo merchant's webhooks carry; others are refused. */
  readonly webhookAuthorization: string;
  readonly now: () => number;
  /** The page's script and stylesheet (bundled by the server from DEMO_PAGE_ENTRY and its stylesheet), asked at each request for one. */
  readonly assets: () => Promise<DemoAssets>;
  /** PUBLIC_BASE_URL's path (none at the root): the page names its assets and links under it (docs/decisions.md D43). */
  readonly basePath?: () => string;
  /** Failures worth an operator's eye (a demo order the service refused). */
  readonly onError?: (event: string, error: unknown) => void;
}

function sameSecret(given: string | undefined, expected: string): boolean {
  const a = Buffer.from(given ?? '', 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

function sendAsset(req: Request, res: Response, file: DemoAsset): void {
  res.set({ 'Content-Type': file.contentType, ETag: file.etag, 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff' });
  if (req.headers['if-none-match'] === file.etag) res.status(304).end();
  else res.status(200).send(file.body);
}

/** The language a request asks for, `?lang=fr` or English. */
function langOf(req: Request): DemoLocale {
  return req.query.lang === 'fr' ? 'fr' : 'en';
}

/** The one a request names, if any. */
function namedLang(req: Request): DemoLocale | undefined {
  return req.query.lang === 'fr' || req.query.lang === 'en' ? req.query.lang : undefined;
}

function page(res: Response, html: string): void {
  res.set({ 'Content-Security-Policy': DEMO_CSP, 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer' });
  res.type('text/html').send(html);
}

/** GET /demo and its doors: the shop page, its orders, its webhook inbox. Mounted only with the fake provider. */
export function demoRouter(deps: DemoRouterDeps): Router {
  const router = Router();

  // The page of an order speaks the language last chosen for it: the way back from a PSP's page names none (D146-c).
  router.get('/demo', (req, res) => {
    const order = typeof req.query.order === 'string' ? req.query.order : undefined;
    const lang = (order && deps.shop.languageOf(order, browserKeyOf(req), namedLang(req))) || langOf(req);
    page(res, renderDemoPage(lang, deps.basePath?.()));
  });
  router.get('/demo/terms', (req, res) => page(res, renderTermsPage(langOf(req))));
  router.get('/demo/assets/:file', async (req, res) => {
    const name = req.params.file;
    if (name !== 'demo.js' && name !== 'demo.css') {
      res.status(404).json({ code: 'NotFound', message: 'Not found' });
      return;
    }
    sendAsset(req, res, (await deps.assets())[name]);
  });

  router.post('/demo/orders', async (req, res) => {
    try {
      const order = await deps.shop.newOrder(ensureBrowserKey(req, res, `${deps.basePath?.() ?? ''}/demo`), langOf(req));
      res.set('Cache-Control', 'no-store').status(201).json(order);
    } catch (error) {
      deps.onError?.('demo.order.failed', error);
      res.status(502).json({ code: 'InternalError', message: error instanceof DemoShopError ? error.message : 'the demo order could not be created' });
    }
  });
  router.get('/demo/orders/:orderId', (req, res) => {
    const order = deps.shop.order(req.params.orderId, browserKeyOf(req));
    if (!order) res.status(404).json({ code: 'NotFound', message: 'Not found' });
    else res.set('Cache-Control', 'no-store').json(order);
  });

  router.post('/demo/webhooks', express.json({ limit: '256kb' }), (req, res) => {
    if (!sameSecret(req.headers.authorization, deps.webhookAuthorization)) {
      res.status(401).type('text/plain').send('Unauthorized');
      return;
    }
    deps.inbox.receive(req.body, deps.now());
    res.status(200).type('text/plain').send('OK');
  });
  // Bound like the order's token (D79): only the summaries of this browser's orders, an order id alone is not enough.
  router.get('/demo/webhooks', (req, res) => {
    const order = typeof req.query.order === 'string' ? req.query.order : undefined;
    const browser = browserKeyOf(req);
    const webhooks = deps.inbox.list(order).filter((entry) => entry.orderId !== undefined && deps.shop.createdBy(entry.orderId, browser));
    res.set('Cache-Control', 'no-store').json({ webhooks });
  });
  return router;
}

import type { OperationSpec, ParameterSpec, PathSpecs } from './operation';

/**
 * The demo shop, mounted only with the fake provider (FAKE_PSP on): a merchant's checkout page that
 * uses the browser components, its server side, and the demo merchant's webhook inbox.
 */

const tags = ['Demo'];
/** The page's language: French with fr, English otherwise. */
const lang = { name: 'lang', in: 'query', required: false, schema: { type: 'string', enum: ['en', 'fr'] } } as const;
const own = (operationId: string, summary: string, contentType: string, extra: Partial<OperationSpec> = {}): OperationSpec => ({
  operationId,
  summary,
  tags,
  security: 'none',
  responses: { default: { description: "the demo's answer", contentType } },
  ...extra,
});

/** The demo's browser key, set at the first order (demo-browser.cookie.ts). */
const browserCookie: ParameterSpec = { name: 'splitpay_demo_browser', in: 'cookie', description: 'The key of the browser that created the order', schema: { type: 'string' } };

export const demoPaths: PathSpecs = {
  '/demo': {
    get: own('getDemoPage', 'The demo shop page (strict Content-Security-Policy); ?lang=en or fr, ?order= to come back to an order', 'text/html'),
  },
  '/demo/terms': { get: own('getDemoTerms', "The demo shop's terms of sale; ?lang=en or fr", 'text/html', { parameters: [lang] }) },
  '/demo/assets/{file}': {
    get: own('getDemoAsset', "The demo page's script and stylesheet", '*/*', { parameters: [{ name: 'file', in: 'path', required: true, schema: { type: 'string', enum: ['demo.js', 'demo.css'] } }] }),
  },
  '/demo/orders': {
    post: own(
      'createDemoOrder',
      'New demo order: the shop creates a session and answers { orderId, elementsToken }; the id is 128 random bits; a browser without the demo cookie gets one (HttpOnly, SameSite=Strict), which binds the order to it (docs/decisions.md D79); ?lang=fr names its cart lines and terms in French',
      'application/json',
      { parameters: [browserCookie, lang] },
    ),
  },
  '/demo/orders/{orderId}': {
    get: own('getDemoOrder', 'The elements token of a demo order (the page mounts again after a redirect), for the browser that created it only: without its cookie, 404 as for an unknown order', 'application/json', {
      parameters: [{ name: 'orderId', in: 'path', required: true, schema: { type: 'string' } }, browserCookie],
    }),
  },
  '/demo/webhooks': {
    post: own('receiveDemoWebhook', "The demo merchant's webhook receiver (checks the authorization header; takes each notificationId once; answers OK)", 'text/plain'),
    get: own(
      'listDemoWebhooks',
      "The webhooks received for the orders of the browser asking: { webhooks: [{ receivedAt, event, orderId, status, total, captured }] }; ?order= keeps one of them; another browser's order, or none without the cookie, lists nothing (docs/decisions.md D79)",
      'application/json',
      { parameters: [{ name: 'order', in: 'query', description: 'One order of this browser', schema: { type: 'string' } }, browserCookie] },
    ),
  },
};

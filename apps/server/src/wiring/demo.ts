import type { Router } from 'express';
import { DemoMerchantServer, demoRouter, WebhookInbox } from '@splitpay/demo-checkout';
import { demoAssets } from './browser-bundles';
import type { Core } from './core';

/** The demo merchant of apps/server/demo-merchants.json. */
export const DEMO_MERCHANT = { merchantId: 'demo', secret: 'demo-secret', webhookAuthorization: 'Bearer demo-webhook-secret' } as const;

/**
 * The demo shop at /demo, only when the fake provider is on: its server side creates sessions for
 * the demo merchant over the service's own API; the merchant's webhooks land in its inbox.
 */
export function wireDemo(core: Core, deps: { readonly publicBaseUrl?: () => string } = {}): Router[] {
  if (!core.config.fakePsp) return [];
  const baseUrl = deps.publicBaseUrl ?? (() => core.config.publicBaseUrl);
  const shop = new DemoMerchantServer({ baseUrl, merchant: DEMO_MERCHANT, now: () => core.clock.now() });
  return [
    demoRouter({
      shop,
      inbox: new WebhookInbox(),
      webhookAuthorization: DEMO_MERCHANT.webhookAuthorization,
      now: () => core.clock.now(),
      assets: demoAssets,
      basePath: () => new URL(baseUrl()).pathname.replace(/\/+$/, ''),
      onError: (event, error) => core.logger.warn(event, { message: error instanceof Error ? error.message : String(error) }),
    }),
  ];
}

export { demoRouter, DEMO_CSP, type DemoRouterDeps } from './demo.routes';
export { DEMO_PAGE_ENTRY, DEMO_STYLESHEET, type DemoAsset, type DemoAssets } from './demo-assets';
export { DemoMerchantServer, DemoShopError, type DemoMerchant } from './merchant-server';
export { WebhookInbox, type InboxEntry } from './webhook-inbox';
export { demoSessionBody, DEMO_TOTAL } from './demo-order';

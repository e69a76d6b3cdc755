export { demoRouter, DEMO_CSP, type DemoRouterDeps } from './demo.routes';
export { DemoMerchantServer, DemoShopError, type DemoMerchant } from './merchant-server';
export { WebhookInbox, type InboxEntry } from './webhook-inbox';
export { demoSessionBody, DEMO_TOTAL } from './demo-order';

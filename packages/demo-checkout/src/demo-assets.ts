export interface DemoAsset {
  readonly contentType: string;
  readonly body: Buffer;
  readonly etag: string;
}

export type DemoAssets = Readonly<Record<'demo.js' | 'demo.css', DemoAsset>>;

/** The page's entry, as a path in the checkout; its stylesheet (demo.css) is beside it. The server bundles both (the page's script from TypeScript). */
export const DEMO_PAGE_ENTRY = 'packages/demo-checkout/src/browser/demo-page.ts';

export const DEMO_STYLESHEET = 'demo.css';

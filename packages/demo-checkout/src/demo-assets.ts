import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

export interface DemoAsset {
  readonly contentType: string;
  readonly body: Buffer;
  readonly etag: string;
}

export type DemoAssets = Readonly<Record<'demo.js' | 'demo.css', DemoAsset>>;

function asset(contentType: string, body: Buffer): DemoAsset {
  return { contentType, body, etag: `"${createHash('sha256').update(body).digest('base64url')}"` };
}

/** The page's entry, as a path in the checkout; its stylesheet (demo.css) is beside it. */
export const DEMO_PAGE_ENTRY = 'packages/demo-checkout/src/browser/demo-page.ts';

/** Bundles a TypeScript entry as one browser script, ready to serve (the components' bundler, wired by the app). */
export type BrowserScriptBuilder = (entry: string) => Promise<DemoAsset>;

/** The page's script (bundled from TypeScript in memory by `buildScript`) and stylesheet, from the directory `pageSources` answers. */
export async function buildDemoAssets(pageSources: () => string, buildScript: BrowserScriptBuilder): Promise<DemoAssets> {
  const browser = pageSources();
  return {
    'demo.js': await buildScript(path.join(browser, 'demo-page.ts')),
    'demo.css': asset('text/css; charset=utf-8', await readFile(path.join(browser, 'demo.css'))),
  };
}

import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

export interface DemoAsset {
  readonly contentType: string;
  readonly body: Buffer;
  readonly etag: string;
}

export type DemoAssets = Readonly<Record<'demo.js' | 'demo.css', DemoAsset>>;

/** esbuild is loaded at the first build, not when the server starts. */
const esbuild = () => import('esbuild');

function asset(contentType: string, body: Buffer): DemoAsset {
  return { contentType, body, etag: `"${createHash('sha256').update(body).digest('base64url')}"` };
}

/** The page's entry, as a path in the checkout; its stylesheet (demo.css) is beside it. */
export const DEMO_PAGE_ENTRY = 'packages/demo-checkout/src/browser/demo-page.ts';

/** The page's script (bundled from TypeScript in memory) and stylesheet, from the directory `pageSources` answers. */
export async function buildDemoAssets(pageSources: () => string): Promise<DemoAssets> {
  const { build } = await esbuild();
  const browser = pageSources();
  const script = await build({ entryPoints: [path.join(browser, 'demo-page.ts')], bundle: true, format: 'iife', target: 'es2019', minify: true, write: false, logLevel: 'silent' });
  return {
    'demo.js': asset('text/javascript; charset=utf-8', Buffer.from(script.outputFiles[0]?.text ?? '', 'utf8')),
    'demo.css': asset('text/css; charset=utf-8', await readFile(path.join(browser, 'demo.css'))),
  };
}

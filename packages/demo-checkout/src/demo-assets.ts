import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
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

/** The page's sources: beside this file, or (compiled build inside the checkout) found walking up to it. */
function browserDir(): string {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    for (const candidate of [path.join(dir, 'browser'), path.join(dir, 'packages', 'demo-checkout', 'src', 'browser')]) {
      if (existsSync(path.join(candidate, 'demo-page.ts'))) return candidate;
    }
    if (path.dirname(dir) === dir) throw new Error('demo page sources not found: they are built from packages/demo-checkout/src/browser');
  }
}

/** The page's script (bundled from TypeScript in memory) and stylesheet. */
export async function buildDemoAssets(): Promise<DemoAssets> {
  const { build } = await esbuild();
  const browser = browserDir();
  const script = await build({ entryPoints: [path.join(browser, 'demo-page.ts')], bundle: true, format: 'iife', target: 'es2019', minify: true, write: false, logLevel: 'silent' });
  return {
    'demo.js': asset('text/javascript; charset=utf-8', Buffer.from(script.outputFiles[0]?.text ?? '', 'utf8')),
    'demo.css': asset('text/css; charset=utf-8', await readFile(path.join(browser, 'demo.css'))),
  };
}

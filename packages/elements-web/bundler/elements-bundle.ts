import path from 'node:path';
import { createHash } from 'node:crypto';
import { findSource } from './find-source';

/** One built file of the components, ready to serve. */
export interface BundleFile {
  readonly contentType: string;
  readonly body: Buffer;
  /** Strong validator of the content (sha-256, base64url). */
  readonly etag: string;
}

/** The files served under /elements/sdk/v1/: the ES module, the script (window.SplitPay) and the CSS. */
export type ElementsBundle = Readonly<Record<'splitpay.mjs' | 'splitpay.js' | 'splitpay.css', BundleFile>>;

/** The components' TypeScript sources: beside this directory in the repository, else in the checkout above a compiled build. */
function sourceDir(): string {
  return path.dirname(findSource(__dirname, ['../src/index.ts', 'packages/elements-web/src/index.ts'], 'elements-web sources (packages/elements-web/src)'));
}

/** esbuild is loaded at the first build, not when the server starts. */
const esbuild = () => import('esbuild');

function file(contentType: string, text: string): BundleFile {
  const body = Buffer.from(text, 'utf8');
  return { contentType, body, etag: `"${createHash('sha256').update(body).digest('base64url')}"` };
}

async function bundle(entry: string, format: 'esm' | 'iife', globalName?: string): Promise<string> {
  const { build } = await esbuild();
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format,
    ...(globalName ? { globalName } : {}),
    platform: 'browser',
    // ES2020 syntax (?. and ??) runs in every browser the components run in: they already need Element.replaceChildren (Chrome 86, Firefox 78, Safari 14), D91.
    target: 'es2020',
    minify: true,
    legalComments: 'none',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]?.text ?? '';
}

/**
 * One browser script (IIFE) built from a TypeScript entry with the components' own settings, ready to
 * serve: what a PSP package's hosted-fields adapter is served as (GET /psp/{provider}/hosted-fields.js).
 */
export async function buildBrowserScript(entry: string): Promise<BundleFile> {
  return file('text/javascript; charset=utf-8', await bundle(entry, 'iife'));
}

async function stylesheet(): Promise<string> {
  const { build } = await esbuild();
  const result = await build({ entryPoints: [path.join(sourceDir(), 'styles', 'splitpay.css')], bundle: true, minify: true, write: false, logLevel: 'silent' });
  return result.outputFiles[0]?.text ?? '';
}

/** Builds the three files from the sources (esbuild, in memory, about a tenth of a second). */
export async function buildElementsBundle(): Promise<ElementsBundle> {
  const entry = path.join(sourceDir(), 'index.ts');
  const [mjs, js, css] = await Promise.all([bundle(entry, 'esm'), bundle(entry, 'iife', 'SplitPay'), stylesheet()]);
  return {
    'splitpay.mjs': file('text/javascript; charset=utf-8', mjs),
    'splitpay.js': file('text/javascript; charset=utf-8', js),
    'splitpay.css': file('text/css; charset=utf-8', css),
  };
}

import path from 'node:path';
import { createHash } from 'node:crypto';
import { findSource } from './find-source';
import type { BundleBytes } from './prebuilt-bundle';

/** One built file of the components, ready to serve. */
export interface BundleFile {
  readonly contentType: string;
  readonly body: Buffer;
  /** Strong validator of the content (sha-256, base64url). */
  readonly etag: string;
}

export const ELEMENTS_FILES = ['splitpay.mjs', 'splitpay.js', 'splitpay.css'] as const;
export type ElementsFileName = (typeof ELEMENTS_FILES)[number];

/** The files served under /elements/sdk/v1/: the ES module, the script (window.SplitPay) and the CSS. */
export type ElementsBundle = Readonly<Record<ElementsFileName, BundleFile>>;

/** The components' TypeScript sources: beside this directory in the repository, else in the checkout above a compiled build. */
function sourceDir(): string {
  return path.dirname(findSource(__dirname, ['../src/index.ts', 'packages/elements-web/src/index.ts'], 'elements-web sources (packages/elements-web/src)'));
}

/** esbuild is loaded at the first build, not when the server starts. */
const esbuild = () => import('esbuild');

/** A file ready to serve, its content type told by its name's extension (`.css`, else a script). */
export function servedFile(name: string, body: Buffer): BundleFile {
  const contentType = name.endsWith('.css') ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8';
  return { contentType, body, etag: `"${createHash('sha256').update(body).digest('base64url')}"` };
}

/** Every file of `bytes`, ready to serve. */
export function servedFiles<Name extends string>(bytes: BundleBytes<Name>): Readonly<Record<Name, BundleFile>> {
  return Object.fromEntries(Object.entries<Buffer>(bytes).map(([name, body]) => [name, servedFile(name, body)])) as Record<Name, BundleFile>;
}

/**
 * The components' own members are named with a leading underscore (TypeScript's `private` is not renamed by a
 * minifier); the components' files shorten those names, which keeps the script within its gzip budget (D102-a).
 * Other scripts built here (the demo page's, a PSP's hosted-fields adapter) may touch foreign `_` members: theirs stay.
 */
const OWN_MEMBERS = /^_/;

async function bundle(entry: string, format: 'esm' | 'iife', ownMembers?: RegExp): Promise<Buffer> {
  const { build } = await esbuild();
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format,
    platform: 'browser',
    // ES2020 syntax (?. and ??) runs in every browser the components run in: they already need Element.replaceChildren (Chrome 86, Firefox 78, Safari 14), D91.
    target: 'es2020',
    minify: true,
    legalComments: 'none',
    ...(ownMembers ? { mangleProps: ownMembers } : {}),
    write: false,
    logLevel: 'silent',
  });
  return Buffer.from(result.outputFiles[0]?.contents ?? []);
}

/**
 * One browser script (IIFE) built from a TypeScript entry with the components' own settings: what the
 * demo page's script and a PSP package's hosted-fields adapter (GET /psp/{provider}/hosted-fields.js) are.
 */
export function bundleBrowserScript(entry: string): Promise<Buffer> {
  return bundle(entry, 'iife');
}

async function stylesheet(): Promise<Buffer> {
  const { build } = await esbuild();
  const result = await build({ entryPoints: [path.join(sourceDir(), 'styles', 'splitpay.css')], bundle: true, minify: true, write: false, logLevel: 'silent' });
  return Buffer.from(result.outputFiles[0]?.contents ?? []);
}

/** Builds the three files from the sources (esbuild, in memory, about a tenth of a second). */
export async function buildElementsFiles(): Promise<BundleBytes<ElementsFileName>> {
  const entry = path.join(sourceDir(), 'index.ts');
  const [mjs, js, css] = await Promise.all([bundle(entry, 'esm', OWN_MEMBERS), bundle(path.join(sourceDir(), 'script-entry.ts'), 'iife', OWN_MEMBERS), stylesheet()]);
  return { 'splitpay.mjs': mjs, 'splitpay.js': js, 'splitpay.css': css };
}

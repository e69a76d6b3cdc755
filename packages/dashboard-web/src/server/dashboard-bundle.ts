import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** One built file of the dashboard, named by its content so it can be cached for good. */
export interface DashboardAsset {
  readonly name: string;
  readonly contentType: string;
  readonly body: Buffer;
  /** Subresource Integrity value of `body` (sha384). */
  readonly integrity: string;
}

export interface DashboardBundle {
  readonly script: DashboardAsset;
  readonly style: DashboardAsset;
}

/** The browser sources, beside this directory in the repository (a compiled build holds no TypeScript). */
export const DASHBOARD_BROWSER_DIR = path.join(__dirname, '..', 'browser');

/**
 * Where `npm run build` writes the bundle, relative to this file's directory: in the repository no such
 * directory exists (the sources are bundled on first use), in a compiled build it is served as it is.
 */
export const PREBUILT_DIR = path.join(__dirname, '..', '..', 'bundle');
const SCRIPT_FILE = 'dashboard.js';
const STYLE_FILE = 'dashboard.css';

function asset(stem: string, extension: 'js' | 'css', contents: Uint8Array): DashboardAsset {
  const body = Buffer.from(contents);
  const digest = createHash('sha384').update(body).digest();
  return {
    name: `${stem}-${digest.subarray(0, 8).toString('hex')}.${extension}`,
    contentType: extension === 'js' ? 'text/javascript; charset=utf-8' : 'text/css; charset=utf-8',
    body,
    integrity: `sha384-${digest.toString('base64')}`,
  };
}

/** Bundles the browser code and its style sheet with esbuild, in memory (nothing is written). */
export async function buildDashboardBundle(browserDir: string = DASHBOARD_BROWSER_DIR): Promise<DashboardBundle> {
  // esbuild is loaded at the first build only: a compiled build serves the bundle made by `npm run build`.
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: { dashboard: path.join(browserDir, 'main.ts'), 'dashboard-style': path.join(browserDir, 'dashboard.css') },
    bundle: true,
    write: false,
    outdir: 'out',
    format: 'iife',
    platform: 'browser',
    target: ['es2022'],
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
  });
  const script = result.outputFiles.find((file) => file.path.endsWith('dashboard.js'));
  const style = result.outputFiles.find((file) => file.path.endsWith('dashboard-style.css'));
  if (!script || !style) throw new Error('the dashboard bundle lacks its script or its style sheet');
  return { script: asset('dashboard', 'js', script.contents), style: asset('dashboard', 'css', style.contents) };
}

/** Bundles the sources of `browserDir` and writes the script and the style sheet into `outDir` (`npm run build`). */
export async function writeDashboardBundle(outDir: string, browserDir: string = DASHBOARD_BROWSER_DIR): Promise<void> {
  const { script, style } = await buildDashboardBundle(browserDir);
  await mkdir(outDir, { recursive: true });
  await Promise.all([writeFile(path.join(outDir, SCRIPT_FILE), script.body), writeFile(path.join(outDir, STYLE_FILE), style.body)]);
}

/** The bundle written by `writeDashboardBundle` into `dir`. */
export async function readDashboardBundle(dir: string): Promise<DashboardBundle> {
  const [script, style] = await Promise.all([readFile(path.join(dir, SCRIPT_FILE)), readFile(path.join(dir, STYLE_FILE))]);
  return { script: asset('dashboard', 'js', script), style: asset('dashboard', 'css', style) };
}

/** The bundle `npm run build` wrote beside the compiled code when there is one, else built from the sources. */
function loadDashboardBundle(): Promise<DashboardBundle> {
  return existsSync(path.join(PREBUILT_DIR, SCRIPT_FILE)) ? readDashboardBundle(PREBUILT_DIR) : buildDashboardBundle();
}

let shared: Promise<DashboardBundle> | undefined;

/** The bundle, loaded once per process (on first use) and shared by every instance. */
export function dashboardBundle(): Promise<DashboardBundle> {
  shared ??= loadDashboardBundle().catch((error: unknown) => {
    shared = undefined;
    throw error;
  });
  return shared;
}

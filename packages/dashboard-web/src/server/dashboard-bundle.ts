import { createHash } from 'node:crypto';
import path from 'node:path';
import { build } from 'esbuild';

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

const BROWSER_DIR = path.join(__dirname, '..', 'browser');

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
export async function buildDashboardBundle(): Promise<DashboardBundle> {
  const result = await build({
    entryPoints: { dashboard: path.join(BROWSER_DIR, 'main.ts'), 'dashboard-style': path.join(BROWSER_DIR, 'dashboard.css') },
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

let shared: Promise<DashboardBundle> | undefined;

/** The bundle, built once per process (on first use) and shared by every instance. */
export function dashboardBundle(): Promise<DashboardBundle> {
  shared ??= buildDashboardBundle().catch((error: unknown) => {
    shared = undefined;
    throw error;
  });
  return shared;
}

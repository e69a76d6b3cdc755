import { createHash } from 'node:crypto';
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

/** The browser code's entry, as a path in the checkout (how the server finds it from a compiled build, to bundle it ahead). */
export const DASHBOARD_BROWSER_ENTRY = 'packages/dashboard-web/src/browser/main.ts';

export const DASHBOARD_FILES = ['dashboard.js', 'dashboard.css'] as const;
export type DashboardFileName = (typeof DASHBOARD_FILES)[number];

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

/** Bundles the browser code of `browserDir` and its style sheet with esbuild, in memory (nothing is written). */
export async function buildDashboardFiles(browserDir: string = DASHBOARD_BROWSER_DIR): Promise<Readonly<Record<DashboardFileName, Buffer>>> {
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
  return { 'dashboard.js': Buffer.from(script.contents), 'dashboard.css': Buffer.from(style.contents) };
}

/** The page's two files, each named by its content (cached for good) and pinned by its integrity. */
export function dashboardBundleOf(files: Readonly<Record<DashboardFileName, Buffer>>): DashboardBundle {
  return { script: asset('dashboard', 'js', files['dashboard.js']), style: asset('dashboard', 'css', files['dashboard.css']) };
}

let shared: Promise<DashboardBundle> | undefined;

/** The bundle built from the sources beside this package, once per process (on first use). */
export function dashboardBundle(): Promise<DashboardBundle> {
  shared ??= buildDashboardFiles()
    .then(dashboardBundleOf)
    .catch((error: unknown) => {
      shared = undefined;
      throw error;
    });
  return shared;
}

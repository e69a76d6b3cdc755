import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { buildDashboardFiles, DASHBOARD_BROWSER_ENTRY, DASHBOARD_FILES, dashboardBundleOf, type DashboardBundle } from '@splitpay/dashboard-web';
import { DEMO_PAGE_ENTRY, DEMO_STYLESHEET, type DemoAssets } from '@splitpay/demo-checkout';
import { buildElementsFiles, bundleBrowserScript, ELEMENTS_FILES, servedFiles, type BundleFile, type ElementsBundle } from '@splitpay/elements-web/bundler/elements-bundle';
import { findSource } from '@splitpay/elements-web/bundler/find-source';
import { loadBundle, once, writePrebuiltBundle, type BrowserBundle } from '@splitpay/elements-web/bundler/prebuilt-bundle';
import { ADYEN_HOSTED_FIELDS_ENTRY } from '@splitpay/psp-adyen';

/**
 * Where `npm run build` writes every browser bundle, beside the compiled server
 * (dist/apps/server/bundles/{id}/): a compiled build serves them as they are and never runs esbuild.
 * No such directory exists in the checkout, where `npm start` bundles the sources on first use.
 */
export const PREBUILT_ROOT = path.join(__dirname, '..', '..', 'bundles');

/** A source of the checkout by its path there: beside this file's checkout, or above a build made inside it. */
const source = (entry: string, what: string): string => findSource(__dirname, [entry], what);

const dashboard: BrowserBundle<(typeof DASHBOARD_FILES)[number]> = {
  id: 'dashboard',
  files: DASHBOARD_FILES,
  build: () => buildDashboardFiles(path.dirname(source(DASHBOARD_BROWSER_ENTRY, 'dashboard browser sources'))),
};

const elements: BrowserBundle<(typeof ELEMENTS_FILES)[number]> = { id: 'elements', files: ELEMENTS_FILES, build: buildElementsFiles };

const demo: BrowserBundle<'demo.js' | 'demo.css'> = {
  id: 'demo',
  files: ['demo.js', 'demo.css'],
  build: async () => {
    const entry = source(DEMO_PAGE_ENTRY, 'demo page sources');
    const [script, style] = await Promise.all([bundleBrowserScript(entry), readFile(path.join(path.dirname(entry), DEMO_STYLESHEET))]);
    return { 'demo.js': script, 'demo.css': style };
  },
};

const adyenHostedFields: BrowserBundle<'hosted-fields.js'> = {
  id: 'psp-adyen',
  files: ['hosted-fields.js'],
  build: async () => ({ 'hosted-fields.js': await bundleBrowserScript(source(ADYEN_HOSTED_FIELDS_ENTRY, 'psp-adyen web sources')) }),
};

/** Every bundle the service serves. */
export const BROWSER_BUNDLES: readonly BrowserBundle[] = [dashboard, elements, demo, adyenHostedFields];

/** Writes every bundle into `root` (`npm run build`, from the compiled server inside the checkout). */
export async function writeBrowserBundles(root: string = PREBUILT_ROOT): Promise<void> {
  for (const bundle of BROWSER_BUNDLES) await writePrebuiltBundle(root, bundle);
}

// Each loaded once per process, on its first request, and shared by every app instance.
export const dashboardAssets = once(async (): Promise<DashboardBundle> => dashboardBundleOf(await loadBundle(PREBUILT_ROOT, dashboard)));
export const elementsFiles = once(async (): Promise<ElementsBundle> => servedFiles(await loadBundle(PREBUILT_ROOT, elements)));
export const demoAssets = once(async (): Promise<DemoAssets> => servedFiles(await loadBundle(PREBUILT_ROOT, demo)));
export const adyenHostedFieldsScript = once(async (): Promise<BundleFile> => servedFiles(await loadBundle(PREBUILT_ROOT, adyenHostedFields))['hosted-fields.js']);

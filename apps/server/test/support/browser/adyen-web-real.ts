import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { ADYEN_WEB_VERSION, adyenWebSdkUrl, adyenWebStylesheetUrl } from '@splitpay/psp-adyen';

/** Adyen Web's own files, from its npm package (a devDependency pinned to ADYEN_WEB_VERSION): what Adyen's CDN serves at sdk/<version>/. */
export function adyenWebDist(): { readonly version: string; readonly js: Buffer; readonly css: Buffer } {
  const root = path.dirname(require.resolve('@adyen/adyen-web/package.json'));
  const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
  if (version !== ADYEN_WEB_VERSION) throw new Error(`@adyen/adyen-web ${version} is installed, the adapter pins ${ADYEN_WEB_VERSION}`);
  return { version, js: readFileSync(path.join(root, 'dist', 'adyen.js')), css: readFileSync(path.join(root, 'dist', 'adyen.css')) };
}

const ADYEN_ORIGINS = /^https:\/\/[a-z0-9-]+\.adyen\.com\//;

/**
 * Plays Adyen's origins for the test environment with no network: its script and stylesheet are the
 * package's real bytes (with the CORS header Adyen's CDN sends, which a crossorigin load needs);
 * anything else there (secured-fields iframes, analytics, logos, BIN lookup) fails as offline.
 * Answers the URLs asked of Adyen, in order.
 */
export async function serveRealAdyenWeb(context: BrowserContext): Promise<string[]> {
  const dist = adyenWebDist();
  const asked: string[] = [];
  const cors = { 'Access-Control-Allow-Origin': '*' };
  await context.route(ADYEN_ORIGINS, async (route) => {
    const url = route.request().url();
    asked.push(url);
    if (url === adyenWebSdkUrl('test')) await route.fulfill({ status: 200, contentType: 'text/javascript', headers: cors, body: dist.js });
    else if (url === adyenWebStylesheetUrl('test')) await route.fulfill({ status: 200, contentType: 'text/css', headers: cors, body: dist.css });
    else await route.abort('internetdisconnected');
  });
  return asked;
}

import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { DEMO_MERCHANTS_FILE } from '../../src/config';
import { launchChromium } from './dashboard-browser';
import type { ServiceHarness, ServiceHarnessOptions } from './service-harness';
import { useService } from './use-service';

export interface DemoDashboard {
  /** The service holding the demo merchants file (`useService`: a field read before it starts throws). */
  service(): ServiceHarness;
  /** Chromium (throws before it starts). */
  browser(): Browser;
}

/** The demo merchants file, to start from when a test gives the demo merchant more contracts. */
export function demoMerchants(): { merchants: { contracts: object[] }[] } {
  return JSON.parse(readFileSync(DEMO_MERCHANTS_FILE, 'utf8')) as { merchants: { contracts: object[] }[] };
}

/**
 * For the calling describe block: the service with the demo merchants (or `options.merchants`) and
 * Chromium, started before the first test, closed after the last (`backForwardCache`: as a contact's
 * browser has it, where Playwright turns it off).
 */
export function useDemoDashboard(options: Pick<ServiceHarnessOptions, 'merchants' | 'extraProviders'> & { readonly backForwardCache?: boolean } = {}): DemoDashboard {
  const h = useService(() => ({ merchants: options.merchants ?? demoMerchants(), ...(options.extraProviders ? { extraProviders: options.extraProviders } : {}) }));
  let chromium: Browser | undefined;
  beforeAll(async () => {
    chromium = await launchChromium({ backForwardCache: options.backForwardCache ?? false });
  });
  afterAll(async () => {
    await chromium?.close();
  });
  return {
    service() {
      return h;
    },
    browser() {
      if (!chromium) throw new Error('Chromium starts before the first test');
      return chromium;
    },
  };
}

import type { Router } from 'express';
import { elementsSdkRouter, pspHostedFieldsRouter, type SdkFile } from '@splitpay/http-api';
import { buildElementsBundle, type ElementsBundle } from '@splitpay/elements-web/bundler/elements-bundle';

/**
 * The browser components, built from their sources on the first request (esbuild, in memory) and
 * kept for the life of the process; a failed build is retried by the next request.
 */
export function wireElementsSdk(): Router {
  let bundle: Promise<ElementsBundle> | undefined;
  return elementsSdkRouter(() => {
    bundle ??= buildElementsBundle().catch((error: unknown) => {
      bundle = undefined;
      throw error;
    });
    return bundle;
  });
}

/** The hosted-fields adapters the mounted providers ship (GET /psp/{provider}/hosted-fields.js). */
export function wireHostedFieldsAdapters(adapters: ReadonlyMap<string, () => Promise<SdkFile>>): Router {
  return pspHostedFieldsRouter((provider) => adapters.get(provider));
}

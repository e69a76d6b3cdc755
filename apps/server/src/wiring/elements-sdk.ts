import type { Router } from 'express';
import { elementsSdkRouter, pspHostedFieldsRouter, type SdkFile } from '@splitpay/http-api';
import { elementsFiles } from './browser-bundles';

/** The browser components: the build's prebuilt files, else built from their sources on the first request (browser-bundles.ts). */
export function wireElementsSdk(): Router {
  return elementsSdkRouter(elementsFiles);
}

/** The hosted-fields adapters the mounted providers ship (GET /psp/{provider}/hosted-fields.js). */
export function wireHostedFieldsAdapters(adapters: ReadonlyMap<string, () => Promise<SdkFile>>): Router {
  return pspHostedFieldsRouter((provider) => adapters.get(provider));
}

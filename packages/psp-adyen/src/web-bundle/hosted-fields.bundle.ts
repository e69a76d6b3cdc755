import { existsSync } from 'node:fs';
import path from 'node:path';

const ENTRY = path.join('web', 'hosted-fields.entry.ts');

/**
 * The Adyen Web adapter's entry (window.SplitPayHostedFields), which the server bundles as a browser
 * script and serves at ADYEN_HOSTED_FIELDS_PATH: beside this file in the repository; from a compiled
 * build (dist/ inside the checkout, where sources are not copied) found by walking up to the checkout.
 */
export function adyenHostedFieldsEntry(): string {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    for (const candidate of [path.join(dir, '..', ENTRY), path.join(dir, 'packages', 'psp-adyen', 'src', ENTRY)]) {
      if (existsSync(candidate)) return candidate;
    }
    if (path.dirname(dir) === dir) throw new Error('psp-adyen web sources not found: the adapter is built from packages/psp-adyen/src/web');
  }
}

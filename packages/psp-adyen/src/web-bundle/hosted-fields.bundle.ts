import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** The adapter's script, ready to serve. */
export interface HostedFieldsScript {
  readonly contentType: string;
  readonly body: Buffer;
  /** Strong validator of the content (sha-256, base64url). */
  readonly etag: string;
}

const ENTRY = path.join('web', 'hosted-fields.entry.ts');

/**
 * The adapter's TypeScript sources: beside this file in the repository; from a compiled build (dist/
 * inside the checkout, where sources are not copied) found by walking up to the checkout.
 */
function entryPoint(): string {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    for (const candidate of [path.join(dir, '..', ENTRY), path.join(dir, 'packages', 'psp-adyen', 'src', ENTRY)]) {
      if (existsSync(candidate)) return candidate;
    }
    if (path.dirname(dir) === dir) throw new Error('psp-adyen web sources not found: the adapter is built from packages/psp-adyen/src/web');
  }
}

/**
 * Builds the Adyen Web adapter (window.SplitPayHostedFields) with esbuild, in memory: one script,
 * loaded by our components for an Adyen card and served by the service at ADYEN_HOSTED_FIELDS_PATH.
 * esbuild is loaded at the first build, not when the server starts.
 */
export async function buildAdyenHostedFieldsScript(): Promise<HostedFieldsScript> {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [entryPoint()],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2019',
    minify: true,
    legalComments: 'none',
    write: false,
    logLevel: 'silent',
  });
  const body = Buffer.from(result.outputFiles[0]?.text ?? '', 'utf8');
  return { contentType: 'text/javascript; charset=utf-8', body, etag: `"${createHash('sha256').update(body).digest('base64url')}"` };
}

import { Router, type Request, type Response } from 'express';

/** One file of the browser components, built and ready to serve. */
export interface SdkFile {
  readonly contentType: string;
  readonly body: Buffer;
  readonly etag: string;
}

export const SDK_FILES = ['splitpay.js', 'splitpay.mjs', 'splitpay.css'] as const;
export type SdkFileName = (typeof SDK_FILES)[number];

/**
 * A file every merchant page may load: public and cacheable by anyone (an hour, then revalidated by
 * ETag); loadable from any merchant origin (CORS and CORP cross-origin), since the merchant's page is on
 * another origin.
 */
function sendPublicFile(req: Request, res: Response, file: SdkFile): void {
  res.set({
    'Content-Type': file.contentType,
    ETag: file.etag,
    'Cache-Control': 'public, max-age=3600, must-revalidate',
    'Access-Control-Allow-Origin': '*',
    'Cross-Origin-Resource-Policy': 'cross-origin',
    'X-Content-Type-Options': 'nosniff',
  });
  if (req.headers['if-none-match'] === file.etag) res.status(304).end();
  else res.status(200).send(file.body);
}

/** GET /elements/sdk/v1/{file}: the components' script (window.SplitPay), ES module and stylesheet. */
export function elementsSdkRouter(load: () => Promise<Readonly<Record<SdkFileName, SdkFile>>>): Router {
  const router = Router();
  for (const name of SDK_FILES) {
    router.get(`/elements/sdk/v1/${name}`, async (req, res) => {
      sendPublicFile(req, res, (await load())[name]);
    });
  }
  return router;
}

/**
 * GET /psp/{provider}/hosted-fields.js: the hosted-fields adapter (window.SplitPayHostedFields) of a
 * provider whose cards are acquirer-hosted, which our components load for its card view; served like
 * the components' own files. A provider without one is NotFound.
 */
export function pspHostedFieldsRouter(adapterOf: (provider: string) => (() => Promise<SdkFile>) | undefined): Router {
  const router = Router();
  router.get('/psp/:provider/hosted-fields.js', async (req, res, next) => {
    const load = adapterOf(req.params.provider);
    if (!load) return next();
    sendPublicFile(req, res, await load());
  });
  return router;
}

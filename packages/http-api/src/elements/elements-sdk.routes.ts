import { Router } from 'express';

/** One file of the browser components, built and ready to serve. */
export interface SdkFile {
  readonly contentType: string;
  readonly body: Buffer;
  readonly etag: string;
}

export const SDK_FILES = ['splitpay.js', 'splitpay.mjs', 'splitpay.css'] as const;
export type SdkFileName = (typeof SDK_FILES)[number];

/**
 * GET /elements/sdk/v1/{file}: the components' script (window.SplitPay), ES module and stylesheet.
 * Public and cacheable by anyone (an hour, then revalidated by ETag); loadable from any merchant
 * origin (CORS and CORP cross-origin), since the merchant's page is on another origin.
 */
export function elementsSdkRouter(load: () => Promise<Readonly<Record<SdkFileName, SdkFile>>>): Router {
  const router = Router();
  for (const name of SDK_FILES) {
    router.get(`/elements/sdk/v1/${name}`, async (req, res) => {
      const file = (await load())[name];
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
    });
  }
  return router;
}

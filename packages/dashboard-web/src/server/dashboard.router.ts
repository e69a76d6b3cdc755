import { Router, type Response } from 'express';
import { dashboardBundle, type DashboardBundle } from './dashboard-bundle';
import { dashboardShell } from './dashboard-shell.html';

/**
 * Scripts and styles from the service only, no inline code, no eval, no HTML sinks (Trusted Types
 * with no policy at all: the page builds its DOM with text nodes), calls to the service only.
 */
export const DASHBOARD_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "require-trusted-types-for 'script'",
  "trusted-types 'none'",
].join('; ');

export interface DashboardRouterOptions {
  /** The bundle to serve (the service's, built ahead in a compiled build); default the process's shared one, built from the sources on first use. */
  readonly bundle?: () => Promise<DashboardBundle>;
  /** PUBLIC_BASE_URL's path ('' when none): the page's asset addresses start with it. */
  readonly basePath?: string;
}

function secureHeaders(res: Response): void {
  res.setHeader('Content-Security-Policy', DASHBOARD_CSP);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('X-Frame-Options', 'DENY');
  // The callback address carries the authorization code: never leak it to another site.
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
}

/**
 * GET /dashboard (the page), /dashboard/callback (where sign-in returns; the same page completes
 * it) and /dashboard/assets/{asset} (the bundle, named by its content, cached for good).
 */
export function dashboardRouter(options: DashboardRouterOptions = {}): Router {
  const bundle = options.bundle ?? dashboardBundle;
  const router = Router();

  const page = async (_req: unknown, res: Response): Promise<void> => {
    const html = dashboardShell(await bundle(), options.basePath);
    secureHeaders(res);
    // Never `no-store`: that keeps the page out of the back-forward cache, and its tokens live in the
    // page's memory only, so Back then Forward asked for the password again (D151). The shell holds no
    // secret; `no-cache` still has every ordinary load ask the service again.
    res.setHeader('Cache-Control', 'private, no-cache');
    res.type('html').send(html);
  };
  router.get('/dashboard', page);
  router.get('/dashboard/callback', page);

  router.get('/dashboard/assets/:asset', async (req, res, next) => {
    const { script, style } = await bundle();
    const found = [script, style].find((a) => a.name === req.params.asset);
    if (!found) {
      next();
      return;
    }
    secureHeaders(res);
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.type(found.contentType).send(found.body);
  });
  return router;
}

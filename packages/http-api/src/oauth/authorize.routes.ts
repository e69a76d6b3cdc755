import express, { Router, type ErrorRequestHandler, type Request, type RequestHandler, type Response } from 'express';
import { isAbortedBody } from '../app/aborted-body';
import { limitKeyDigest, type SharedLimiterCounters } from '../app/hit-counter-store';
import { addressOf } from '../app/rate-limit-answer';
import { normalizeEmail, type ContactLogin, type DashboardClient } from '@splitpay/application';
import { assertUnreachable } from '@splitpay/domain';
import { checkAuthorizeRequest, redirectWith, type AuthorizeCheck } from './authorize-request';
import { FailedAuthenticationLimit } from './failed-authentication-limit';
import { singleParams } from './form-params';
import type { HashingGate } from './hashing-gate';
import { errorPage, LOGIN_STYLE_SOURCE, loginFormPage, signInBusyPage, tooManyAttemptsPage } from './login-page.html';
import { LOGIN_TEXTS } from './login-texts';

/** Failed sign-ins allowed per client address and email within the window before 429. */
export interface LoginRateLimit {
  readonly windowMs: number;
  readonly limit: number;
}

export const DEFAULT_LOGIN_RATE_LIMIT: LoginRateLimit = { windowMs: 15 * 60_000, limit: 5 };

export interface AuthorizeRouteDeps {
  readonly dashboard: DashboardClient;
  readonly contactLogin: ContactLogin;
  readonly loginRateLimit?: LoginRateLimit;
  /** Counters the sign-in limit shares with the other instances (D55); default this process's memory. */
  readonly sharedCounters?: SharedLimiterCounters;
  /** This server's issuer identifier (the public base URL), sent as `iss` with every authorization response (RFC 9207). */
  readonly issuer: string;
  /** Admission to the password checks (scrypt), shared with the token endpoint. */
  readonly hashingGate: HashingGate;
}

/** Same words for an unknown email and a wrong password (docs/decisions.md D14), in English. */
export const LOGIN_REFUSED = LOGIN_TEXTS.en.refused;

function sendHtml(res: Response, status: number, html: string, dashboard: DashboardClient): void {
  const formTargets = new Set(["'self'", ...dashboard.registeredRedirectUris.map((uri) => new URL(uri).origin)]);
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader(
    'Content-Security-Policy',
    `default-src 'none'; style-src ${LOGIN_STYLE_SOURCE}; form-action ${[...formTargets].join(' ')}; frame-ancestors 'none'; base-uri 'none'`,
  );
  res.status(status).type('html').send(html);
}

/** The answer to an authorization request that did not pass its checks; true when it answered. */
function answeredRefusal(res: Response, check: AuthorizeCheck, dashboard: DashboardClient, issuer: string): boolean {
  switch (check.kind) {
    case 'valid':
      return false;
    case 'error-page':
      sendHtml(res, 400, errorPage(check.message), dashboard);
      return true;
    case 'redirect-error':
      res.setHeader('Cache-Control', 'no-store');
      res.redirect(302, redirectWith(check.redirectUri, { error: check.error, error_description: check.description, state: check.state, iss: issuer }));
      return true;
    default:
      return assertUnreachable(check, 'authorize check');
  }
}

function emailOf(body: unknown): string {
  const read = singleParams(body, ['email']);
  return read.kind === 'ok' ? normalizeEmail(read.params.email ?? '') : '';
}

/**
 * GET /oauth/authorize shows the dashboard login form; POST /oauth/authorize checks the contact's
 * credentials and sends the browser back with a single-use code, or shows the form again. Failed
 * sign-ins are limited per client address and email, the email counted by its digest (the counters
 * may be kept in the database, D55: no email there, nor what was typed in its place); a refusal is
 * counted once decided, and before a request the count is only read (D119-f).
 */
export function authorizeRouter(deps: AuthorizeRouteDeps): Router {
  const { dashboard } = deps;
  const router = Router();
  const limits = deps.loginRateLimit ?? DEFAULT_LOGIN_RATE_LIMIT;

  const limit = new FailedAuthenticationLimit({
    name: 'oauth:signin:email',
    windowMs: limits.windowMs,
    limit: limits.limit,
    shared: deps.sharedCounters,
    keyOf: (req) => `${addressOf(req)}|${limitKeyDigest(deps.sharedCounters)(emailOf(req.body))}`,
    refuse: (res, retryAfterS) => {
      res.setHeader('Retry-After', String(retryAfterS));
      sendHtml(res, 429, tooManyAttemptsPage(retryAfterS), dashboard);
    },
  });

  router.get('/oauth/authorize', (req, res) => {
    const check = checkAuthorizeRequest(req.query, dashboard);
    if (answeredRefusal(res, check, dashboard, deps.issuer) || check.kind !== 'valid') return;
    sendHtml(res, 200, loginFormPage({ request: check.request }), dashboard);
  });

  const requireForm: RequestHandler = (req, res, next) => {
    if (!req.is('application/x-www-form-urlencoded')) {
      sendHtml(res, 400, errorPage('The sign-in form could not be read.'), dashboard);
      return;
    }
    next();
  };
  const bodyErrors: ErrorRequestHandler = (error, _req, res, next) => {
    const status = (error as { status?: unknown } | null)?.status;
    // A body the client stopped sending is no unreadable form: nobody is left to answer (the app's error handler logs it).
    if (typeof status === 'number' && status >= 400 && status < 500 && !res.headersSent && !isAbortedBody(error)) {
      sendHtml(res, 400, errorPage('The sign-in form could not be read.'), dashboard);
      return;
    }
    next(error);
  };

  router.post(
    '/oauth/authorize',
    requireForm,
    express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 32 }),
    limit.guard,
    (async (req, res) => {
      const check = checkAuthorizeRequest(req.body, dashboard);
      if (answeredRefusal(res, check, dashboard, deps.issuer) || check.kind !== 'valid') return;
      const credentials = singleParams(req.body, ['email', 'password']);
      const email = credentials.kind === 'ok' ? credentials.params.email : undefined;
      const password = credentials.kind === 'ok' ? credentials.params.password : undefined;
      const admitted = email && password ? await deps.hashingGate.run(addressOf(req), () => deps.contactLogin.login({ email, password }, check.request)) : undefined;
      if (admitted && admitted.kind !== 'done') {
        res.setHeader('Retry-After', '1');
        sendHtml(res, admitted.kind === 'full' ? 503 : 429, signInBusyPage(), dashboard);
        return;
      }
      const result = admitted ? admitted.value : { kind: 'refused' as const };
      if (result.kind === 'refused') {
        // Counted before the answer, so the contact's next try sees it.
        await limit.countFailure(req);
        sendHtml(res, 200, loginFormPage({ request: check.request, refused: true, ...(email ? { email } : {}) }), dashboard);
        return;
      }
      res.setHeader('Cache-Control', 'no-store');
      res.redirect(302, redirectWith(check.request.redirectUri, { code: result.code, state: check.request.state, iss: deps.issuer }));
    }) satisfies RequestHandler,
    bodyErrors,
  );
  return router;
}

import { createHash } from 'node:crypto';
import express, { type NextFunction, type Request, type RequestHandler, type Response, type Router } from 'express';
import type { Clock, Logger } from '@splitpay/domain';
import { resolveUrl, type UrlSource } from '../protocol/url-source';
import { API_KEY_HEADER, IDEMPOTENCY_KEY_HEADER } from '../protocol/fake-psp.protocol';
import { sameSecret } from '../protocol/signature';
import { raiseChargeback } from './chargebacks';
import { refusal, type Answer, type EngineDeps } from './engine-support';
import { NotificationSender } from './notification-sender';
import { renderPayPage } from './pay-page.html';
import { payPageHeaders } from './pay-page.policy';
import { onPage, pressDoor, type PayerDoor } from './payer-doors';
import { PaymentBook, paymentResource, type FakePayment } from './payment-book';
import { acceptWalletToken, createPayment } from './payment-opening';
import { capture, refund, voidPayment } from './payment-operations';
import { afterStalePress, fromBrowser } from './stale-press';

export interface FakePspDeps {
  /**
   * Absolute public URL the router is mounted at: the service's public base URL + `/fake-psp`
   * (or a getter, when the address is known only once the service listens).
   */
  readonly publicUrl: UrlSource;
  /** What the drivers present in the API key header. */
  readonly apiKey: string;
  /** Shared with the provider's notification reader: signs every notification body. */
  readonly signingSecret: string;
  /** Delay before a verdict notification leaves (FAKE_PSP_DELAY_MS). */
  readonly delayMs: number;
  /** Redelivery delays when the service does not answer 2xx. */
  readonly retryDelaysMs?: readonly number[];
  /** How long a notification delivery waits for the service's answer before giving up (10 s). */
  readonly notificationTimeoutMs?: number;
  readonly logger?: Logger;
  readonly clock?: Clock;
}

/** The fake PSP: its router (mount it at `/fake-psp`) and a stop for pending notifications. */
export interface FakePsp {
  readonly router: Router;
  close(): void;
}

const DOORS: readonly PayerDoor[] = ['approve', 'decline', 'cancel', 'study'];

function send(res: Response, answer: Answer): void {
  res.status(answer.status).json(answer.body);
}

function param(req: Request, name: string): string {
  const value = req.params[name];
  return typeof value === 'string' ? value : '';
}

/** Same key, same answer: a replay never moves money twice. Validation failures are not kept. */
function idempotent(book: PaymentBook, run: (req: Request) => Answer): RequestHandler {
  return (req, res) => {
    const key = req.get(IDEMPOTENCY_KEY_HEADER);
    if (key === undefined) return send(res, run(req));
    if (key.length < 1 || key.length > 64) return send(res, refusal(400, 'invalid-request', 'Idempotency-Key must be 1 to 64 characters'));
    // Only a digest of the request is kept: it may carry card data or a wallet token.
    const fingerprint = createHash('sha256').update(JSON.stringify(req.body ?? null)).digest('hex');
    const scope = `${req.method} ${req.baseUrl}${req.path} ${key}`;
    const recalled = book.recall(scope);
    if (recalled) {
      if (recalled.fingerprint !== fingerprint) return send(res, refusal(409, 'idempotency-key-reused', 'this key was used with other parameters'));
      res.set('idempotent-replayed', 'true');
      return send(res, recalled);
    }
    const answer = run(req);
    if (answer.status !== 400 && answer.status < 500) book.remember(scope, { fingerprint, status: answer.status, body: answer.body });
    send(res, answer);
  };
}

function apiRouter(deps: FakePspDeps, engine: EngineDeps): Router {
  const api = express.Router();
  api.use((req: Request, res: Response, next: NextFunction) => {
    if (!sameSecret(req.get(API_KEY_HEADER), deps.apiKey)) return send(res, refusal(401, 'unauthorized', 'missing or wrong API key'));
    next();
  });
  const book = engine.book;
  const resource = (ref: string): Answer => {
    const payment = book.payment(ref);
    if (!payment) return refusal(404, 'not-found', 'no such payment');
    return { status: 200, body: paymentResource(payment, onPage(payment) ? engine.pageUrl(payment.ref) : undefined) };
  };
  api.post('/payments', idempotent(book, (req) => createPayment(engine, req.body)));
  api.get('/payments', (req, res) => {
    const reference = typeof req.query.reference === 'string' ? req.query.reference : undefined;
    if (!reference) return send(res, refusal(400, 'invalid-request', 'query parameter reference is required'));
    send(res, resource(book.paymentByReference(reference)?.ref ?? ''));
  });
  api.get('/payments/:ref', (req, res) => send(res, resource(param(req, 'ref'))));
  api.post('/payments/:ref/captures', idempotent(book, (req) => capture(engine, param(req, 'ref'), req.body)));
  api.post('/payments/:ref/voids', idempotent(book, (req) => voidPayment(engine, param(req, 'ref'), req.body)));
  api.post('/payments/:ref/refunds', idempotent(book, (req) => refund(engine, param(req, 'ref'), req.body)));
  api.post('/payments/:ref/wallet-token', idempotent(book, (req) => acceptWalletToken(engine, param(req, 'ref'), req.body)));
  return api;
}

function chosenAmount(body: unknown): number | undefined | 'invalid' {
  const raw = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).amount : undefined;
  if (raw === undefined || raw === null || raw === '') return undefined;
  const value = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : raw;
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 1 ? value : 'invalid';
}

function sendPayPage(res: Response, payment: FakePayment, deps: FakePspDeps): void {
  const doorsBase = `${resolveUrl(deps.publicUrl)}/pay/${encodeURIComponent(payment.ref)}`;
  res.type('html').set('cache-control', 'no-store').set(payPageHeaders(payment, doorsBase)).send(renderPayPage(payment, doorsBase));
}

function pageRouter(deps: FakePspDeps, engine: EngineDeps): Router {
  const pages = express.Router();
  pages.get('/pay/:ref', (req, res) => {
    const ref = param(req, 'ref');
    const payment = engine.book.payment(ref);
    if (!payment || payment.ref !== ref) return send(res, refusal(404, 'not-found', 'no such payment'));
    sendPayPage(res, payment, deps);
  });
  pages.post('/pay/:ref/:door', (req, res) => {
    const door = DOORS.find((d) => d === param(req, 'door'));
    if (!door) return send(res, refusal(404, 'not-found', 'no such door'));
    const amount = chosenAmount(req.body);
    if (amount === 'invalid') return send(res, refusal(400, 'invalid-request', 'amount must be an integer >= 1 (minor units)'));
    if (amount !== undefined && door !== 'approve') return send(res, refusal(400, 'invalid-request', 'only approve takes an amount'));
    const outcome = pressDoor(engine, param(req, 'ref'), door, amount);
    if (outcome.kind === 'refused') {
      const payment = engine.book.payment(param(req, 'ref'));
      if (outcome.answer.status === 409 && payment && fromBrowser(req)) return res.redirect(303, afterStalePress(payment, engine.pageUrl(payment.ref)));
      return send(res, outcome.answer);
    }
    if (outcome.returnUrl) return res.redirect(303, outcome.returnUrl);
    const payment = engine.book.payment(param(req, 'ref'));
    if (payment) sendPayPage(res, payment, deps);
    else res.type('html').send('');
  });
  pages.post('/chargebacks', (req, res) => send(res, raiseChargeback(engine, req.body)));
  return pages;
}

/** Builds the fake PSP: its API for the drivers, the payer's pages and doors, the chargeback door. */
export function createFakePsp(deps: FakePspDeps): FakePsp {
  const sender = new NotificationSender({
    signingSecret: deps.signingSecret,
    delayMs: deps.delayMs,
    ...(deps.retryDelaysMs ? { retryDelaysMs: deps.retryDelaysMs } : {}),
    ...(deps.notificationTimeoutMs !== undefined ? { timeoutMs: deps.notificationTimeoutMs } : {}),
    ...(deps.logger ? { logger: deps.logger } : {}),
  });
  const engine: EngineDeps = {
    book: new PaymentBook(),
    sender,
    pageUrl: (ref) => `${resolveUrl(deps.publicUrl)}/pay/${encodeURIComponent(ref)}`,
    now: () => deps.clock?.now() ?? Date.now(),
  };
  const router = express.Router();
  router.use(express.json({ limit: '100kb' }));
  router.use(express.urlencoded({ extended: false, limit: '10kb' }));
  router.use('/api', apiRouter(deps, engine));
  router.use(pageRouter(deps, engine));
  router.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
    const status = typeof error === 'object' && error !== null && 'status' in error ? Number((error as { status: unknown }).status) : 500;
    if (status >= 400 && status < 500) return send(res, refusal(status, 'invalid-request', 'the body could not be read'));
    next(error);
  });
  return { router, close: () => sender.close() };
}

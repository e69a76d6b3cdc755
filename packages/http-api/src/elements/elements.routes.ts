import cors from 'cors';
import express, { Router, type Request, type Response } from 'express';
import { jsonBody } from '../app/body-parsers';
import {
  type ConfirmAttemptUseCase,
  type ConfirmInputBody,
  type PayerDecisionsUseCase,
  type PayerReturnUseCase,
  type ReadSessionViewUseCase,
  type StartAttemptBody,
  type StartAttemptUseCase,
  type WalletSessionRequest,
  type WalletSessionUseCase,
} from '@splitpay/application';
import { readIdempotencyKey } from '../schemas/idempotency-key.read';
import { readPathId } from '../schemas/read-path-id';
import { readNoBody } from '../schemas/request-body.read';
import { validator } from '../schemas/validate';
import { attemptLimiters, DEFAULT_ATTEMPT_RATE_LIMIT, type AttemptRateLimit } from './attempt-rate-limit';
import { isRecordedStart, recordedStartSeen } from './recorded-start';
import type { SharedLimiterCounters } from '../app/hit-counter-store';
import { elementsTokenOf } from './elements-token';
import { withPayerDevice } from './payer-device';
import { confirmAttemptSchema, startAttemptSchema, walletSessionRequestSchema } from '../schemas/elements.schema';

export interface ElementsRouterDeps {
  readonly read: Pick<ReadSessionViewUseCase, 'execute'>;
  readonly start: Pick<StartAttemptUseCase, 'execute' | 'startRecorded'>;
  readonly decisions: Pick<PayerDecisionsUseCase, 'cancelAttempt' | 'abandonAttempt' | 'abandonSession' | 'acceptPartial' | 'acceptTerms'>;
  readonly confirm: Pick<ConfirmAttemptUseCase, 'execute'>;
  readonly returns: Pick<PayerReturnUseCase, 'execute'>;
  readonly walletSessions: Pick<WalletSessionUseCase, 'execute'>;
  /** Digests elements tokens: the per-token limit is keyed on the digest, never the token. */
  readonly tokenDigest: (token: string) => string;
  /** Budgets of the doors that reach a PSP (docs/decisions.md D53); default 10 per token, 30 per address, per 10 minutes. */
  readonly attemptRateLimit?: AttemptRateLimit;
  /** Where those budgets are counted when every instance shares them (D55); default this process's memory. */
  readonly attemptCounters?: SharedLimiterCounters;
}

const readStart = validator<StartAttemptBody>(startAttemptSchema, 'body');
const readConfirm = validator<{ input: ConfirmInputBody }>(confirmAttemptSchema, 'body');
const readWalletSession = validator<{ input: WalletSessionRequest }>(walletSessionRequestSchema, 'body');

/** The string fields the PSP put on the return, query and form alike (handed to the driver, never logged). */
function returnParams(req: Request): Record<string, string> {
  const params: Record<string, string> = {};
  const body: unknown = req.body;
  for (const source of [req.query, typeof body === 'object' && body !== null ? body : {}] as Record<string, unknown>[]) {
    for (const [name, value] of Object.entries(source)) if (typeof value === 'string') params[name] = value;
  }
  return params;
}

function answer(res: Response, status: number, body: unknown): void {
  res.status(status).json(body);
}

/**
 * The browser endpoints of docs/decisions.md D13, called by the service's payment-page components
 * with `Authorization: Bearer pst_...`. CORS for any origin (the token is the credential; no
 * cookies). The return door is a plain navigation from the PSP, without token.
 */
export function elementsRouter(deps: ElementsRouterDeps): Router {
  const router = Router();
  const session = Router();
  // Retry-After exposed: the components run on the merchant's origin and wait what a 429 asks (D53).
  session.use(cors({ origin: '*', methods: ['GET', 'POST'], allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key'], exposedHeaders: ['Retry-After'], credentials: false, maxAge: 600 }));
  // Every elements answer is bound to a token, refusals included: never cached by the browser or a proxy.
  session.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });
  session.use(jsonBody('200kb'));
  // Starts and wallet confirms are real authorizations at the PSP: limited against card testing, each
  // door on its own counters (a wallet tranche is a start then a confirm: it spends one of each). A
  // merchant validation calls the wallet's PSP too: limited on counters of its own (D126-c).
  const limits = deps.attemptRateLimit ?? DEFAULT_ATTEMPT_RATE_LIMIT;

  session.get('/session', async (req, res) => {
    answer(res, 200, { view: await deps.read.execute(elementsTokenOf(req)) });
  });
  session.post('/session/attempts', recordedStartSeen(deps.start), ...attemptLimiters(limits, deps.tokenDigest, 'start', deps.attemptCounters, isRecordedStart), async (req, res) => {
    const token = elementsTokenOf(req);
    const body = readStart(req.body);
    // One key per press of Pay: a repeat after a lost answer answers the attempt it made (D91).
    const startKey = readIdempotencyKey(req);
    const started = await deps.start.execute(token, { ...withPayerDevice(req, body), ...(startKey !== undefined ? { startKey } : {}) });
    answer(res, 201, { attemptId: started.attemptId, view: started.view });
  });
  session.post('/session/attempts/:attemptId/cancel', async (req, res) => {
    readNoBody(req);
    answer(res, 200, { view: await deps.decisions.cancelAttempt(elementsTokenOf(req), readPathId(req, 'attemptId')) });
  });
  session.post('/session/attempts/:attemptId/abandon', async (req, res) => {
    readNoBody(req);
    answer(res, 200, { view: await deps.decisions.abandonAttempt(elementsTokenOf(req), readPathId(req, 'attemptId')) });
  });
  session.post('/session/attempts/:attemptId/accept-partial', async (req, res) => {
    readNoBody(req);
    answer(res, 200, { view: await deps.decisions.acceptPartial(elementsTokenOf(req), readPathId(req, 'attemptId')) });
  });
  session.post('/session/attempts/:attemptId/confirm', ...attemptLimiters(limits, deps.tokenDigest, 'confirm', deps.attemptCounters), async (req, res) => {
    const body = readConfirm(req.body);
    answer(res, 200, { view: await deps.confirm.execute(elementsTokenOf(req), readPathId(req, 'attemptId'), withPayerDevice(req, { input: body.input })) });
  });
  session.post('/session/attempts/:attemptId/wallet-session', ...attemptLimiters(limits, deps.tokenDigest, 'wallet-session', deps.attemptCounters), async (req, res) => {
    const body = readWalletSession(req.body);
    answer(res, 200, await deps.walletSessions.execute(elementsTokenOf(req), readPathId(req, 'attemptId'), body.input));
  });
  session.post('/session/abandon', async (req, res) => {
    readNoBody(req);
    answer(res, 200, { view: await deps.decisions.abandonSession(elementsTokenOf(req)) });
  });
  session.post('/session/accept-terms', async (req, res) => {
    readNoBody(req);
    answer(res, 200, { view: await deps.decisions.acceptTerms(elementsTokenOf(req)) });
  });

  // A PSP sends the payer back by a GET, or by a form POST (some 3-D Secure and wallet returns).
  const returnDoor = async (req: Request, res: Response): Promise<void> => {
    const destination = await deps.returns.execute(readPathId(req, 'attemptId'), returnParams(req));
    if (destination.kind === 'redirect') {
      res.redirect(303, destination.url);
      return;
    }
    res.status(200).type('text/plain').set('Cache-Control', 'no-store').send('This payment step is finished; you may close this window.');
  };
  router.get('/elements/return/:attemptId', returnDoor);
  router.post('/elements/return/:attemptId', express.urlencoded({ extended: false, limit: '100kb' }), returnDoor);
  router.use('/elements', session);
  return router;
}

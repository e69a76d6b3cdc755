import type { ErrorCode } from '@splitpay/domain';
import { uuidSchema } from '../schemas/common.schema';
import { attemptStartedSchema, confirmAttemptSchema, startAttemptSchema, viewAnswerSchema, walletSessionAnswerSchema, walletSessionRequestSchema } from '../schemas/elements.schema';
import { errors, json, pathId, type OperationSpec, type ParameterSpec, type PathSpecs, type ResponseSpec } from './operation';

/** Browser doors, called with the elements token (docs/decisions.md D13). Every one answers CORS for any origin. */

const tags = ['Elements'];
const BASE: readonly ErrorCode[] = ['InvalidRequest', 'InvalidElementsToken', 'SessionReadOnly'];
const attemptId = pathId('attemptId', 'an attempt of the session', uuidSchema);

/** The card-testing limit of the doors that reach a PSP (docs/decisions.md D53). */
const limited = (budgets: string): string =>
  `Limited against card testing: within a window (10 minutes by default), each elements token and each client address (the peer, or the client a trusted proxy names) may make so many calls of this door (${budgets} by default; the operator sets them). One more is refused 429 TooManyRequests with Retry-After, before anything is recorded or any PSP is called. Counted by every instance of the service together on MongoDB, per service process on the embedded store.`;
const LIMITED = limited('10 and 30');
/** The confirm door: twice the start's budgets (a card's 3-D Secure fingerprint and challenge results, D59). */
const CONFIRM_LIMITED = `A wallet's token, or a card's in-page action result, the PSP gave no usable answer for (a 5xx, or none, after the service's own resends) and no verdict is answered 500 InternalError once recorded, never 200: the payment may or may not exist, the attempt stays in flight and the session's view tells its verdict. ${limited('20 and 60, twice the attempt start\'s')}`;
/** The merchant validation door: twice the start's budgets (a sheet opened again on the same attempt, D126-c). */
const VALIDATION_LIMITED = limited('20 and 60, twice the attempt start\'s');

function rateLimited(): Record<string, ResponseSpec> {
  const [answer] = Object.values(errors('TooManyRequests'));
  return { '429': { ...answer!, description: 'TooManyRequests: over the token or the address budget of this door', headers: { 'Retry-After': { description: 'seconds until the budget is renewed', required: true, schema: { type: 'integer', minimum: 1 } } } } };
}

const action = (operationId: string, summary: string, refusals: readonly ErrorCode[], extra: Partial<OperationSpec> = {}): OperationSpec => ({
  operationId,
  summary,
  tags,
  security: ['elementsToken'],
  responses: { '200': json('The session view', viewAnswerSchema), ...errors(...BASE, ...refusals) },
  ...extra,
});

const limitedAction = (...args: Parameters<typeof action>): OperationSpec => {
  const op = action(...args);
  return { ...op, description: args[0] === 'confirmElementsAttempt' ? CONFIRM_LIMITED : LIMITED, responses: { ...op.responses, ...rateLimited() } };
};

const pressKey: ParameterSpec = {
  name: 'idempotency-key',
  in: 'header',
  description:
    "Optional; the payment page sends one per press of Pay. A start sent again with the same key answers the attempt the first made (201, its attemptId and the session view as it stands now) and starts nothing, whatever that attempt became; the same key with another methodId, amount or plan is IdempotencyKeyConflict. A start whose key already names an attempt of the session is not counted against the card-testing limit (it reaches no PSP); one with a new key is. Scoped to the session (docs/decisions.md D91, D97).",
  schema: { type: 'string', minLength: 1, maxLength: 64, examples: ['6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60'] },
};

export const elementsPaths: PathSpecs = {
  '/elements/session': {
    get: {
      operationId: 'readElementsSession',
      summary: 'Read the session view',
      description: 'Keeps reading for a grace period after the session ends.',
      tags,
      security: ['elementsToken'],
      responses: { '200': json('The session view', viewAnswerSchema), ...errors('InvalidElementsToken') },
    },
  },
  '/elements/session/attempts': {
    post: {
      operationId: 'startElementsAttempt',
      summary: 'Start an attempt (one tranche)',
      description: `A start the PSP gave no usable answer for (a 5xx, or none, after the service's own resends) and no verdict is answered 500 InternalError once recorded, never 201: the payment may or may not exist, the attempt stays in flight and the session's view tells its verdict; the same key sent again answers that attempt. ${LIMITED}`,
      tags,
      security: ['elementsToken'],
      parameters: [pressKey],
      requestBody: { contentType: 'application/json', schema: startAttemptSchema },
      responses: {
        '201': json('Started (or, for a key already used, the attempt it started); the verdict arrives out-of-band', attemptStartedSchema),
        ...errors(...BASE, 'SessionNotPending', 'MethodNotFound', 'MethodNotEligible', 'AmountOutOfRange', 'AmountExceedsRemaining', 'PlanNotOffered', 'TermsNotAccepted', 'AttemptInFlight', 'IdempotencyKeyConflict'),
        ...rateLimited(),
      },
    },
  },
  '/elements/session/attempts/{attemptId}/cancel': {
    post: action('cancelElementsAttempt', 'Cancel an authorized attempt (void its hold)', ['AttemptNotFound', 'AttemptNotCancellable', 'SessionNotPending'], { parameters: [attemptId] }),
  },
  '/elements/session/attempts/{attemptId}/abandon': {
    post: action('abandonElementsAttempt', 'Abandon a pending attempt', ['AttemptNotFound', 'AttemptNotAbandonable', 'SessionNotPending'], { parameters: [attemptId] }),
  },
  '/elements/session/attempts/{attemptId}/confirm': {
    post: limitedAction('confirmElementsAttempt', "Second leg of an in-page method: a wallet's token, or the result of a card's in-page action", ['AttemptNotFound', 'SessionNotPending', 'ConfirmNotApplicable'], {
      parameters: [attemptId],
      // No examples: the browser doors have none (D52), merchants do not integrate them.
      requestBody: { contentType: 'application/json', schema: confirmAttemptSchema },
    }),
  },
  '/elements/session/attempts/{attemptId}/accept-partial': {
    post: action('acceptElementsPartialGrant', 'Accept an issuer-imposed partial authorization', ['AttemptNotFound', 'PartialAcceptanceNotApplicable', 'SessionNotPending'], {
      parameters: [attemptId],
    }),
  },
  '/elements/session/attempts/{attemptId}/wallet-session': {
    post: {
      operationId: 'openElementsWalletSession',
      summary: "Merchant validation of an in-page wallet (Apple Pay's onvalidatemerchant)",
      description: `The PSP validates the merchant and opens the wallet's session, answered as is for completeMerchantValidation; no walletSession when the PSP did not open one (abort the sheet). Then confirm sends the sheet's token. ${VALIDATION_LIMITED}`,
      tags,
      security: ['elementsToken'],
      parameters: [attemptId],
      requestBody: { contentType: 'application/json', schema: walletSessionRequestSchema },
      responses: { '200': json('The wallet session', walletSessionAnswerSchema), ...errors(...BASE, 'AttemptNotFound', 'SessionNotPending', 'ConfirmNotApplicable'), ...rateLimited() },
    },
  },
  '/elements/session/abandon': {
    post: action('abandonElementsSession', 'Abandon the payment (every hold released)', ['SessionNotPending']),
  },
  '/elements/session/accept-terms': {
    post: action('acceptElementsTerms', 'Record acceptance of the declared terms (idempotent)', ['SessionNotPending']),
  },
  '/elements/return/{attemptId}': {
    get: returnDoor('GET'),
    post: returnDoor('POST'),
  },
};

/** The return door: a PSP sends the payer back by a GET, or by a form POST. */
function returnDoor(method: 'GET' | 'POST'): OperationSpec {
  return {
    operationId: method === 'GET' ? 'returnFromPsp' : 'returnFromPspByForm',
    summary: `Return from a redirected method (${method})`,
    description:
      "The PSP sends the payer back here (a GET, or a form POST for some 3-D Secure and wallet returns); the service sends the browser on to the session's returnUrl, or cancelUrl when the payer backed out. A provider that finishes the payment on the return (Adyen after 3-D Secure) is handed the query and form fields the PSP put on it; for the others the verdict arrives out-of-band.",
    tags,
    security: 'none',
    parameters: [attemptId],
    ...(method === 'POST'
      ? { requestBody: { contentType: 'application/x-www-form-urlencoded', required: false, schema: { type: 'object', additionalProperties: { type: 'string' } } } }
      : {}),
    responses: {
      '200': { description: 'The session named no page to go on to: a plain text line saying the step is finished', contentType: 'text/plain' },
      '303': { description: 'On to the merchant page', headers: { Location: { description: 'returnUrl or cancelUrl', required: true } } },
      ...errors('InvalidRequest', 'NotFound'),
    },
  };
}

import { buildOpenApiDocument } from './openapi-document';

/**
 * The error codes the contract (interface-spec, Endpoints and Errors) names for each door, as written
 * there. Every one must be in the door's OpenAPI answers: in the code enum of an error status, or, for
 * a code the contract declares but the door cannot answer, named in the 400 answer's description (which
 * says what is answered instead).
 */
const CONTRACT_CODES: Readonly<Record<string, { readonly codes: readonly string[]; readonly declaredUnreachable?: readonly string[] }>> = {
  'POST /api/sessions': {
    codes: [
      'InvalidRequest',
      'Unauthorized',
      'UnknownProvider',
      'ProviderNotContracted',
      'AmbiguousProvider',
      'NoProviderForMethod',
      'InvalidOrderReference',
      'DuplicateMethodId',
      'InvalidNotificationUrl',
      'UnknownBnplPlan',
      'DuplicatePlan',
      'BnplRequiresItemizedCart',
      'BnplNeedsBillingAddress',
      'AliasNeedsRegistrableMethod',
      'AliasRequiresChallenge',
    ],
  },
  'GET /api/sessions/{sessionId}': { codes: ['InvalidRequest', 'Unauthorized', 'NotFound'] },
  'POST /api/sessions/{sessionId}/refund': { codes: ['NothingToRefund', 'RefundInFlight', 'SessionNotEnded', 'RefundNotSupported', 'InvalidRequest', 'Unauthorized', 'NotFound'] },
  'POST /api/sessions/{sessionId}/notification': { codes: ['NotificationNotAbandoned', 'SessionNotEnded', 'NoNotificationUrl', 'InvalidRequest', 'Unauthorized', 'NotFound'] },
  'GET /api/attempts/{attemptId}': { codes: ['InvalidRequest', 'Unauthorized', 'NotFound'] },
  'POST /api/attempts/{attemptId}/refund': {
    codes: ['InvalidRequest', 'Unauthorized', 'NotFound', 'NothingToRefund', 'RefundInFlight', 'RefundExceedsRefundable', 'SessionNotEnded', 'RefundNotSupported', 'PartialRefundNotSupported', 'IdempotencyKeyConflict'],
    declaredUnreachable: ['InvalidRequestedAmount'],
  },
  'GET /api/transactions': { codes: ['InvalidRequest', 'Unauthorized'] },
  'GET /api/transactions/{transactionId}': { codes: ['InvalidRequest', 'Unauthorized', 'NotFound'] },
  'POST /api/transactions/{transactionId}/refund': {
    codes: [
      'InvalidRequest',
      'Unauthorized',
      'NotFound',
      'NothingToRefund',
      'RefundInFlight',
      'RefundExceedsRefundable',
      'SessionNotEnded',
      'RefundNotSupported',
      'PartialRefundNotSupported',
      'IdempotencyKeyConflict',
      'NotARefundableOperation',
    ],
    declaredUnreachable: ['InvalidRequestedAmount'],
  },
  // The browser doors: decisions §3 lists the refusals beyond InvalidRequest, InvalidElementsToken and SessionReadOnly.
  'POST /elements/session/attempts': {
    codes: [
      'InvalidRequest',
      'InvalidElementsToken',
      'SessionReadOnly',
      'SessionNotPending',
      'MethodNotFound',
      'MethodNotEligible',
      'AmountOutOfRange',
      'AmountExceedsRemaining',
      'PlanNotOffered',
      'TermsNotAccepted',
      'AttemptInFlight',
    ],
  },
  'POST /elements/session/attempts/{attemptId}/cancel': { codes: ['InvalidRequest', 'InvalidElementsToken', 'SessionReadOnly', 'AttemptNotFound', 'AttemptNotCancellable', 'SessionNotPending'] },
  'POST /elements/session/attempts/{attemptId}/abandon': { codes: ['InvalidRequest', 'InvalidElementsToken', 'SessionReadOnly', 'AttemptNotFound', 'AttemptNotAbandonable', 'SessionNotPending'] },
  'POST /elements/session/abandon': { codes: ['InvalidRequest', 'InvalidElementsToken', 'SessionReadOnly', 'SessionNotPending'] },
  'POST /elements/session/attempts/{attemptId}/confirm': { codes: ['InvalidRequest', 'InvalidElementsToken', 'SessionReadOnly', 'AttemptNotFound', 'SessionNotPending', 'ConfirmNotApplicable'] },
  'POST /elements/session/attempts/{attemptId}/accept-partial': {
    codes: ['InvalidRequest', 'InvalidElementsToken', 'SessionReadOnly', 'AttemptNotFound', 'PartialAcceptanceNotApplicable', 'SessionNotPending'],
  },
  'POST /elements/session/accept-terms': { codes: ['InvalidElementsToken', 'SessionReadOnly', 'SessionNotPending'] },
};

interface Answer {
  readonly description: string;
  readonly content?: Record<string, { schema?: { properties?: { code?: { enum?: readonly string[] } } } }>;
}

const doc = buildOpenApiDocument();

function answersOf(door: string): Record<string, Answer> {
  const [method = '', path = ''] = door.split(' ');
  const operation = doc.paths[path]?.[method.toLowerCase()] as { responses: Record<string, Answer> } | undefined;
  if (!operation) throw new Error(`${door} not in the OpenAPI document`);
  return operation.responses;
}

const enumOf = (answer: Answer): readonly string[] => answer.content?.['application/json']?.schema?.properties?.code?.enum ?? [];

describe("the OpenAPI document lists every error code the contract names for a door", () => {
  it.each(Object.entries(CONTRACT_CODES))('%s', (door, { codes, declaredUnreachable = [] }) => {
    const answers = Object.entries(answersOf(door)).filter(([status]) => Number(status) >= 400);
    const listed = new Set(answers.flatMap(([, answer]) => enumOf(answer)));
    expect(codes.filter((code) => !listed.has(code))).toEqual([]);
    const described = answersOf(door)['400']?.description ?? '';
    expect(declaredUnreachable.filter((code) => !described.includes(code))).toEqual([]);
    // a code the door never answers is described, not offered in the enum a client would branch on
    expect(declaredUnreachable.filter((code) => listed.has(code))).toEqual([]);
  });

  // Contract decisions §1: an unexpected failure is 500 InternalError, on every door that answers the error envelope.
  it('every door that answers the error envelope lists 500 InternalError', () => {
    const doors = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item as Record<string, { responses?: Record<string, Answer> }>).map(([method, op]) => ({ door: `${method.toUpperCase()} ${path}`, responses: op.responses ?? {} })),
    );
    const enveloped = doors.filter(({ responses }) => Object.entries(responses).some(([status, answer]) => Number(status) >= 400 && enumOf(answer).length > 0));
    expect(enveloped.length).toBeGreaterThan(20);
    expect(enveloped.filter(({ responses }) => !responses['500'] || !enumOf(responses['500']).includes('InternalError')).map(({ door }) => door)).toEqual([]);
  });

  it('a code missing from a door fails the comparison', () => {
    const listed = new Set(Object.values(answersOf('GET /api/transactions')).flatMap(enumOf));
    expect(['InvalidRequest', 'Unauthorized', 'NotFound'].filter((code) => !listed.has(code))).toEqual(['NotFound']);
  });
});

import { buildOpenApiDocument } from './openapi-document';
import { expectResponseMatchesOpenApi, matchPathTemplate, responseProblems, type ObservedResponse } from './openapi-conformance';

const doc = buildOpenApiDocument();
const ID = '0190c0de-0000-7000-8000-000000000001';
const eur = (amount: number) => ({ amount, currency: 'EUR' });
const session = {
  sessionId: ID,
  merchantId: 'acme',
  orderId: 'o-1',
  status: 'PENDING',
  total: eur(100),
  captured: eur(0),
  createdAt: 1,
  updatedAt: 1,
  expiresAt: 2,
  attempts: [],
};
const json = (status: number, body: unknown, headers: Record<string, string> = {}): ObservedResponse => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  body,
  text: JSON.stringify(body),
});

describe('response conformance', () => {
  it('accepts a response the document describes', () => {
    expect(responseProblems(doc, 'get', `/api/sessions/${ID}`, json(200, session))).toEqual([]);
    expect(responseProblems(doc, 'GET', `/api/sessions/${ID}?x=1`, json(404, { code: 'NotFound', message: 'Not found' }))).toEqual([]);
    expect(() => expectResponseMatchesOpenApi(doc, 'post', '/api/sessions', json(201, { elementsToken: 'pst_x', sessionId: ID, expiresAt: 5 }, { location: `/api/sessions/${ID}` }))).not.toThrow();
  });

  it('reports a leaked internal field, a missing required one, a wrong type', () => {
    expect(responseProblems(doc, 'get', `/api/sessions/${ID}`, json(200, { ...session, elementsTokenHash: 'ab' }))).toEqual([expect.stringContaining('additionalProperty')]);
    const { captured: _c, ...missing } = session;
    expect(responseProblems(doc, 'get', `/api/sessions/${ID}`, json(200, missing))).toEqual([expect.stringContaining('captured')]);
    expect(responseProblems(doc, 'get', `/api/sessions/${ID}`, json(200, { ...session, total: { amount: '100', currency: 'EUR' } }))[0]).toContain('/total/amount');
  });

  it("checks the document's own formats: a currency ISO 4217 never assigned is reported", () => {
    expect(responseProblems(doc, 'get', `/api/sessions/${ID}`, json(200, { ...session, total: { amount: 100, currency: 'ABC' } }))[0]).toContain('/total/currency');
  });

  it('reports an undocumented status, error code, header or content type', () => {
    expect(responseProblems(doc, 'get', `/api/sessions/${ID}`, json(418, {}))).toEqual([expect.stringContaining('status not documented')]);
    expect(responseProblems(doc, 'get', `/api/sessions/${ID}`, json(404, { code: 'Nope', message: 'x' }))[0]).toContain('/code');
    expect(responseProblems(doc, 'post', '/api/sessions', json(201, { elementsToken: 'pst_x', sessionId: ID, expiresAt: 5 }))).toEqual([expect.stringContaining('Location')]);
    expect(responseProblems(doc, 'get', `/api/sessions/${ID}`, { status: 200, headers: { 'content-type': 'text/html' }, text: '<p>' })).toEqual([expect.stringContaining('text/html')]);
    expect(() => expectResponseMatchesOpenApi(doc, 'delete', `/api/sessions/${ID}`, json(200, session))).toThrow(/DELETE \/api\/sessions\/\{sessionId\} not in the document/);
  });

  it('prefers literal path segments over parameters', () => {
    expect(matchPathTemplate(doc, '/elements/session/abandon')).toBe('/elements/session/abandon');
    expect(matchPathTemplate(doc, `/elements/session/attempts/${ID}/cancel`)).toBe('/elements/session/attempts/{attemptId}/cancel');
    expect(matchPathTemplate(doc, '/nowhere')).toBeUndefined();
  });

  it("describes the Attempt's refundable as zero on a handed-back attempt, and its cardAlias as kept only when the order asked", () => {
    const attempt = (doc as { components: { schemas: Record<string, { properties: Record<string, { description?: string }> }> } }).components.schemas.Attempt!;
    expect(attempt.properties.refundable?.description).toMatch(/handing back.*owedToPayer included.*NothingToRefund/);
    expect(attempt.properties.cardAlias?.description).toMatch(/when the order asked for one \(mustCreateAlias, or the card entry's createAlias\)/);
    expect(attempt.properties.owedToPayer?.description).toMatch(/refundable is zero/);
  });

  it("describes an attempt's released in the session view: true or absent", () => {
    const attempt = { attemptId: ID, method: 'card', methodId: 'card', requested: eur(100), granted: eur(40), status: 'AUTHORIZED', operation: 'authorization', abandonable: true, partialAuth: 'mandated', awaitingPartialDecision: false };
    const view = { status: 'PENDING', currency: 'EUR', minorUnits: 2, total: eur(100), remaining: eur(100), expiresAt: 2, orderId: 'o-1', cartItems: [], methods: [], revision: 3 };
    const answer = (entry: Record<string, unknown>) => responseProblems(doc, 'get', '/elements/session', json(200, { view: { ...view, attempts: [entry] } }));
    expect(answer({ ...attempt, released: true })).toEqual([]);
    expect(answer(attempt)).toEqual([]);
    expect(answer({ ...attempt, released: false })[0]).toContain('released');
  });

  it("describes the session view's revision: a required non-negative integer, the page's order (D85)", () => {
    const view = { status: 'PENDING', currency: 'EUR', minorUnits: 2, total: eur(100), remaining: eur(100), expiresAt: 2, orderId: 'o-1', cartItems: [], methods: [], attempts: [] };
    const answer = (extra: Record<string, unknown>) => responseProblems(doc, 'get', '/elements/session', json(200, { view: { ...view, ...extra } }));
    expect(answer({ revision: 0 })).toEqual([]);
    expect(answer({ revision: 12 })).toEqual([]);
    expect(answer({})[0]).toContain('revision');
    expect(answer({ revision: -1 })[0]).toContain('revision');
    expect(answer({ revision: 1.5 })[0]).toContain('revision');
    const schemas = (doc as { components: { schemas: Record<string, { properties: Record<string, { description?: string }> }> } }).components.schemas;
    expect(schemas.SessionView?.properties.revision?.description).toMatch(/grows with every stored change.*lower revision/);
  });

  it("describes the in-page wallet's merchantValidation in the session view: service or none, optional", () => {
    const view = { status: 'PENDING', currency: 'EUR', minorUnits: 2, total: eur(100), remaining: eur(100), expiresAt: 2, orderId: 'o-1', cartItems: [], attempts: [], revision: 3 };
    const applepay = { method: 'applepay', id: 'applepay', eligible: true };
    const answer = (entry: Record<string, unknown>) => responseProblems(doc, 'get', '/elements/session', json(200, { view: { ...view, methods: [entry] } }));
    expect(answer({ ...applepay, merchantValidation: 'service' })).toEqual([]);
    expect(answer({ ...applepay, merchantValidation: 'none' })).toEqual([]);
    expect(answer(applepay)).toEqual([]);
    expect(answer({ ...applepay, merchantValidation: 'page' })).not.toEqual([]);
    expect(answer({ ...applepay, merchantValidation: true })).not.toEqual([]);
    const schemas = (doc as { components: { schemas: Record<string, { properties: Record<string, { enum?: unknown }>; required: string[] }> } }).components.schemas;
    expect(schemas.MethodView?.properties.merchantValidation?.enum).toEqual(['service', 'none']);
    expect(schemas.MethodView?.required).not.toContain('merchantValidation');
  });
});

import { ajv } from '../schemas/ajv';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi-document';
import { dereference } from './schema-refs';

/** Every example of the document validates against its own schema with the service's ajv; the ids look like the ones minted. */

type Media = { schema?: unknown; examples?: Record<string, { value: unknown }> };
type Operation = { operationId: string; requestBody?: { content: Record<string, Media> }; responses: Record<string, { content?: Record<string, Media> }> };

interface Illustrated {
  readonly where: string;
  readonly name: string;
  readonly value: unknown;
  readonly schema: unknown;
}

function operationsOf(doc: OpenApiDocument): [string, Operation][] {
  const webhooks = (doc.webhooks ?? {}) as Record<string, Record<string, Operation>>;
  return [...Object.values(doc.paths), ...Object.values(webhooks)].flatMap((ops) => Object.values(ops as Record<string, Operation>).map((op): [string, Operation] => [op.operationId, op]));
}

function examplesOf(doc: OpenApiDocument): Illustrated[] {
  const out: Illustrated[] = [];
  const collect = (where: string, content: Record<string, Media> | undefined) => {
    for (const [type, media] of Object.entries(content ?? {})) {
      for (const [name, example] of Object.entries(media.examples ?? {})) out.push({ where: `${where} ${type}`, name, value: example.value, schema: media.schema });
    }
  };
  for (const [id, op] of operationsOf(doc)) {
    collect(`${id} request`, op.requestBody?.content);
    for (const [status, response] of Object.entries(op.responses)) collect(`${id} ${status}`, response.content);
  }
  return out;
}

function problemsOf(doc: OpenApiDocument): string[] {
  return examplesOf(doc).flatMap(({ where, name, value, schema }) => {
    const validate = ajv.compile(dereference(schema, doc) as object);
    return validate(value) ? [] : [`${where} ${name}: ${ajv.errorsText(validate.errors)}`];
  });
}

/** The string values of `key` anywhere in a value. */
function valuesOf(value: unknown, key: (k: string) => boolean): string[] {
  if (Array.isArray(value)) return value.flatMap((v) => valuesOf(v, key));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([k, v]) => [...(key(k) && typeof v === 'string' ? [v] : []), ...valuesOf(v, key)]);
}

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const doc = buildOpenApiDocument();

describe('the OpenAPI examples', () => {
  const all = examplesOf(doc);

  it('illustrate the merchant integration: token, session doors, searches, refunds, replay, /api/me and both webhooks', () => {
    const where = new Set(all.map((e) => e.where.split(' ').slice(0, 2).join(' ')));
    const expected = [
      'requestToken request', 'requestToken 200', 'requestToken 401',
      'createSession request', 'createSession 201', 'createSession 400', 'createSession 401',
      'getSession 200', 'getSession 404', 'getSessionChargebacks 200', 'searchSessions 200', 'searchAttempts 200', 'searchTransactions 200', 'searchTransactions 400',
      'getAttempt 200', 'getTransaction 200',
      'refundSession 202', 'refundAttempt request', 'refundAttempt 202', 'refundAttempt 422', 'refundTransaction request', 'refundTransaction 202',
      'replaySessionNotification 202', 'getMe 200', 'getMe 401',
      'sessionEndedWebhook request', 'chargebackWebhook request',
    ];
    expect(expected.filter((w) => !where.has(w))).toEqual([]);
  });

  it('each validates against its own schema with the service ajv', () => {
    expect(all.length).toBeGreaterThan(25);
    expect(problemsOf(doc)).toEqual([]);
  });

  it('a drifted example is caught: an undeclared key in the paid session read', () => {
    const drifted = structuredClone(doc) as unknown as { paths: Record<string, Record<string, Operation>> };
    const media = drifted.paths['/api/sessions/{sessionId}']!.get!.responses['200']!.content!['application/json']!;
    const example = media.examples!.paidInTwoTranches!;
    example.value = { ...(example.value as object), elementsTokenHash: 'ab' };
    expect(problemsOf(drifted as unknown as OpenApiDocument)).toEqual([expect.stringContaining('getSession 200 application/json paidInTwoTranches')]);
  });

  it('uses ids of the contract: lowercase UUID v7, a pst_ elements token, notificationIds as the service builds them', () => {
    const values = all.map((e) => e.value);
    const ids = valuesOf(values, (k) => /^(session|attempt|transaction)Id$/.test(k));
    expect(ids.length).toBeGreaterThan(10);
    expect(ids.filter((id) => !UUID_V7.test(id))).toEqual([]);
    expect(valuesOf(values, (k) => k === 'elementsToken').every((t) => t.startsWith('pst_'))).toBe(true);
    const webhooks = all.filter((e) => e.where.endsWith('Webhook request application/json')).map((e) => e.value as Record<string, unknown>);
    const [ended, chargeback] = webhooks;
    expect(ended?.notificationId).toBe(`${String(ended?.sessionId)}:${String(ended?.status)}`);
    expect(chargeback?.notificationId).toBe(`${String(chargeback?.providerRef)}:chargeback:${String(chargeback?.date)}:${String((chargeback?.amount as { amount: number }).amount)}`);
  });
});

import { buildOpenApiDocument } from './openapi-document';

/** The webhooks entries declare the headers every delivery carries, so a receiver's generated code reads them. */

type Parameter = { name: string; in: string; required: boolean; description?: string; schema: unknown };

const doc = buildOpenApiDocument();
const webhooks = (doc.webhooks ?? {}) as Record<string, { post: { parameters?: Parameter[] } }>;

describe('the OpenAPI webhooks', () => {
  it.each(['session-ended', 'chargeback'])('%s declares authorization, webhook-id, webhook-timestamp, webhook-signature and user-agent as header parameters', (name) => {
    const headers = (webhooks[name]?.post.parameters ?? []).filter((p) => p.in === 'header');
    expect(headers.map((p) => [p.name, p.required])).toEqual([
      ['authorization', true],
      ['webhook-id', true],
      ['webhook-timestamp', true],
      ['webhook-signature', true],
      ['user-agent', true],
    ]);
    const described = Object.fromEntries(headers.map((p) => [p.name, p.description ?? '']));
    expect(described.authorization).toMatch(/pre-agreed value verbatim, scheme included/);
    expect(described.authorization).toMatch(/constant time/);
    expect(described['webhook-id']).toMatch(/notificationId/);
    expect(described['webhook-timestamp']).toMatch(/Unix seconds/);
    expect(described['webhook-signature']).toMatch(/v1,/);
    expect(described['user-agent']).toMatch(/^splitpay-webhooks\/1 /);
  });
});

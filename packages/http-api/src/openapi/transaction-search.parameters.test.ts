import { buildOpenApiDocument } from './openapi-document';

interface Parameter {
  readonly name: string;
  readonly in: string;
  readonly schema: { readonly type?: string; readonly enum?: readonly string[]; readonly minLength?: number; readonly description?: string };
}

const search = (buildOpenApiDocument() as unknown as { paths: Record<string, { get: { parameters: Parameter[] } }> }).paths['/api/transactions']!.get;
const parameter = (name: string) => search.parameters.find((p) => p.name === name && p.in === 'query');

describe('GET /api/transactions in the OpenAPI document (D62)', () => {
  it('documents the provider filter as a name, and what an unknown one gives', () => {
    expect(parameter('provider')?.schema).toMatchObject({ type: 'string', minLength: 1, description: expect.stringMatching(/empty page/) });
  });

  it('documents the type filter with its five values', () => {
    expect(parameter('type')?.schema).toMatchObject({ type: 'string', enum: ['authorization', 'payment', 'capture', 'void', 'refund'] });
  });
});

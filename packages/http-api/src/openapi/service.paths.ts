import { named } from '../schemas/json-schema';
import { json, type PathSpecs } from './operation';

/** PSP notifications and the operational doors. */
export const servicePaths: PathSpecs = {
  '/psp/{provider}/notifications': {
    post: {
      summary: 'Inbound PSP notifications',
      description:
        "Each provider's driver authenticates its own (HMAC signature, shared secret...) and answers what that PSP expects. Unauthenticated or unparseable notifications change nothing.",
      tags: ['PSP'],
      security: 'none',
      parameters: [{ name: 'provider', in: 'path', required: true, schema: { type: 'string' } }],
      requestBody: { contentType: '*/*', schema: {} },
      responses: { default: { description: 'What the PSP expects (status, content type and body are the driver\'s)', contentType: '*/*' } },
    },
  },
  '/health': {
    get: {
      summary: 'Liveness',
      tags: ['Operations'],
      security: 'none',
      responses: { '200': json('Up', named('Health', { type: 'object', required: ['status'], properties: { status: { type: 'string', const: 'ok' } } })) },
    },
  },
  '/metrics': {
    get: { summary: 'Counters (operator alerts)', tags: ['Operations'], security: 'none', responses: { '200': { description: 'Prometheus text format', contentType: 'text/plain' } } },
  },
  '/openapi.json': {
    get: { summary: 'This document', tags: ['Operations'], security: 'none', responses: { '200': { description: 'OpenAPI 3.1', contentType: 'application/json' } } },
  },
};

import { named } from '../schemas/json-schema';
import { errorEnvelopeSchema } from '../schemas/common.schema';
import { errors, json, type PathSpecs } from './operation';

/** PSP notifications and the operational doors. */
export const servicePaths: PathSpecs = {
  '/psp/{provider}/notifications': {
    post: {
      operationId: 'receivePspNotification',
      summary: 'Inbound PSP notifications',
      description:
        "Each provider's driver authenticates its own (HMAC signature, shared secret...) over the bytes sent, read as UTF-8 whatever charset the content type names, and answers what that PSP expects. Unauthenticated or unparseable notifications change nothing. A request whose connection closed before its body was read is not judged: it changes nothing and is answered 400 InvalidRequest (the sender has gone and resends).",
      tags: ['PSP'],
      security: 'none',
      parameters: [{ name: 'provider', in: 'path', required: true, schema: { type: 'string' } }],
      requestBody: { contentType: '*/*', schema: {} },
      responses: {
        '200': { description: 'Accepted, in the form the PSP expects (content type and body are the driver\'s)', contentType: '*/*' },
        '404': json('NotFound: the platform carries no such provider', errorEnvelopeSchema),
        default: { description: 'What the PSP expects otherwise (status, content type and body are the driver\'s)', contentType: '*/*' },
      },
    },
  },
  '/health': {
    get: {
      operationId: 'getHealth',
      summary: 'Liveness',
      tags: ['Operations'],
      security: 'none',
      responses: { '200': json('Up', named('Health', { type: 'object', required: ['status'], properties: { status: { type: 'string', const: 'ok' } } })) },
    },
  },
  '/metrics': {
    get: {
      operationId: 'getMetrics',
      summary: 'Metrics in the Prometheus text format',
      description:
        'Counters (every label set present at 0 from the start), the request duration histogram by route and status, the requests whose client closed the connection before their body was whole by method and route (`http_requests_aborted_total`; they get no answer, so the histogram does not see them), the worker turn duration, PSP call outcomes by provider, webhook delivery outcomes, Node process metrics. With METRICS_TOKEN set, only `Authorization: Bearer <METRICS_TOKEN>` reads it.',
      tags: ['Operations'],
      security: ['metricsToken', 'anonymous'],
      responses: { '200': { description: 'Prometheus text format', contentType: 'text/plain' }, ...errors('Unauthorized') },
    },
  },
  '/openapi.json': {
    get: { operationId: 'getOpenApiDocument', summary: 'This document', tags: ['Operations'], security: 'none', responses: { '200': { description: 'OpenAPI 3.1', contentType: 'application/json' } } },
  },
};

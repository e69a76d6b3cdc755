import { Router } from 'express';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi-document';

/** GET /openapi.json: the service's OpenAPI 3.1 document (public, like any API reference). */
export function openApiRouter(options: { readonly document?: OpenApiDocument; readonly serverUrl?: string } = {}): Router {
  const document = options.document ?? buildOpenApiDocument(options.serverUrl ? { serverUrl: options.serverUrl } : {});
  const body = JSON.stringify(document);
  const router = Router();
  router.get('/openapi.json', (_req, res) => {
    res.type('application/json').send(body);
  });
  return router;
}

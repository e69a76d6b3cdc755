import { Router } from 'express';
import { buildOpenApiDocument, type OpenApiDocument, type OpenApiOptions } from './openapi-document';

/** GET /openapi.json: the service's OpenAPI 3.1 document (public, like any API reference). */
export function openApiRouter(options: OpenApiOptions & { readonly document?: OpenApiDocument } = {}): Router {
  const { document: given, ...build } = options;
  const document = given ?? buildOpenApiDocument(build);
  const body = JSON.stringify(document);
  const router = Router();
  router.get('/openapi.json', (_req, res) => {
    res.type('application/json').send(body);
  });
  return router;
}

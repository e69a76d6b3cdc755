import { issuerPathOf } from '../oauth/metadata.routes';
import { authPaths, metadataAtIssuerPath } from './auth.paths';
import { dashboardPaths } from './dashboard.paths';
import { demoPaths } from './demo.paths';
import { elementsSdkPaths } from './elements-sdk.paths';
import { elementsPaths } from './elements.paths';
import { fakePspPaths } from './fake-psp.paths';
import { merchantApiPaths } from './merchant-api.paths';
import { bodyErrors, renderOperation, type OperationSpec, type PathSpecs } from './operation';
import { refundNotificationPaths } from './refund-notification.paths';
import { ComponentCollector } from './schema-refs';
import { servicePaths } from './service.paths';
import { renderWebhooks } from './webhooks';

/** An OpenAPI 3.1 document as plain JSON. */
export interface OpenApiDocument {
  readonly openapi: string;
  readonly info: Record<string, unknown>;
  readonly paths: Record<string, Record<string, Record<string, unknown>>>;
  readonly components: { readonly schemas: Record<string, unknown>; readonly securitySchemes: Record<string, unknown> };
  readonly [key: string]: unknown;
}

const AREAS: readonly PathSpecs[] = [authPaths, merchantApiPaths, refundNotificationPaths, elementsPaths, elementsSdkPaths, servicePaths, dashboardPaths];

/** Doors of /api and /elements that read a JSON body (or refuse any other): they can answer 413 and 415. */
function readsJson(path: string, method: string, op: OperationSpec): boolean {
  if (method !== 'post' || !/^\/(api|elements)\//.test(path)) return false;
  return op.requestBody === undefined || op.requestBody.contentType === 'application/json';
}

export interface OpenApiOptions {
  readonly serverUrl?: string;
  /** The fake provider is mounted (FAKE_PSP on): list its doors and the demo shop's too. */
  readonly fakePsp?: boolean;
}

/**
 * The one OpenAPI 3.1 document of the service, built from the schemas the doors validate with:
 * every door of the contract (docs/decisions.md D11 to D20 restate the points it leaves open). Error bodies are { code, message };
 * each response lists the codes it may carry.
 */
export function buildOpenApiDocument(options: OpenApiOptions = {}): OpenApiDocument {
  const components = new ComponentCollector();
  const paths: OpenApiDocument['paths'] = {};
  const operationIds = new Set<string>();
  const issuerPath = options.serverUrl ? issuerPathOf(options.serverUrl) : '';
  const areas = [...AREAS, ...(options.fakePsp ? [fakePspPaths, demoPaths] : []), ...(issuerPath ? [metadataAtIssuerPath(issuerPath)] : [])];
  for (const area of areas) {
    for (const [path, operations] of Object.entries(area)) {
      if (paths[path]) throw new Error(`OpenAPI document: ${path} described twice`);
      paths[path] = Object.fromEntries(
        Object.entries(operations).map(([method, op]) => {
          if (!op) return [method, {}];
          if (operationIds.has(op.operationId)) throw new Error(`OpenAPI document: operationId ${op.operationId} used twice`);
          operationIds.add(op.operationId);
          return [method, renderOperation(readsJson(path, method, op) ? { ...op, responses: { ...op.responses, ...bodyErrors() } } : op, components)];
        }),
      );
    }
  }
  if (issuerPath) {
    // Served at the host's root, not under the server URL's path: the operation names its own server.
    const operation = paths[`/.well-known/oauth-authorization-server${issuerPath}`]?.get as Record<string, unknown>;
    operation.servers = [{ url: new URL(options.serverUrl as string).origin }];
  }
  const webhooks = renderWebhooks(components);
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'splitpay: split-payment orchestration',
      version: '1.0.0',
      description:
        'One order (a session) paid in one or several tranches (attempts), each with one method served by one PSP. Amounts are integers in the currency\'s minor unit as ISO 4217 defines it (EUR and HUF 2 decimals, JPY 0, IQD and KWD 3, CLF 4; a code with no minor unit, such as XAU, counts whole units), whatever a browser\'s or a runtime\'s own currency data says; timestamps are epoch milliseconds. Errors are { code, message }: branch on code. Every answer carries X-Request-Id (the caller\'s, when it sent a well-formed one); a known path called with another method answers 405 MethodNotAllowed with Allow. Free text (names, addresses, labels, descriptors, extraData) refuses control characters (U+0000 to U+001F, U+007F to U+009F: tabs and line breaks included), U+2028, U+2029 and lone surrogates: InvalidRequest naming the field.',
      license: { name: 'Proprietary: all rights reserved', identifier: 'LicenseRef-Proprietary' },
    },
    ...(options.serverUrl ? { servers: [{ url: options.serverUrl }] } : {}),
    paths,
    webhooks,
    components: {
      schemas: components.components,
      securitySchemes: {
        accessToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'POST /oauth/token; the merchant id comes from the token' },
        elementsToken: { type: 'http', scheme: 'bearer', description: 'the opaque pst_ token session creation returned; browser doors only' },
        clientBasic: { type: 'http', scheme: 'basic', description: 'merchant id and secret on POST /oauth/token' },
        metricsToken: { type: 'http', scheme: 'bearer', description: 'METRICS_TOKEN, when the operator set one' },
      },
    },
  };
}

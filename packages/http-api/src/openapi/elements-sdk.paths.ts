import { errorEnvelopeSchema } from '../schemas/common.schema';
import { json, type OperationSpec, type PathSpecs } from './operation';

/** The browser components' files, served by the service itself (public, cacheable, any origin). */

const tags = ['Elements'];
const cacheHeaders = {
  ETag: { description: 'validator of the content; send it back in If-None-Match', required: true, schema: { type: 'string' } },
  'Cache-Control': { description: 'public, max-age=3600, must-revalidate', required: true, schema: { type: 'string' } },
};
const file = (operationId: string, summary: string, contentType: string): OperationSpec => ({
  operationId,
  summary,
  tags,
  security: 'none',
  parameters: [{ name: 'If-None-Match', in: 'header', required: false, schema: { type: 'string' } }],
  responses: {
    '200': { description: 'The file', contentType, headers: cacheHeaders },
    '304': { description: 'Not modified (the ETag matched)' },
  },
});

export const elementsSdkPaths: PathSpecs = {
  '/elements/sdk/v1/splitpay.js': { get: file('getElementsScript', 'The components as a script: window.SplitPay.mount(element, options)', 'text/javascript') },
  '/elements/sdk/v1/splitpay.mjs': { get: file('getElementsModule', 'The components as an ES module: import { mount }', 'text/javascript') },
  '/elements/sdk/v1/splitpay.css': { get: file('getElementsStylesheet', "The components' stylesheet (themed by --sp-* custom properties)", 'text/css') },
  '/psp/{provider}/hosted-fields.js': {
    get: {
      ...file('getPspHostedFieldsAdapter', "A provider's hosted-fields adapter: window.SplitPayHostedFields, version 1", 'text/javascript'),
      description:
        "The script an acquirer-hosted card view names in hostedFields.sdkUrl: it implements the components' hosted-fields interface over the provider's own card SDK (Adyen: Adyen Web 5, loaded by the adapter from Adyen). Served like the components' files.",
      parameters: [
        { name: 'provider', in: 'path', required: true, schema: { type: 'string' } },
        { name: 'If-None-Match', in: 'header', required: false, schema: { type: 'string' } },
      ],
      responses: {
        '200': { description: 'The adapter', contentType: 'text/javascript', headers: cacheHeaders },
        '304': { description: 'Not modified (the ETag matched)' },
        '404': json('NotFound: no provider the platform carries ships a hosted-fields adapter by that name', errorEnvelopeSchema),
      },
    },
  },
};

import type { OperationSpec, PathSpecs } from './operation';

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
};

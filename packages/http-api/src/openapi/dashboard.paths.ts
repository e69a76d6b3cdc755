import type { OperationSpec, PathSpecs } from './operation';

/** The merchant dashboard's page and its bundle (packages/dashboard-web), served by the service. */

const tags = ['Dashboard'];
const page = (operationId: string, summary: string, description: string): OperationSpec => ({
  operationId,
  summary,
  description,
  tags,
  security: 'none',
  responses: { '200': { description: 'The dashboard page: no inline script, a strict Content-Security-Policy', contentType: 'text/html' } },
});

export const dashboardPaths: PathSpecs = {
  '/dashboard': {
    get: page(
      'getDashboard',
      'Merchant dashboard',
      "Contacts sign in (authorization code with PKCE S256, public client dashboard), find payments, refund and replay notifications; the page calls /api with the contact's access token.",
    ),
  },
  '/dashboard/callback': {
    get: page('getDashboardCallback', 'Where dashboard sign-in returns', 'The redirect URI of the dashboard client: the page checks the state and exchanges the code.'),
  },
  '/dashboard/assets/{asset}': {
    get: {
      operationId: 'getDashboardAsset',
      summary: "The dashboard's script and style sheet",
      description: 'Named by their content; cached for good.',
      tags,
      security: 'none',
      parameters: [{ name: 'asset', in: 'path', required: true, schema: { type: 'string' } }],
      responses: {
        '200': { description: 'A script (text/javascript) or a style sheet (text/css)', contentType: '*/*' },
        '404': { description: 'No such asset', contentType: 'application/json' },
      },
    },
  },
};

import type * as Oauth4WebApi from 'oauth4webapi' with { 'resolution-mode': 'import' };
import type * as OpenIdClient from 'openid-client' with { 'resolution-mode': 'import' };

/*
 * The merchants' OAuth client libraries, unmodified. Both are ES modules only: the tests (CommonJS)
 * take their types as an import and their code through require, which jest.config.ts makes work.
 */
export const oauth = require('oauth4webapi') as typeof Oauth4WebApi;
export const openidClient = require('openid-client') as typeof OpenIdClient;

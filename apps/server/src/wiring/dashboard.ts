import type { Router } from 'express';
import { dashboardRouter } from '@splitpay/dashboard-web';
import type { ServerConfig } from '../config';
import { dashboardAssets } from './browser-bundles';

/** Where the dashboard the service serves is reached, behind PUBLIC_BASE_URL. */
export const dashboardAddress = (config: Pick<ServerConfig, 'publicBaseUrl'>): string => `${config.publicBaseUrl}/dashboard`;

/**
 * The redirect URIs of the public `dashboard` client: the configured ones, plus the callback of the
 * dashboard this service serves itself (its own origin, so always trustworthy).
 */
export function dashboardRedirectUris(config: Pick<ServerConfig, 'publicBaseUrl' | 'dashboardRedirectUris'>): string[] {
  const own = `${dashboardAddress(config)}/callback`;
  return config.dashboardRedirectUris.includes(own) ? [...config.dashboardRedirectUris] : [...config.dashboardRedirectUris, own];
}

/** GET /dashboard and its assets (packages/dashboard-web): the build's prebuilt bundle, else built from the sources on first use. */
export function wireDashboard(config: Pick<ServerConfig, 'publicBaseUrl'>): { readonly routers: Router[] } {
  return { routers: [dashboardRouter({ bundle: dashboardAssets, basePath: new URL(config.publicBaseUrl).pathname.replace(/\/+$/, '') })] };
}

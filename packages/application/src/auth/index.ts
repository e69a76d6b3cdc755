export * from './pkce.port';
export * from './dashboard-client';
export * from './contact-email';
export * from './client-credentials.grant';
export * from './contact-login';
export * from './dashboard-grant';
export * from './authorization-code.grant';
export * from './refresh-token.grant';

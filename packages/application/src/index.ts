export * from './session-writer';
export * from './auth/principal';
export * from './stores';
export * from './auth/access-tokens.port';

export * from './session-writer';
export * from './auth/principal';
export * from './stores';
export * from './auth/access-tokens.port';
export * from './notification/index';
export * from './chargeback/index';
export * from './merchant';

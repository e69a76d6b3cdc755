export * from './oauth.router';
export * from './token.routes';
export * from './authorize.routes';
export * from './oauth-error';
export * from './s256-pkce';
export * from './hashing-gate';
export * from './metadata.routes';

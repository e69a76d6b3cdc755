export * from './create-app';
export * from './body-parsers';
export * from './request-log';
export * from './trust-proxy';

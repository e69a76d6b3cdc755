export * from './errors/error-envelope';
export * from './errors/error-handler';
export * from './app/create-app';

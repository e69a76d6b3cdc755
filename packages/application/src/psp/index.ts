export * from './operation-reference';
export * from './psp-gateway';
export * from './owed-operation.dispatcher';
export * from './verdict-lookup';
export * from './notification-intake';
export * from './settle-given-up.use-case';

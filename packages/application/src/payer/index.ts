export * from './payer.deps';
export * from './elements-access';
export * from './view-presenter';
export * from './read-session.use-case';
export * from './start-attempt.use-case';
export * from './payer-decisions.use-case';
export * from './confirm-attempt.use-case';
export * from './payer-return.use-case';

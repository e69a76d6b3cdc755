export * from './create-session.use-case';
export * from './merchant-providers.use-case';
export * from './merchant-reads.use-case';
export * from './merchant-searches.use-case';
export type { SessionCreated } from './session-created';

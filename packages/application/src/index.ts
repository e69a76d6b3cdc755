export * from './session-writer';

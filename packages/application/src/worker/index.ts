export * from './session-worker';

export * from './session-worker';
export * from './claimed-turns';
export * from './lease-heartbeat';
export * from './leased-worker-options';

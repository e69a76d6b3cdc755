export * from './system-clock';
export * from './uuid-v7.id-generator';
export * from './winston.logger';
export * from './redact';
export * from './request-scope';
export * from './metrics/counter.metrics';
export * from './metrics/prom.metrics';
export * from './crypto/index';

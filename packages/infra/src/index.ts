export * from './system-clock';
export * from './uuid-v7.id-generator';
export * from './winston.logger';
export * from './redact';
export * from './counter.metrics';
export * from './crypto/index';

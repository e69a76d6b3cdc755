export * from './engine/embedded-database';
export * from './engine/embedded-collection';
export * from './engine/query-audit';
export * from './engine/engine-errors';
export * from './create-embedded-stores';
export * from './sentinel-scan';

export * from './create-app';
export * from './body-parsers';
export * from './request-log';
export * from './trust-proxy';
export * from './hit-counters.port';
export * from './hit-counter-store';
export * from './throttled-warning';
export { keyDigestOf, keyedDigestOf } from './rate-limit-answer';
export { HTTP_REQUESTS_ABORTED_METRIC } from './aborted-body';

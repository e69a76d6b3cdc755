export * from './load-merchants';
export * from './merchants-file.error';
export * from './merchant-account.builder';
export * from './load-at-start';

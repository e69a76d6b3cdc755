export * from './api-no-store';
export * from './merchant-api.deps';
export * from './merchant-api.router';
export * from './search-cursor';
export * from './session.presenter';
export * from './attempt-view.presenter';
export * from './transaction-view.presenter';

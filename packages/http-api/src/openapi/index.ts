export * from './openapi-document';
export * from './openapi.routes';
export * from './openapi-conformance';
export * from './route-listing';
export * from './schema-refs';

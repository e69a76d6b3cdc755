export * from './errors/error-envelope';
export * from './errors/error-handler';
export * from './app/create-app';
export * from './auth/require-principal';
export * from './notification/notification.routes';
export * from './refund/refund.routes';
export * from './elements/elements.routes';
export * from './psp/psp-notifications.routes';

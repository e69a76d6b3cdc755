export * from './server/dashboard-bundle';
export * from './server/dashboard.router';

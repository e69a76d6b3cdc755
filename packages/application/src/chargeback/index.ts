export * from './receive-chargeback';
export * from './chargeback.worker';

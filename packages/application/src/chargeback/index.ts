export * from './receive-chargeback';
export * from './chargeback.worker';
export * from './replay-chargeback';

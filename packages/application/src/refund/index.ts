export * from './refund-answer';
export * from './refund-sender';
export * from './refund-recorder';
export * from './refund-session.use-case';
export * from './refund-attempt.use-case';
export * from './refund-transaction.use-case';

// The session aggregate: state machines (data) and the pure commands over a session.
export * from './state-machine';
export * from './session.state';
export * from '../attempt/attempt.state';
export * from '../attempt/attempt-operations';
export * from '../transaction/transaction.state';
export * from './start-attempt';
export * from './record-open-outcome';
export * from './apply-fact';
export * from './partial-decision';
export * from './payer-decisions';
export * from './payer-guard';
export * from './terms';
export * from './timeouts';
export * from './owed-operations';
export * from './overdue';
export * from './schedule';

export * from './session-view.model';
export * from './session-view';
export * from './financing-plan.view';

export * from './wire-gate';
export * from './wire-message.reader';
export * from './wait-until-answering';
export * from './mongodb-requirement';

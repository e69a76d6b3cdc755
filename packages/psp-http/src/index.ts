export { createPspHttp, exchange, DEFAULT_PSP_TIMEOUT_MS, type PspCallee, type PspHttpClient, type PspHttpOptions, type PspHttpRequest, type PspHttpResult } from './psp-http.client';
export { operationDeadline, outOfTime, type OperationDeadline, type PspExchange } from './operation-deadline';
export { CAUSE_MAX_LENGTH, redact, transportCause, transportMessage } from './transport-cause';
export { outcomeOfStatus, transportAck } from './psp-ack';
export { PSP_USER_AGENT } from './psp-user-agent';

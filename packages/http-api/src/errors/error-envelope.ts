import { ERROR_KIND, type ErrorCode, type ErrorKind } from '@splitpay/domain';
import type { HttpErrorCode } from './http-error';

/** The JSON body of every /api and /elements error: branch on `code`, never parse `message`. */
export interface ErrorEnvelope {
  readonly code: ErrorCode | HttpErrorCode;
  readonly message: string;
}

const STATUS_OF_KIND: Record<ErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  'not-found': 404,
  conflict: 409,
  refusal: 422,
  'rate-limited': 429,
  internal: 500,
};

/** The HTTP status of a contract code (docs/decisions.md D11). */
export function statusOf(code: ErrorCode): number {
  return STATUS_OF_KIND[ERROR_KIND[code]];
}

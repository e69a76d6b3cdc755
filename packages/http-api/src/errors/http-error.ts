/**
 * Codes of the HTTP layer itself, answered before any door reads the request: the contract's
 * envelope with a code of their own, since the contract ties InvalidRequest to 400.
 */
export type HttpErrorCode = 'MethodNotAllowed' | 'PayloadTooLarge' | 'UnsupportedMediaType';

const STATUS_OF_HTTP_CODE: Record<HttpErrorCode, number> = {
  MethodNotAllowed: 405,
  PayloadTooLarge: 413,
  UnsupportedMediaType: 415,
};

/** A request refused by HTTP's own rules (method, size, media type); the error handler answers it. */
export class HttpError extends Error {
  readonly status: number;

  constructor(
    readonly code: HttpErrorCode,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.status = STATUS_OF_HTTP_CODE[code];
  }
}

export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HttpError;
}

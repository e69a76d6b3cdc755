import type { ErrorRequestHandler, Request } from 'express';
import { isDomainError, type Logger, type Metrics } from '@splitpay/domain';
import { statusOf, type ErrorEnvelope } from './error-envelope';
import { HttpError, isHttpError } from './http-error';
import { HTTP_REQUESTS_ABORTED_METRIC, isAbortedBody } from '../app/aborted-body';
import { recordDoor, routeOf } from '../app/request-log';

/**
 * Body-parser failures carry a status and a type: an oversized body is 413, an unsupported charset or
 * encoding 415, anything else unreadable (malformed JSON...) the contract's InvalidRequest.
 */
function clientFault(error: unknown): HttpError | { status: 400; message: string } | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const status = (error as { status?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode;
  if (typeof status !== 'number' || status < 400 || status >= 500) return undefined;
  const type = (error as { type?: unknown }).type;
  if (type === 'entity.too.large') return new HttpError('PayloadTooLarge', 'Request body is too large');
  if (type === 'charset.unsupported' || type === 'encoding.unsupported') return new HttpError('UnsupportedMediaType', 'Request body charset or encoding is not supported');
  return { status: 400, message: type === 'entity.parse.failed' ? 'Request body is not valid JSON' : 'Request could not be read' };
}

/**
 * RFC 6750 section 3: a refused token is `invalid_token`; a request that carried no credential gets
 * the bare challenge (section 3.1). The body is the same either way (one Unauthorized answer).
 */
function bearerChallenge(req: Request): string {
  return req.headers.authorization ? 'Bearer error="invalid_token"' : 'Bearer';
}

/** What the error handler needs of the app for a request whose body the client stopped sending. */
export interface AbortedRequestDeps {
  /**
   * The door the request was for, its route matched or not (default: the matched route, else
   * `unmatched`): names an aborted request, and the access line and metrics of a refusal made before
   * its route matched.
   */
  readonly doorOf?: (req: Request) => string;
  /** Counts it in `http_requests_aborted_total{method,route}`. */
  readonly metrics?: Metrics;
}

/**
 * Maps thrown errors to the contract's envelope. Domain errors answer their code; HTTP's own
 * refusals (405, 413, 415) theirs; anything else is a 500 InternalError whose message leaks nothing
 * (no stack, no driver text) and is logged. A body the client stopped sending gets no answer (its
 * connection is gone): one info line `http.request_aborted` naming the door, counted in
 * `http_requests_aborted_total`, and since no answer finishes, no access line and no request counted
 * in the duration histogram.
 */
export function errorHandler(logger: Logger, aborted: AbortedRequestDeps = {}): ErrorRequestHandler {
  const doorOf = aborted.doorOf ?? routeOf;
  return (error, req, res, _next) => {
    if (res.headersSent) return;
    if (isAbortedBody(error)) {
      const route = doorOf(req);
      logger.info('http.request_aborted', { requestId: res.locals.requestId, method: req.method, route, path: `${req.baseUrl}${req.path}` });
      aborted.metrics?.increment(HTTP_REQUESTS_ABORTED_METRIC, { method: req.method, route });
      return;
    }
    // A refusal before any route matched (an unreadable body) is still counted under its door (D118-f).
    if (routeOf(req) === 'unmatched') recordDoor(res, doorOf(req));
    if (isDomainError(error)) {
      const status = statusOf(error.code);
      if (status === 401) res.setHeader('WWW-Authenticate', bearerChallenge(req));
      res.status(status).json({ code: error.code, message: error.message } satisfies ErrorEnvelope);
      return;
    }
    const fault = isHttpError(error) ? error : clientFault(error);
    if (fault instanceof HttpError) {
      for (const [name, value] of Object.entries(fault.headers)) res.setHeader(name, value);
      res.status(fault.status).json({ code: fault.code, message: fault.message } satisfies ErrorEnvelope);
      return;
    }
    if (fault) {
      res.status(400).json({ code: 'InvalidRequest', message: fault.message } satisfies ErrorEnvelope);
      return;
    }
    logger.error('http.unexpected_error', { method: req.method, path: req.path, error });
    res.status(500).json({ code: 'InternalError', message: 'Unexpected failure' } satisfies ErrorEnvelope);
  };
}

import express, { type RequestHandler } from 'express';
import { HttpError } from '../errors/http-error';

/** Whether the request carries a body, parsed or not. */
export function carriesBody(req: Parameters<RequestHandler>[0]): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Doors that read JSON: a body of another media type is 415 UnsupportedMediaType (it would otherwise
 * be left unread and taken as absent), a body over `limit` 413, malformed JSON InvalidRequest. A body
 * whose connection closed before it was whole is answered nothing (the error handler's aborted body).
 *
 * Express's parsers keep the request's scope by themselves (raw-body calls back through an
 * AsyncResource made in it): log lines written after the body was read keep the request id.
 */
export function jsonBody(limit: string): RequestHandler {
  const parse = express.json({ limit });
  return (req, res, next) => {
    if (carriesBody(req) && !req.is('application/json')) {
      next(new HttpError('UnsupportedMediaType', 'Request body must be application/json'));
      return;
    }
    parse(req, res, next);
  };
}

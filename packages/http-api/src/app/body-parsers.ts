import express, { type RequestHandler } from 'express';
import { HttpError } from '../errors/http-error';
import { continueInRequest } from './request-log';

/** Whether the request carries a body, parsed or not. */
export function carriesBody(req: Parameters<RequestHandler>[0]): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** A body parser whose `next` runs back in the request's scope (its log lines keep the request id). */
export function scoped(parser: RequestHandler): RequestHandler {
  return (req, res, next) => parser(req, res, (error?: unknown) => continueInRequest(res, () => next(error)));
}

/**
 * Doors that read JSON: a body of another media type is 415 UnsupportedMediaType (it would otherwise
 * be left unread and taken as absent), a body over `limit` 413, malformed JSON InvalidRequest.
 */
export function jsonBody(limit: string): RequestHandler {
  const parse = scoped(express.json({ limit }));
  return (req, res, next) => {
    if (carriesBody(req) && !req.is('application/json')) {
      next(new HttpError('UnsupportedMediaType', 'Request body must be application/json'));
      return;
    }
    parse(req, res, next);
  };
}

import type { Request } from 'express';
import { carriesBody } from '../app/body-parsers';
import { HttpError } from '../errors/http-error';
import { validator } from './validate';

/** Doors that take no body: none, or an empty JSON object. */
export const noBodySchema = { type: 'object', additionalProperties: false, properties: {} } as const;

const validateNoBody = validator<Record<string, never>>(noBodySchema, 'body');

/**
 * A body a door could read must be JSON: one of another content type (or of none) would be left
 * unparsed and read as absent (an attempt refund without `amount` is a full one). 415 UnsupportedMediaType.
 */
export function requireJsonBody(req: Request): void {
  if (carriesBody(req) && !req.is('application/json')) throw new HttpError('UnsupportedMediaType', 'Request body must be application/json');
}

/** The doors that take no body: none, or an empty JSON object; anything else is InvalidRequest. */
export function readNoBody(req: Request): void {
  requireJsonBody(req);
  validateNoBody(req.body ?? {});
}

import type { Request } from 'express';
import { DomainError } from '@splitpay/domain';
import { validator } from './validate';

/** Doors that take no body: none, or an empty JSON object. */
export const noBodySchema = { type: 'object', additionalProperties: false, properties: {} } as const;

const validateNoBody = validator<Record<string, never>>(noBodySchema, 'body');

/** Whether the request carries a body, parsed or not (express.json leaves one of another content type unread). */
function carriesBody(req: Request): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * A body a door could read must be JSON: one of another content type (or of none) would be left
 * unparsed and read as absent (an attempt refund without `amount` is a full one). InvalidRequest.
 */
export function requireJsonBody(req: Request): void {
  if (carriesBody(req) && !req.is('application/json')) throw new DomainError('InvalidRequest', 'Request body must be application/json');
}

/** The doors that take no body: none, or an empty JSON object; anything else is InvalidRequest. */
export function readNoBody(req: Request): void {
  requireJsonBody(req);
  validateNoBody(req.body ?? {});
}

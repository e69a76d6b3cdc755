import type { ErrorRequestHandler, RequestHandler } from 'express';
import { isDomainError, type Logger } from '@splitpay/domain';
import { statusOf, type ErrorEnvelope } from './error-envelope';

/** Body-parser and similar failures that carry an HTTP status of their own (malformed JSON...). */
function clientFault(error: unknown): { status: number; message: string } | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const status = (error as { status?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode;
  if (typeof status !== 'number' || status < 400 || status >= 500) return undefined;
  const type = (error as { type?: unknown }).type;
  const message =
    type === 'entity.parse.failed' ? 'Request body is not valid JSON' : type === 'entity.too.large' ? 'Request body is too large' : 'Request could not be read';
  return { status, message };
}

/**
 * Maps thrown errors to the contract's envelope. Domain errors answer their code; anything else is
 * a 500 InternalError whose message leaks nothing (no stack, no driver text) and is logged.
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    if (res.headersSent) return;
    if (isDomainError(error)) {
      const status = statusOf(error.code);
      if (status === 401) res.setHeader('WWW-Authenticate', 'Bearer');
      const body: ErrorEnvelope = { code: error.code, message: error.message };
      res.status(status).json(body);
      return;
    }
    const fault = clientFault(error);
    if (fault) {
      // Every unreadable request, an oversized body included, is the contract's InvalidRequest (400).
      res.status(400).json({ code: 'InvalidRequest', message: fault.message } satisfies ErrorEnvelope);
      return;
    }
    logger.error('http.unexpected_error', { method: req.method, path: req.path, error });
    res.status(500).json({ code: 'InternalError', message: 'Unexpected failure' } satisfies ErrorEnvelope);
  };
}

/** Unknown routes answer the contract's NotFound envelope. */
export const notFoundHandler: RequestHandler = (_req, res) => {
  res.status(404).json({ code: 'NotFound', message: 'Not found' } satisfies ErrorEnvelope);
};

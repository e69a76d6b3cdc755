import type { Request } from 'express';
import { carriesBody } from '../app/body-parsers';

/**
 * Whether the request declared a body that was never read. body-parser skips reading when the
 * connection has already ended (on-finished's isFinished: the socket no longer readable), and Node
 * destroys such a request with its buffered body: `req.body` is then left undefined. That happens to
 * a sender that gave up (its timeout) while the request waited in a busy service: the bytes had
 * arrived whole, but the routers' turns of the event loop let the socket's end be seen first.
 */
export function bodyLeftUnread(req: Request): boolean {
  return !Buffer.isBuffer(req.body) && carriesBody(req);
}

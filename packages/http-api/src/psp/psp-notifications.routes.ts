import express, { Router } from 'express';
import type { PspNotificationIntake } from '@splitpay/application';
import type { Logger } from '@splitpay/domain';
import { scoped } from '../app/body-parsers';
import { bodyLeftUnread } from './unread-body';

export interface PspNotificationsRouterDeps {
  readonly intake: Pick<PspNotificationIntake, 'receive'>;
  readonly logger: Logger;
}

function flatHeaders(headers: express.Request['headers']): Record<string, string | undefined> {
  const flat: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(headers)) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  return flat;
}

/**
 * POST /psp/{provider}/notifications: the raw body (any content type, kept verbatim for the driver's
 * signature check) handed to the intake; the provider's own expected reply is answered. An unknown
 * provider is NotFound. The body is never logged. Its bytes are read as UTF-8 whatever charset the
 * content type names: every PSP notification is JSON, which is UTF-8, and a signature covers the
 * bytes sent, not a re-decoding of them. A body the connection closed before it was read is never
 * handed to the driver: judged as empty, a genuine notification would be refused as forged.
 */
export function pspNotificationsRouter(deps: PspNotificationsRouterDeps): Router {
  const router = Router();
  router.post('/psp/:provider/notifications', scoped(express.raw({ type: () => true, limit: '1mb' })), async (req, res) => {
    if (bodyLeftUnread(req)) {
      // The sender is gone (it hears nothing) and resends: not a refusal, not an attack.
      deps.logger.info('psp.notification_unread', { provider: String(req.params.provider) });
      res.status(400).json({ code: 'InvalidRequest', message: 'Request body was not received: the connection closed before it was read' });
      return;
    }
    const query: Record<string, string | undefined> = {};
    for (const [key, value] of Object.entries(req.query)) if (typeof value === 'string') query[key] = value;
    const reply = await deps.intake.receive(String(req.params.provider), {
      headers: flatHeaders(req.headers),
      rawBody: Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '',
      query,
    });
    res.status(reply.status).type(reply.contentType).send(reply.body);
  });
  return router;
}

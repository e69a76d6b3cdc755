import { ReplaySessionNotification } from '@splitpay/application';
import {
  DomainError,
  type AbandonedNotificationSearch,
  type ChargebackRepository,
  type Logger,
  type MerchantAccountRepository,
  type MerchantId,
  type SessionId,
  type SessionRepository,
} from '@splitpay/domain';
import { SystemClock, UuidV7IdGenerator } from '@splitpay/infra';
import { sessionWriterOf } from '@splitpay/server/src/session-writer';
import type { ServerConfig } from '@splitpay/server/src/config';
import { iso, warnings, type Output } from '../output';
import { walkAbandoned } from './abandoned-walk';
import { replayChargebacks } from './replay-chargebacks';

export interface ReplayRequest {
  readonly merchantId: string;
  readonly since?: number;
  readonly until?: number;
  readonly dryRun: boolean;
}

/**
 * Re-arms every abandoned session-ended notification of one merchant whose delivery first failed in
 * [since, until), one by one through the use case behind the dashboard's replay door
 * (POST /api/sessions/{id}/notification): same notificationId, calendar re-armed, its refusals kept,
 * and only if still abandoned when written (D113-a: one delivered since it was listed is refused);
 * then the merchant's abandoned chargeback messages of the same window, the same way. A running
 * service delivers them. Prints each session id (or chargeback notificationId) and its outcome, never
 * the address. A merchant id of no stored account is warned of (D113-c): 2 when nothing of it is
 * found (a mistyped id, most likely), else the replay's own code.
 */
export async function replayNotifications(
  deps: {
    readonly sessions: SessionRepository;
    readonly chargebacks: ChargebackRepository;
    readonly merchants: MerchantAccountRepository;
    readonly config: ServerConfig;
    readonly logger: Logger;
  },
  request: ReplayRequest,
  out: Output,
  warn: Output = warnings,
): Promise<0 | 1 | 2> {
  const writer = sessionWriterOf(deps.config, { sessions: deps.sessions, clock: new SystemClock(), ids: new UuidV7IdGenerator() });
  const replay = new ReplaySessionNotification({ sessions: deps.sessions, writer, logger: deps.logger });
  const merchantId = request.merchantId as MerchantId;
  const window = `${request.since !== undefined ? iso(request.since) : 'the beginning'} to ${request.until !== undefined ? iso(request.until) : 'now'}`;
  out.line(`replay-notifications: merchant ${merchantId}, first failed from ${window}${request.dryRun ? ' (dry run: nothing is changed)' : ''}`);
  const known = (await deps.merchants.findById(merchantId)) !== null;
  if (!known) warn.line(`no merchant account '${merchantId}' (merchant_accounts): check the id`);

  let found = 0;
  let replayed = 0;
  let refused = 0;
  await walkAbandoned((query: AbandonedNotificationSearch) => deps.sessions.findAbandonedNotifications(query), { ...request, merchantId }, async (session) => {
    found++;
    const delivery = session.notification?.delivery;
    const facts = `failures ${delivery?.failures ?? 0}, first failed ${delivery?.firstFailedAt !== undefined ? iso(delivery.firstFailedAt) : '-'}`;
    if (request.dryRun) {
      out.line(`${session.id} would be replayed (${facts})`);
      return;
    }
    try {
      await replay.execute({ merchantId, sessionId: session.id as SessionId, onlyIfAbandoned: true });
      replayed++;
      out.line(`${session.id} replayed (${facts})`);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      // Changed since it was listed (replayed from the dashboard meanwhile...): the use case's refusal.
      refused++;
      out.line(`${session.id} refused: ${error.code}`);
    }
  });
  const chargebacks = { found: 0, replayed: 0, refused: 0 };
  await replayChargebacks(deps, request, out, chargebacks);
  found += chargebacks.found;
  replayed += chargebacks.replayed;
  refused += chargebacks.refused;

  out.line(
    request.dryRun
      ? `replay-notifications: ${found} abandoned notifications would be replayed`
      : `replay-notifications: ${found} abandoned notifications, ${replayed} replayed, ${refused} refused`,
  );
  if (!known && found === 0) return 2;
  return refused > 0 ? 1 : 0;
}

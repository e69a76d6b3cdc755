import { ReplayChargebackNotification, ReplaySessionNotification } from '@splitpay/application';
import type { Chargeback, ChargebackRepository, Delivery, MerchantId, SessionId, SessionRepository } from '@splitpay/domain';
import { CapturingLogger } from '@splitpay/domain/src/testing';
import { SystemClock, UuidV7IdGenerator } from '@splitpay/infra';
import { readConfig } from '@splitpay/server/src/config';
import { sessionWriterOf } from '@splitpay/server/src/session-writer';
import { createEmbeddedStores } from '@splitpay/store-embedded';
import { fixtures } from '@splitpay/store-mongo/src/contract';
import { replayNotifications } from './replay-notifications';

const { aChargeback, aMerchantAccount, aSession, newMerchantId } = fixtures;
const URL = 'https://merchant.example/hook';
const T = Date.now() - 3_600_000;
const spent = (notificationId: string): Delivery => ({ url: URL, notificationId, payload: { event: 'session-ended' }, failures: 4, abandoned: true, firstFailedAt: T });
const delivered = ({ nextAttemptAt: _next, ...rest }: Delivery): Delivery => ({ ...rest, deliveredAt: Date.now() });

/**
 * The command lists a page of abandoned messages, then replays them one by one: one replayed from the
 * dashboard (or by another run) and delivered in that gap is refused, not re-armed and sent again.
 */
describe('replay-notifications, a message delivered between the listing and its replay', () => {
  const stores = createEmbeddedStores({});
  const config = readConfig({});
  const logger = new CapturingLogger();
  const run = async (merchantId: MerchantId, deps: { sessions?: SessionRepository; chargebacks?: ChargebackRepository }) => {
    await stores.merchants.upsert(aMerchantAccount({ merchantId }));
    const lines: string[] = [];
    const deps_ = { sessions: deps.sessions ?? stores.sessions, chargebacks: deps.chargebacks ?? stores.chargebacks, merchants: stores.merchants, config, logger };
    return replayNotifications(deps_, { merchantId, dryRun: false }, { line: (text) => lines.push(text) }).then((code) => ({ code, lines }));
  };

  it('refuses a session-ended message replayed from the dashboard and delivered meanwhile, and leaves it delivered (exit 1)', async () => {
    const merchantId = newMerchantId();
    const session = aSession({ merchantId, status: 'PAID', endedAt: T, notification: { url: URL, delivery: spent('n-1') } });
    await stores.sessions.insert(session);
    const writer = sessionWriterOf(config, { sessions: stores.sessions, clock: new SystemClock(), ids: new UuidV7IdGenerator() });
    const dashboard = new ReplaySessionNotification({ sessions: stores.sessions, writer, logger });
    const sessions: SessionRepository = Object.create(stores.sessions);
    sessions.findAbandonedNotifications = async (query) => {
      const page = await stores.sessions.findAbandonedNotifications(query);
      for (const item of page.items) {
        await dashboard.execute({ merchantId, sessionId: item.id as SessionId });
        await writer.update(item.id as SessionId, (current) => ({
          session: { ...current, notification: { ...current.notification!, delivery: delivered(current.notification!.delivery!) } },
          result: null,
        }));
      }
      return page;
    };

    const { code, lines } = await run(merchantId, { sessions });

    expect(lines).toContain(`${session.id} refused: NotificationNotAbandoned`);
    expect(lines).toContain('replay-notifications: 1 abandoned notifications, 0 replayed, 1 refused');
    expect(code).toBe(1);
    expect((await stores.sessions.findById(session.id as SessionId))!.notification!.delivery!.deliveredAt).toEqual(expect.any(Number));
  });

  it('refuses a chargeback message replayed by another run and delivered meanwhile, and leaves it delivered (exit 1)', async () => {
    const merchantId = newMerchantId();
    const fresh = aChargeback({ merchantId });
    const chargeback: Chargeback = { ...fresh, delivery: { ...spent(fresh.notificationId), payload: { event: 'chargeback' } } };
    await stores.chargebacks.insertIfAbsent(chargeback);
    const other = new ReplayChargebackNotification({ chargebacks: stores.chargebacks, clock: new SystemClock(), logger });
    const chargebacks: ChargebackRepository = Object.create(stores.chargebacks);
    chargebacks.findAbandonedDeliveries = async (query) => {
      const page = await stores.chargebacks.findAbandonedDeliveries(query);
      for (const item of page.items) {
        await other.execute({ merchantId, notificationId: item.notificationId });
        const rearmed = (await stores.chargebacks.findByNotificationId(item.notificationId))!;
        await stores.chargebacks.save({ ...rearmed, delivery: delivered(rearmed.delivery!), version: rearmed.version + 1 }, { expectedVersion: rearmed.version });
      }
      return page;
    };

    const { code, lines } = await run(merchantId, { chargebacks });

    expect(lines).toContain(`chargeback ${chargeback.notificationId} refused: NotificationNotAbandoned`);
    expect(code).toBe(1);
    expect((await stores.chargebacks.findByNotificationId(chargeback.notificationId))!.delivery!.deliveredAt).toEqual(expect.any(Number));
  });
});

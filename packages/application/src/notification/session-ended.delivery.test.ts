import { randomBytes } from 'node:crypto';
import { merchantId, type Session, type SessionId } from '@splitpay/domain';
import { sessionEndedTurns, useDeliveryBench } from '../testing/delivery-bench';
import { NOTIFICATION_ABANDONED_METRIC } from './message-delivery';
import { FAILED_500 } from './notification.fixtures';

const DELAYS = [1_000, 60_000, 300_000];
const AUTHORIZATION = 'Bearer sentinel-webhook-authorization-4e1f';
const SIGNING_SECRET = `whsec_${randomBytes(32).toString('base64')}`;
const HOOK = 'https://merchant.example/hooks';

describe('SessionEndedDelivery (the session-ended worker step)', () => {
  const b = useDeliveryBench();
  let ending: ReturnType<typeof sessionEndedTurns>;
  const turn = (id: SessionId): Promise<Session> => ending.turn(id);

  beforeEach(async () => {
    await b.account('m1', { authorization: AUTHORIZATION, signingSecret: SIGNING_SECRET });
    ending = sessionEndedTurns(b, DELAYS);
  });

  const paid = () => b.store(b.factory.paid(b.factory.pending({ notificationUrl: HOOK }), { authRef: 'psp-a-1', captureRef: 'psp-c-1', cardAlias: 'alias-9' }));

  it('delivers an owed ending on the first try and records it', async () => {
    const session = await paid();
    const delivery = session.notification!.delivery!;
    expect(session.notificationDueAt).toBe(b.clock.now());

    const after = await turn(session.id);

    expect(b.sender.sent).toHaveLength(1);
    expect(b.sender.sent[0]).toEqual({
      url: HOOK,
      notificationId: `${session.id}:PAID`,
      payload: delivery.payload,
      authorization: AUTHORIZATION,
      signingSecret: SIGNING_SECRET,
    });
    expect(b.sender.sent[0]!.payload).toMatchObject({ event: 'session-ended', status: 'PAID', sessionId: session.id, orderId: 'order-1' });
    expect(after.notification!.delivery).toMatchObject({ deliveredAt: b.clock.now(), failures: 0, abandoned: false });
    expect(after.notification!.delivery).not.toHaveProperty('nextAttemptAt');
    expect(after.notificationDueAt).toBeUndefined();
    expect(b.logger.named('notification.delivered')).toHaveLength(1);

    await turn(session.id);
    expect(b.sender.sent).toHaveLength(1);
  });

  it('sends nothing before the next try is due, after delivery, or when the session owes no message', async () => {
    const none = await b.store(b.factory.paid(b.factory.pending(), { authRef: 'a', captureRef: 'c' }));
    expect(none.notification).toBeUndefined();
    await expect(ending.step.deliverDue(none)).resolves.toBeUndefined();

    b.sender.script = () => FAILED_500;
    const session = await paid();
    await turn(session.id);
    b.clock.advance(999);
    const waiting = (await b.stores.sessions.findById(session.id))!;
    expect(ending.step.isDue(waiting)).toBe(false);
    await expect(ending.step.deliverDue(waiting)).resolves.toBeUndefined();
    expect(b.sender.sent).toHaveLength(1);
  });

  it('retries at t+1 s, t+1 min, t+5 min, then abandons with the operator alert', async () => {
    b.sender.script = () => FAILED_500;
    const session = await paid();
    const t = b.clock.now();
    const notificationId = `${session.id}:PAID`;

    const stages: [number, number, number | undefined][] = [
      // [b.clock offset from t, failures after the try, next try at]
      [0, 1, t + 1_000],
      [1_000, 2, t + 60_000],
      [60_000, 3, t + 300_000],
    ];
    for (const [offset, failures, next] of stages) {
      b.clock.set(t + offset);
      const after = await turn(session.id);
      expect(after.notification!.delivery).toMatchObject({ failures, abandoned: false, nextAttemptAt: next });
      expect(after.notificationDueAt).toBe(next);
      expect(b.logger.named('notification.abandoned')).toHaveLength(0);
    }
    b.clock.set(t + 299_999);
    await turn(session.id);
    expect(b.sender.sent).toHaveLength(3);

    b.clock.set(t + 300_000);
    const abandoned = await turn(session.id);
    expect(b.sender.sent).toHaveLength(4);
    expect(b.sender.sent.every((m) => m.notificationId === notificationId)).toBe(true);
    expect(abandoned.notification!.delivery).toMatchObject({ failures: 4, abandoned: true });
    expect(abandoned.notification!.delivery).not.toHaveProperty('deliveredAt');
    expect(abandoned.notificationDueAt).toBeUndefined();

    const alerts = b.logger.named('notification.abandoned');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ level: 'error', fields: { notificationId, messageEvent: 'session-ended', failures: 4 } });
    expect(b.metrics.value(NOTIFICATION_ABANDONED_METRIC, { event: 'session-ended' })).toBe(1);

    b.clock.advance(3_600_000);
    await turn(session.id);
    expect(b.sender.sent).toHaveLength(4);
  });

  it('a try that succeeds after failures stops the calendar', async () => {
    b.sender.script = (i) => (i < 2 ? FAILED_500 : { received: true, httpStatus: 200 });
    const session = await paid();
    const t = b.clock.now();
    await turn(session.id);
    b.clock.set(t + 1_000);
    await turn(session.id);
    b.clock.set(t + 60_000);
    const after = await turn(session.id);
    expect(after.notification!.delivery).toMatchObject({ failures: 2, abandoned: false, deliveredAt: t + 60_000 });
    expect(after.notificationDueAt).toBeUndefined();
  });

  it('an account that is gone counts as a failed try, never a throw', async () => {
    const session = await b.store(b.factory.paid(b.factory.pending({ notificationUrl: HOOK }), { authRef: 'a', captureRef: 'c' }));
    const orphan = { ...session, merchantId: merchantId('gone') };
    const command = await ending.step.deliverDue(orphan);
    expect(b.sender.sent).toHaveLength(0);
    const { session: recorded } = await ending.writer.update(session.id, command!, { initial: session });
    expect(recorded.notification!.delivery).toMatchObject({ failures: 1, abandoned: false });
    expect(b.logger.named('notification.failed')[0]!.fields).toMatchObject({ reason: 'merchant account not found' });
  });

  it('records nothing over a delivery state that moved meanwhile', async () => {
    const session = await paid();
    const command = await ending.step.deliverDue(session);
    const moved = { ...session, notification: { ...session.notification!, delivery: { ...session.notification!.delivery!, failures: 2 } } };
    const applied = command!(moved, ending.writer.context());
    expect(applied.session).toBe(moved);
    expect(applied.result.result).toBe('stale');
  });

  it('never logs the authorization value or the signing secret', async () => {
    b.sender.script = () => FAILED_500;
    const session = await paid();
    for (const offset of [0, 1_000, 60_000, 300_000]) {
      b.clock.set(session.createdAt + offset);
      await turn(session.id);
    }
    const text = JSON.stringify(b.logger.lines);
    expect(text).not.toContain('sentinel-webhook-authorization');
    expect(text).not.toContain(SIGNING_SECRET.slice(6));
  });
});

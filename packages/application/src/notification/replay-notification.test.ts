import { merchantId, type Session, type SessionId, type SessionRepository } from '@splitpay/domain';
import { sessionEndedTurns, useDeliveryBench } from '../testing/delivery-bench';
import { FAILED_500 } from './notification.fixtures';
import { ReplaySessionNotification } from './replay-notification';

const DELAYS = [10, 20, 30];
const HOOK = 'https://merchant.example/hooks';
const M1 = merchantId('m1');

describe('ReplaySessionNotification', () => {
  const b = useDeliveryBench();
  let ending: ReturnType<typeof sessionEndedTurns>;
  let replay: ReplaySessionNotification;
  const turn = (id: SessionId): Promise<Session> => ending.turn(id);

  beforeEach(async () => {
    await b.account('m1', {});
    ending = sessionEndedTurns(b, DELAYS);
    replay = new ReplaySessionNotification({ sessions: b.stores.sessions, writer: ending.writer, logger: b.logger });
  });

  async function abandon(id: SessionId): Promise<Session> {
    b.sender.script = () => FAILED_500;
    let session = await turn(id);
    while (!session.notification!.delivery!.abandoned) {
      b.clock.set(session.notification!.delivery!.nextAttemptAt!);
      session = await turn(id);
    }
    return session;
  }

  const paid = (input = {}) => b.store(b.factory.paid(b.factory.pending({ notificationUrl: HOOK, ...input }), { authRef: 'a', captureRef: 'c' }));
  const refusal = (id: string, asMerchant = M1) => replay.execute({ merchantId: asMerchant, sessionId: id as SessionId }).then(
    () => 'accepted',
    (e: { code?: string }) => e.code,
  );

  it('re-arms an abandoned calendar with the same notificationId, answering the state as it stood', async () => {
    const session = await paid();
    const abandoned = await abandon(session.id);
    expect(abandoned.notification!.delivery).toMatchObject({ failures: 4, abandoned: true });
    b.clock.advance(3_600_000);

    await expect(replay.execute({ merchantId: M1, sessionId: session.id })).resolves.toEqual({ url: HOOK, failures: 4, abandoned: true });

    const rearmed = (await b.stores.sessions.findById(session.id))!;
    expect(rearmed.notification!.delivery).toEqual({
      url: HOOK,
      notificationId: `${session.id}:PAID`,
      payload: abandoned.notification!.delivery!.payload,
      failures: 0,
      abandoned: false,
      nextAttemptAt: b.clock.now(),
    });
    expect(rearmed.notificationDueAt).toBe(b.clock.now());

    b.sender.script = () => ({ received: true, httpStatus: 200 });
    const delivered = await turn(session.id);
    expect(b.sender.sent.at(-1)!.notificationId).toBe(`${session.id}:PAID`);
    expect(b.sender.sent.at(-1)!.payload).toEqual(abandoned.notification!.delivery!.payload);
    expect(delivered.notification!.delivery).toMatchObject({ deliveredAt: b.clock.now(), failures: 0, abandoned: false });
  });

  it('the re-armed calendar runs whole again: four more tries before abandoning', async () => {
    const session = await paid();
    await abandon(session.id);
    await replay.execute({ merchantId: M1, sessionId: session.id });
    const again = await abandon(session.id);
    expect(b.sender.sent).toHaveLength(8);
    expect(again.notification!.delivery).toMatchObject({ failures: 4, abandoned: true });
  });

  it('an acknowledged message is replayable: owed again, from scratch', async () => {
    const session = await paid();
    await turn(session.id);
    await expect(replay.execute({ merchantId: M1, sessionId: session.id })).resolves.toEqual({ url: HOOK, failures: 0, abandoned: false });
    const rearmed = (await b.stores.sessions.findById(session.id))!;
    expect(rearmed.notification!.delivery).not.toHaveProperty('deliveredAt');
    expect(ending.step.isDue(rearmed)).toBe(true);
    await turn(session.id);
    expect(b.sender.sent.map((m) => m.notificationId)).toEqual([`${session.id}:PAID`, `${session.id}:PAID`]);
  });

  it('NotificationNotAbandoned while the calendar runs, before the first try and between retries', async () => {
    const session = await paid();
    await expect(refusal(session.id)).resolves.toBe('NotificationNotAbandoned');
    b.sender.script = () => FAILED_500;
    await turn(session.id);
    await expect(refusal(session.id)).resolves.toBe('NotificationNotAbandoned');
    const unchanged = (await b.stores.sessions.findById(session.id))!;
    expect(unchanged.notification!.delivery).toMatchObject({ failures: 1, abandoned: false });
  });

  it('SessionNotEnded before the end', async () => {
    const pending = await b.store(b.factory.pending({ notificationUrl: HOOK }));
    await expect(refusal(pending.id)).resolves.toBe('SessionNotEnded');
  });

  it('NoNotificationUrl when the session declared no address', async () => {
    const silent = await b.store(b.factory.paid(b.factory.pending(), { authRef: 'a', captureRef: 'c' }));
    await expect(refusal(silent.id)).resolves.toBe('NoNotificationUrl');
  });

  it('NotFound for another merchant\'s session and for an unknown one, alike', async () => {
    const session = await paid();
    await abandon(session.id);
    await expect(refusal(session.id, merchantId('m2'))).resolves.toBe('NotFound');
    await expect(refusal('0190f0a0-0000-7000-8000-00000000dead')).resolves.toBe('NotFound');
    const untouched = (await b.stores.sessions.findById(session.id))!;
    expect(untouched.notification!.delivery!.abandoned).toBe(true);
  });

  it('an ended session whose message was never built gets it built on replay', async () => {
    const ended = b.factory.paid(b.factory.pending({ notificationUrl: HOOK }), { authRef: 'a', captureRef: 'c' });
    const bare = await b.store({ ...ended, notification: { url: HOOK } });
    await expect(replay.execute({ merchantId: M1, sessionId: bare.id })).resolves.toEqual({ url: HOOK, failures: 0, abandoned: false });
    const built = (await b.stores.sessions.findById(bare.id))!.notification!.delivery!;
    expect(built).toMatchObject({ notificationId: `${bare.id}:PAID`, failures: 0, abandoned: false, nextAttemptAt: b.clock.now() });
    expect(built.payload).toEqual(ended.notification!.delivery!.payload);
  });

  describe('onlyIfAbandoned (the ops command\'s walk over abandoned messages)', () => {
    const onlyIfAbandoned = (via: ReplaySessionNotification, id: SessionId) =>
      via.execute({ merchantId: M1, sessionId: id, onlyIfAbandoned: true }).then(
        () => 'accepted',
        (e: { code?: string }) => e.code,
      );

    it('re-arms an abandoned message as the door does', async () => {
      const session = await paid();
      await abandon(session.id);
      await expect(onlyIfAbandoned(replay, session.id)).resolves.toBe('accepted');
      expect((await b.stores.sessions.findById(session.id))!.notification!.delivery).toMatchObject({ failures: 0, abandoned: false });
    });

    it('refuses a message replayed and delivered since it was abandoned: NotificationNotAbandoned, left delivered', async () => {
      const session = await paid();
      await abandon(session.id);
      await replay.execute({ merchantId: M1, sessionId: session.id });
      b.sender.script = () => ({ received: true, httpStatus: 200 });
      const delivered = await turn(session.id);
      await expect(onlyIfAbandoned(replay, session.id)).resolves.toBe('NotificationNotAbandoned');
      expect(await b.stores.sessions.findById(session.id)).toEqual(delivered);
      expect(b.sender.sent).toHaveLength(5);
    });

    it('decides on the session as written: one read abandoned, then replayed and delivered before the write, is refused', async () => {
      const session = await paid();
      await abandon(session.id);
      // The read the use case starts from is the abandoned one; the dashboard's replay and the
      // delivery land between it and the write.
      const sessions: SessionRepository = Object.create(b.stores.sessions);
      sessions.findById = async (id) => {
        const read = await b.stores.sessions.findById(id);
        await replay.execute({ merchantId: M1, sessionId: id });
        b.sender.script = () => ({ received: true, httpStatus: 200 });
        await turn(id);
        return read;
      };
      const walking = new ReplaySessionNotification({ sessions, writer: ending.writer, logger: b.logger });
      await expect(onlyIfAbandoned(walking, session.id)).resolves.toBe('NotificationNotAbandoned');
      expect((await b.stores.sessions.findById(session.id))!.notification!.delivery!.deliveredAt).toBe(b.clock.now());
      expect(b.sender.sent).toHaveLength(5);
    });
  });
});

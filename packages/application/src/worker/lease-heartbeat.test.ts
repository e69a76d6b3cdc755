import { SystemTimer } from '@splitpay/infra';
import { LeaseHeartbeat, type LeaseRenewal } from './lease-heartbeat';

const EVERY_MS = 20;
const heartbeat = new LeaseHeartbeat(new SystemTimer());
/** A turn's wait, on jest's fake timers: resolved as they are moved on. */
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A lease the store holds for this owner until `released`; counts renewals and losses. */
function renewal(): LeaseRenewal & { renewals: number; losses: number; released: boolean } {
  const state = {
    renewals: 0,
    losses: 0,
    released: false,
    everyMs: EVERY_MS,
    renew: async () => {
      state.renewals++;
      return !state.released;
    },
    lost: () => void state.losses++,
    failed: () => undefined,
  };
  return state;
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('LeaseHeartbeat', () => {
  it('renews the lease every `everyMs` while the turn runs and stops when it ends', async () => {
    const lease = renewal();
    const turn = heartbeat.run(lease, async () => (await pause(EVERY_MS * 5 + 1), 'done'));
    await jest.advanceTimersByTimeAsync(EVERY_MS * 5 + 1);
    await expect(turn).resolves.toBe('done');
    expect(lease.renewals).toBe(5);
    await jest.advanceTimersByTimeAsync(EVERY_MS * 3);
    expect(lease.renewals).toBe(5);
  });

  it('stops once the turn gives its lease back itself (its leased save), so the work after it is not a lost lease', async () => {
    const lease = renewal();
    const turn = heartbeat.run(lease, async (beat) => {
      await pause(EVERY_MS * 2 + 1);
      await beat.releasingWith(async () => void (lease.released = true));
      await pause(EVERY_MS * 4);
    });
    await jest.advanceTimersByTimeAsync(EVERY_MS * 6 + 1);
    await turn;
    expect(lease.renewals).toBe(2);
    expect(lease.losses).toBe(0);
  });

  it('renews the lease while the leased save runs, and reads a renewal that finds it released by that save as no loss', async () => {
    const lease = renewal();
    const turn = heartbeat.run(lease, (beat) =>
      beat.releasingWith(async () => {
        // A store slow to answer: three renewals' worth, the lease released by the save's last moment.
        await pause(EVERY_MS * 3 + 1);
        lease.released = true;
        await pause(EVERY_MS);
      }),
    );
    await jest.advanceTimersByTimeAsync(EVERY_MS * 4 + 1);
    await turn;
    expect(lease.renewals).toBe(4);
    expect(lease.losses).toBe(0);
    await jest.advanceTimersByTimeAsync(EVERY_MS * 3);
    expect(lease.renewals).toBe(4);
  });

  it('reports a lease another instance took, once, and renews no more', async () => {
    const lease = renewal();
    lease.released = true;
    const turn = heartbeat.run(lease, () => pause(EVERY_MS * 5));
    await jest.advanceTimersByTimeAsync(EVERY_MS * 5);
    await turn;
    expect(lease.losses).toBe(1);
    expect(lease.renewals).toBe(1);
  });
});

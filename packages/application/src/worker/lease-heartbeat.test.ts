import { underLeaseHeartbeat, type LeaseRenewal } from './lease-heartbeat';

const EVERY_MS = 20;
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

describe('underLeaseHeartbeat', () => {
  it('renews the lease while the turn runs and stops when it ends', async () => {
    const lease = renewal();
    await expect(underLeaseHeartbeat(lease, async () => (await pause(EVERY_MS * 5), 'done'))).resolves.toBe('done');
    const atEnd = lease.renewals;
    expect(atEnd).toBeGreaterThanOrEqual(2);
    await pause(EVERY_MS * 3);
    expect(lease.renewals).toBe(atEnd);
  });

  it('stops at once when the turn gives its lease back itself (its leased save), so the work after it is not a lost lease', async () => {
    const lease = renewal();
    await underLeaseHeartbeat(lease, async (heartbeat) => {
      await pause(EVERY_MS * 2);
      lease.released = true;
      heartbeat.stop();
      await pause(EVERY_MS * 4);
    });
    expect(lease.losses).toBe(0);
  });

  it('reports a lease another instance took, once, and renews no more', async () => {
    const lease = renewal();
    lease.released = true;
    await underLeaseHeartbeat(lease, () => pause(EVERY_MS * 5));
    expect(lease.losses).toBe(1);
    expect(lease.renewals).toBe(1);
  });
});

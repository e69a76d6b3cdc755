import nock from 'nock';
import { isolateNock } from '@splitpay/psp-testkit';
import { timedOut } from '@splitpay/domain';
import { operationDeadline, outOfTime } from './operation-deadline';
import { transportAck } from './psp-ack';
import { createPspHttp } from './psp-http.client';

isolateNock();
afterEach(() => nock.cleanAll());

const BASE = 'https://psp.example';
const callee = { provider: 'Acme PSP', secrets: [] };

/** A client recording the timeout each call it sends was given. */
function recordingClient(): { client: ReturnType<typeof createPspHttp>; timeouts: (number | undefined)[] } {
  const client = createPspHttp({ timeoutMs: 10_000 });
  const timeouts: (number | undefined)[] = [];
  client.interceptors.request.use((config) => {
    timeouts.push(config.timeout);
    return config;
  });
  return { client, timeouts };
}

describe("an operation's deadline", () => {
  it('gives each call what the earlier ones left of the timeout', async () => {
    let clock = 1_000;
    const { client, timeouts } = recordingClient();
    const deadline = operationDeadline(2_000, () => clock);
    nock(BASE)
      .get('/first')
      .reply(200, () => {
        clock += 1_700;
        return {};
      });
    nock(BASE).post('/second').reply(201, { id: 'op-1' });
    await deadline.exchange(client, { method: 'GET', url: `${BASE}/first` }, callee);
    const second = await deadline.exchange(client, { method: 'POST', url: `${BASE}/second`, data: {} }, callee);
    expect(second).toEqual({ kind: 'answer', status: 201, body: { id: 'op-1' } });
    expect(timeouts).toEqual([2_000, 300]);
    expect(deadline.remainingMs()).toBe(300);
  });

  it.each([0, 0.5, -50])('sends no call once %s ms are left (axios would read a timeout of 0 as none): a transport result', async (left) => {
    let clock = 0;
    const { client, timeouts } = recordingClient();
    const deadline = operationDeadline(1_000, () => clock);
    clock = 1_000 - left;
    const never = nock(BASE).post('/action').reply(200, {});
    const result = await deadline.exchange(client, { method: 'POST', url: `${BASE}/action`, data: {} }, callee);
    expect(result).toEqual({ kind: 'transport', message: 'ETIMEDOUT: no answer from Acme PSP (timed out)', cause: "no time left of the operation's timeout: not sent to Acme PSP" });
    expect(never.isDone()).toBe(false);
    expect(timeouts).toEqual([]);
    expect(deadline.remainingMs()).toBe(0);
  });
});

describe("a call its operation's deadline left no time for", () => {
  it('acks a timeout, as a call that waited out its own would (the return door asks no second wait, D150-c)', () => {
    expect(timedOut(transportAck(outOfTime({ provider: 'Acme PSP' })))).toBe(true);
  });
});

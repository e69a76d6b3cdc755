import type { ServiceHarness } from '../support/service-harness';
import { useService } from '../support/use-service';

jest.setTimeout(30_000);

/** What a store driver's own failure says: a host, a stack frame, the driver's wording. */
const DRIVER_TEXT = 'MongoServerError: connection 10.0.4.7:27017 reset by peer';
const driverFault = (): Error => {
  const error = new Error(DRIVER_TEXT);
  error.stack = `${DRIVER_TEXT}\n    at Collection.findOne (/srv/app/node_modules/mongodb/lib/collection.js:301:17)`;
  return error;
};

const lines = (h: ServiceHarness): Record<string, unknown>[] => h.logLines.map((line) => JSON.parse(line) as Record<string, unknown>);

/** An unexpected failure answers 500 InternalError with a message that leaks nothing, on every kind of door. */
describe('an unexpected failure behind a door', () => {
  const h = useService();
  let token: string;
  let session: { elementsToken: string; sessionId: string };
  beforeAll(async () => {
    token = await h.clientToken();
    session = await h.createSession({ currency: 'EUR', total: 10_000, orderId: 'fault-1', methods: [{ method: 'card' }] });
  });
  afterEach(() => jest.restoreAllMocks());

  const expectInternalError = async (res: Response): Promise<void> => {
    const text = await res.text();
    expect(res.status).toBe(500);
    expect(JSON.parse(text)).toEqual({ code: 'InternalError', message: expect.any(String) });
    for (const leak of ['MongoServerError', '10.0.4.7', 'node_modules', 'collection.js', ' at ']) expect(text).not.toContain(leak);
  };

  it('a merchant API read: 500 InternalError, nothing of the driver in the answer, the failure logged', async () => {
    jest.spyOn(h.stores.sessions, 'findById').mockRejectedValue(driverFault());
    const res = await fetch(`${h.url}/api/sessions/${session.sessionId}`, { headers: { Authorization: `Bearer ${token}` } });
    await expectInternalError(res);
    expect(lines(h).some((line) => line.event === 'http.unexpected_error' && line.level === 'error')).toBe(true);
  });

  it('a browser door: 500 InternalError, nothing of the driver in the answer', async () => {
    jest.spyOn(h.stores.sessions, 'findByElementsTokenHash').mockRejectedValue(driverFault());
    const res = await fetch(`${h.url}/elements/session`, { headers: { Authorization: `Bearer ${session.elementsToken}` } });
    await expectInternalError(res);
  });

  it('a search: 500 InternalError, nothing of the driver in the answer', async () => {
    jest.spyOn(h.stores.sessions, 'searchSessions').mockRejectedValue(driverFault());
    const res = await fetch(`${h.url}/api/sessions?orderId=fault-1`, { headers: { Authorization: `Bearer ${token}` } });
    await expectInternalError(res);
  });

  it('the token endpoint: 500 InternalError, never cached, nothing of the driver in the answer', async () => {
    jest.spyOn(h.stores.merchants, 'findById').mockRejectedValue(driverFault());
    // The account read for the first token is served from memory for the cache's TTL (D57): past it, the store is asked.
    h.clock.advance(h.config.merchantAccountCacheTtlMs);
    const res = await fetch(`${h.url}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials&client_id=shop&client_secret=any-secret-at-all',
    });
    expect(res.headers.get('cache-control')).toBe('no-store');
    await expectInternalError(res);
  });
});


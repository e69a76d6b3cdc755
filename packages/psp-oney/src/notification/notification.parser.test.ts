import { randomUUID } from 'node:crypto';
import nock from 'nock';
import { money, type NotificationContext } from '@splitpay/domain';
import { isolateNock } from '@splitpay/psp-testkit';
import { OneyClient } from '../client/oney.client';
import { ENCRYPTION_KEY, oneyNotification, purchasePathOf, SETTINGS, silentLogger, STAGING_BASE, statusAnswer } from '../testing/oney-fixtures';
import { parseOneyNotification } from './notification.parser';

const deps = { client: new OneyClient({ timeoutMs: 2_000 }), logger: silentLogger };
const contextFor = (reference: string, settings: Record<string, unknown> = SETTINGS): NotificationContext => ({
  settingsFor: async (ref) => (ref.transactionId === reference ? settings : undefined),
});
const statusSays = (reference: string, answer: object, status = 200) =>
  nock(STAGING_BASE, { reqheaders: { 'x-oney-authorization': SETTINGS.apiKey } }).get(purchasePathOf(reference)).query({ language_code: 'FR' }).reply(status, answer);

isolateNock();
afterEach(() => nock.cleanAll());

describe("Oney's unsigned notifications: hints checked by the status query", () => {
  it('a forged notification claiming FAVORABLE changes nothing while the status query says PENDING', async () => {
    const reference = randomUUID();
    const query = statusSays(reference, statusAnswer('PENDING', 100, 'WAITING_ONEY'));
    const parsed = await parseOneyNotification(oneyNotification(reference, 'FAVORABLE'), deps, contextFor(reference));
    expect(query.isDone()).toBe(true);
    expect(parsed).toEqual({
      kind: 'accepted',
      facts: [{ kind: 'lender-pending', ref: { transactionId: reference }, statusCode: 'PENDING/WAITING_ONEY', statusMessage: 'status PENDING' }],
      reply: { status: 204, contentType: 'text/plain', body: '' },
    });
  });

  it('a notification claiming FAVORABLE is applied as REFUSED when that is what the status query says', async () => {
    const reference = randomUUID();
    statusSays(reference, statusAnswer('REFUSED'));
    const parsed = await parseOneyNotification(oneyNotification(reference, 'FAVORABLE'), deps, contextFor(reference));
    expect(parsed.kind === 'accepted' ? parsed.facts.map((f) => f.kind) : parsed.reason).toEqual(['declined']);
  });

  it("authorizes only when the status query says FAVORABLE, for its amount in the contract's currency; answered 204", async () => {
    const reference = randomUUID();
    statusSays(reference, statusAnswer('FAVORABLE', 150.5));
    const parsed = await parseOneyNotification(oneyNotification(reference, 'PENDING'), deps, contextFor(reference));
    expect(parsed).toEqual({
      kind: 'accepted',
      facts: [{ kind: 'authorized', ref: { transactionId: reference }, granted: money(15_050, 'EUR'), statusCode: 'FAVORABLE', statusMessage: 'status FAVORABLE' }],
      reply: { status: 204, contentType: 'text/plain', body: '' },
    });
  });

  it('a notification naming no purchase we hold, or another purchase in its body than on its URL, is rejected without a query', async () => {
    const reference = randomUUID();
    const unknown = await parseOneyNotification(oneyNotification(randomUUID(), 'FAVORABLE'), deps, contextFor(reference));
    expect(unknown).toEqual({ kind: 'rejected', reason: 'unknown purchase: no session holds the reference', reply: { status: 204, contentType: 'text/plain', body: '' } });
    const mismatch = await parseOneyNotification(oneyNotification(randomUUID(), 'FAVORABLE', { queryReference: reference }), deps, contextFor(reference));
    expect(mismatch.kind === 'rejected' ? mismatch.reason : mismatch.kind).toMatch(/^mismatch:/);
    const bare = await parseOneyNotification({ ...oneyNotification(reference, 'FAVORABLE'), query: {} }, deps, contextFor(reference));
    expect(bare.kind).toBe('rejected');
  });

  it('answers 500 (Oney posts again) when the status query gives no answer', async () => {
    const reference = randomUUID();
    statusSays(reference, {}, 503);
    const parsed = await parseOneyNotification(oneyNotification(reference, 'FAVORABLE'), deps, contextFor(reference));
    expect(parsed).toEqual({ kind: 'rejected', reason: 'status unavailable: the status query gave no verdict', reply: { status: 500, contentType: 'text/plain', body: '' } });
  });

  // Oney's API gateway answers 429 (rate limit) and 401/403 (a key it does not take) before Oney sees
  // the query: acknowledging the notification would drop a verdict Oney never sends again.
  it.each([429, 401, 403, 404, 400])('answers 500 (Oney posts again) when the status query is answered %i', async (status) => {
    const reference = randomUUID();
    statusSays(reference, { statusCode: status, message: 'Rate limit is exceeded. Try again in 1 seconds.' }, status);
    const parsed = await parseOneyNotification(oneyNotification(reference, 'FAVORABLE'), deps, contextFor(reference));
    expect(parsed).toEqual({ kind: 'rejected', reason: 'status unavailable: the status query gave no verdict', reply: { status: 500, contentType: 'text/plain', body: '' } });
  });

  describe('with a notification encryption key on the contract', () => {
    const encrypted = { ...SETTINGS, notificationEncryptionKey: ENCRYPTION_KEY };

    it('decrypts the body (AES-ECB, base64) before checking it by the status query', async () => {
      const reference = randomUUID();
      const query = statusSays(reference, statusAnswer('FAVORABLE', 100));
      const parsed = await parseOneyNotification(oneyNotification(reference, 'FAVORABLE', { encryptWith: ENCRYPTION_KEY }), deps, contextFor(reference, encrypted));
      expect(query.isDone()).toBe(true);
      expect(parsed.kind === 'accepted' ? parsed.facts.map((f) => f.kind) : parsed.reason).toEqual(['authorized']);
    });

    it('rejects a plain body, or one encrypted under another key, without a query', async () => {
      const reference = randomUUID();
      const plain = await parseOneyNotification(oneyNotification(reference, 'FAVORABLE'), deps, contextFor(reference, encrypted));
      expect(plain.kind === 'rejected' ? plain.reason : plain.kind).toMatch(/^not encrypted:/);
      const otherKey = Buffer.from('fedcba9876543210fedcba9876543210').toString('base64');
      const wrong = await parseOneyNotification(oneyNotification(reference, 'FAVORABLE', { encryptWith: otherKey }), deps, contextFor(reference, encrypted));
      expect(wrong.kind === 'rejected' ? wrong.reason : wrong.kind).toMatch(/^undecryptable:/);
    });
  });
});

import request from 'supertest';
import { useService } from '../support/use-service';

/** Identifiers are lowercase UUIDs; the ones the service mints are version 7 (time-ordered). */
const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('identifiers the service mints', () => {
  const h = useService();

  it('session, attempt and transaction ids are lowercase UUID v7', async () => {
    const { page, sessionId } = await h.openPage({ currency: 'EUR', total: 4_000, orderId: 'minted-ids', methods: [{ method: 'card' }] });
    const started = await page.payByCard('card', 4_000);
    expect(started.status).toBe(201);
    const read = await request(h.app).get(`/api/sessions/${sessionId}`).set('Authorization', `Bearer ${await h.clientToken()}`);
    expect(read.status).toBe(200);
    const attempt = read.body.attempts[0];
    expect([sessionId, started.body.attemptId, attempt.attemptId, attempt.transactions[0].transactionId]).toEqual([
      expect.stringMatching(UUID_V7),
      expect.stringMatching(UUID_V7),
      expect.stringMatching(UUID_V7),
      expect.stringMatching(UUID_V7),
    ]);
  });
});

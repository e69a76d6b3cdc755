import { createHash } from 'node:crypto';
import { SharedCounters } from '@splitpay/http-api/src/testing/shared-counters';
import { useService } from '../support/use-service';

const CALLBACK = 'http://localhost:3000/dashboard/callback';

/**
 * What the /oauth limits write to the counters every instance shares (docs/decisions.md D55): the
 * typed email and client id by a digest keyed by the instances' own secret, so that the counters,
 * kept in the database, hold nothing a reader can test a guess against (a password typed into the
 * email field, under a plain SHA-256, is an unsalted fast hash of it).
 */
describe('the /oauth limits key what was typed by a keyed digest (D55)', () => {
  const counters = new SharedCounters();
  const h = useService({ env: { DASHBOARD_REDIRECT_URIS: CALLBACK }, limitCounters: counters });

  it('no counter key holds the plain SHA-256 of a typed email (a password typed there) or client id', async () => {
    const typed = { email: 'correct-horse-battery-staple', clientId: 'typed-client-id' };
    const form = (params: Record<string, string>) => ({ method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(params).toString() });
    const signIn = await fetch(`${h.url}/oauth/authorize`, {
      ...form({ response_type: 'code', client_id: 'dashboard', redirect_uri: CALLBACK, state: 's', code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', code_challenge_method: 'S256', email: typed.email, password: 'whatever' }),
      redirect: 'manual',
    });
    expect(signIn.status).toBe(200);
    expect((await fetch(`${h.url}/oauth/token`, form({ grant_type: 'client_credentials', client_id: typed.clientId, client_secret: 'wrong' }))).status).toBe(401);

    const keys = counters.keys.join('\n');
    expect(counters.keys.some((key) => key.startsWith('oauth:signin:email:'))).toBe(true);
    expect(counters.keys.some((key) => key.startsWith('oauth:token:client:'))).toBe(true);
    for (const value of [typed.email, typed.clientId]) {
      expect(keys).not.toContain(createHash('sha256').update(value).digest('base64url'));
      expect(keys).not.toContain(value);
    }
  });
});

import type { ContactLogin } from '@splitpay/application';
import { allInFlightAtOnce } from '../testing/held-checks';
import { answerOf, DASHBOARD_REDIRECT, listeningHeldOAuthDoors, type DoorAnswer as Answer } from '../testing/held-oauth-doors';

const EMAIL = 'admin@acme.test';
const PASSWORD = 'right-password';
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

/**
 * `instances` of the service's /oauth doors on shared counters, with the default sign-in limit (5
 * refused sign-ins per address and email in 15 minutes) and each its default hashing gate (4 checks
 * per address), listening on ports; the password check (scrypt in the service) answers only when the
 * test lets it, so that a browser can leave while it runs. Only EMAIL is a contact.
 */
async function listening(instances = 1) {
  const doors = await listeningHeldOAuthDoors(instances, (hold) => ({
    contactLogin: {
      login: ({ email, password }: { email: string; password: string }) =>
        new Promise((resolve) => {
          const right = email === EMAIL && password === PASSWORD;
          hold(() => resolve(right ? { kind: 'authorized', code: 'code-1' } : { kind: 'refused' }));
        }),
    } as unknown as ContactLogin,
  }));
  const send = (password: string, email: string, from: string) =>
    doors.post(
      '/oauth/authorize',
      { response_type: 'code', client_id: 'dashboard', redirect_uri: DASHBOARD_REDIRECT, code_challenge: CHALLENGE, code_challenge_method: 'S256', state: 's1', email, password },
      from,
    );

  return {
    ...doors,
    /** A sign-in whose password checks are answered at once. */
    signIn: (password: string, { email = EMAIL, from = '203.0.113.7' } = {}): Promise<Answer> => {
      doors.answerChecksAtOnce();
      return answerOf(send(password, email, from));
    },
    /** A sign-in left to wait for its password check: its answer, and the request to leave. */
    held: (password: string, email = EMAIL, from = '203.0.113.7') => {
      const request = send(password, email, from);
      return { request, answer: answerOf(request) };
    },
  };
}

type Service = Awaited<ReturnType<typeof listening>>;

/** A sign-in whose browser leaves during its password check; the check ends after the service saw it go. */
async function leftDuringCheck(service: Service, password: string): Promise<void> {
  const checking = service.nextCheck();
  const { request, answer } = service.held(password);
  // Refused before its check, it would have an answer here.
  expect(await Promise.race([checking.then(() => 'checking'), answer])).toBe('checking');
  const left = answer.then(
    () => 'answered',
    () => 'left',
  );
  const seen = service.nextServerClose();
  request.destroy();
  expect(await left).toBe('left');
  await seen;
  service.checks.shift()?.answer();
}

const LOCKED_OUT = 'Too many failed sign-in attempts. Try again in 15 minutes.';

function expectSignedIn(answer: Answer): void {
  expect(answer.status).toBe(302);
  expect(answer.location).toMatch(/^https:\/\/dashboard\.example\/callback\?code=code-1&/);
}

function expectLockedOut(answer: Answer): void {
  expect(answer.status).toBe(429);
  expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(899);
  expect(Number(answer.retryAfter)).toBeLessThanOrEqual(900);
  expect(answer.location).toBeUndefined();
  expect(answer.text).toContain(LOCKED_OUT);
}

describe('the sign-in form counts only refused passwords (D55, D119)', () => {
  it('does not count a right password whose browser left before the answer: 6 of them, then the contact signs in', async () => {
    const service = await listening();
    try {
      for (let i = 0; i < 6; i++) await leftDuringCheck(service, PASSWORD);
      expectSignedIn(await service.signIn(PASSWORD));
    } finally {
      await service.close();
    }
  });

  it('counts a wrong password whose browser left before the answer: leaving is no way around the limit', async () => {
    const service = await listening();
    try {
      for (let i = 0; i < 5; i++) await leftDuringCheck(service, `wrong-${i}`);
      expectLockedOut(await service.signIn(PASSWORD));
    } finally {
      await service.close();
    }
  });

  it('does not count right passwords in flight: 8 at once over 2 instances are each signed in or the hashing gate\'s short 429', async () => {
    // Two instances, each with its own gate admitting 4 checks of the address: all 8 can be checked at once.
    const service = await listening(2);
    try {
      const answers = await allInFlightAtOnce(service, 8, () => service.held(PASSWORD).answer);
      for (const answer of answers) {
        if (answer.status === 302) continue;
        expect(answer.status).toBe(429);
        expect(answer.retryAfter).toBe('1');
        // Turned away by the gate: said as such, never as failed sign-ins to wait a minute for.
        expect(answer.text).toContain('Sign-in is busy');
        expect(answer.text).not.toContain('Too many failed');
      }
      expectSignedIn(await service.signIn(PASSWORD));
    } finally {
      await service.close();
    }
  });

  it('still locks the email out at this address after 5 refused sign-ins, the right password included; another address is not', async () => {
    const service = await listening();
    try {
      for (let i = 0; i < 5; i++) {
        const refused = await service.signIn(`wrong-${i}`);
        expect(refused.status).toBe(200);
        expect(refused.text).toContain('The email or password is incorrect.');
      }
      expectLockedOut(await service.signIn('wrong-5'));
      expectLockedOut(await service.signIn(PASSWORD));
      expectSignedIn(await service.signIn(PASSWORD, { from: '198.51.100.20' }));
    } finally {
      await service.close();
    }
  });

  it('counts an unknown email as a wrong password, with the same answer, until its own lock-out', async () => {
    const service = await listening();
    try {
      const unknown = 'nobody@acme.test';
      for (let i = 0; i < 5; i++) {
        const refused = await service.signIn(PASSWORD, { email: unknown });
        const wrong = await service.signIn(`wrong-${i}`, { email: EMAIL });
        expect(refused.status).toBe(200);
        expect(refused.text.replace(unknown, EMAIL)).toBe(wrong.text);
      }
      expectLockedOut(await service.signIn(PASSWORD, { email: unknown }));
      expectLockedOut(await service.signIn(PASSWORD));
    } finally {
      await service.close();
    }
  });
});

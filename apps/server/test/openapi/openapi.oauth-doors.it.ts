import request from 'supertest';
import type { PasswordHasher } from '@splitpay/domain';
import { ScryptPasswordHasher } from '@splitpay/infra';
import { dereference, responseProblems, type ObservedResponse, type OpenApiDocument } from '@splitpay/http-api';
import { authorizeQuery, pkcePair } from '../support/dashboard-login';
import { accountMerchants, ACME } from '../support/merchants.fixture';
import { useService } from '../support/use-service';

/** The service's hasher, whose password checks the test can hold (so the sign-in queue fills) and let go. */
class HoldableHasher implements PasswordHasher {
  inFlight = 0;
  private held: (() => void)[] | undefined;
  private readonly real = new ScryptPasswordHasher({ cost: { logN: 10, r: 8, p: 1 } });

  hash(secret: string): Promise<string> {
    return this.real.hash(secret);
  }

  async verify(secret: string, hash: string): Promise<boolean> {
    this.inFlight += 1;
    if (this.held) await new Promise<void>((resolve) => this.held!.push(resolve));
    try {
      return await this.real.verify(secret, hash);
    } finally {
      this.inFlight -= 1;
    }
  }

  hold(): void {
    this.held = [];
  }

  release(): void {
    const waiting = this.held ?? [];
    this.held = undefined;
    for (const go of waiting) go();
  }
}

/** The headers a client acts on: each one an answer carries must be declared for that answer. */
const ACTIONABLE_HEADERS = ['location', 'retry-after', 'www-authenticate'];

type ResponseDoc = { readonly headers?: Record<string, unknown> };

/**
 * The OAuth doors' answers over real HTTP, each validated against the document the service serves:
 * its status, its required headers, its body, and every header a client acts on declared.
 */
describe('OpenAPI document: the OAuth doors answer as it says', () => {
  const hasher = new HoldableHasher();
  const h = useService({ merchants: accountMerchants(), env: { TRUST_PROXY: 'loopback' }, passwordHasher: hasher });
  const { challenge } = pkcePair();
  let doc: OpenApiDocument;

  beforeAll(async () => {
    doc = (await request(h.url).get('/openapi.json')).body as OpenApiDocument;
  });

  function problemsOf(method: 'get' | 'post', path: string, res: ObservedResponse): string[] {
    const declared = (doc.paths[path.split('?')[0]!]?.[method] as { responses?: Record<string, ResponseDoc> } | undefined)?.responses?.[String(res.status)];
    const names = Object.keys(declared?.headers ?? {}).map((name) => name.toLowerCase());
    const undeclared = ACTIONABLE_HEADERS.filter((name) => res.headers[name] !== undefined && !names.includes(name)).map(
      (name) => `${method.toUpperCase()} ${path} -> ${res.status}: header ${name} not declared`,
    );
    return [...responseProblems(doc, method, path, res), ...undeclared];
  }

  const signIn = (address: string, form: Record<string, string>) => request(h.url).post('/oauth/authorize').set('X-Forwarded-For', address).type('form').send(form);

  it('the sign-in form body lists every authorize parameter the door needs, and a client sending just those signs in', async () => {
    const schema = dereference(
      (doc.paths['/oauth/authorize']!.post as { requestBody: { content: Record<string, { schema: unknown }> } }).requestBody.content['application/x-www-form-urlencoded']!.schema,
      doc,
    ) as { required: string[]; properties: Record<string, unknown> };
    const form = { ...authorizeQuery(challenge), email: ACME.admin.email, password: ACME.admin.password };
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(Object.keys(form)));
    expect([...schema.required].sort()).toEqual(['client_id', 'code_challenge', 'code_challenge_method', 'email', 'password', 'redirect_uri', 'response_type']);

    const res = await signIn('192.0.2.1', form);
    expect(res.status).toBe(302);
    expect(problemsOf('post', '/oauth/authorize', res)).toEqual([]);
  });

  it('an authorize request otherwise wrong is redirected with error and error_description, Location declared (GET and POST)', async () => {
    const wrong = authorizeQuery(challenge, { code_challenge_method: 'plain' });
    const shown = await request(h.url).get('/oauth/authorize').query(wrong);
    const sent = await signIn('192.0.2.2', { ...wrong, email: ACME.admin.email, password: ACME.admin.password });
    for (const [method, res] of [['get', shown], ['post', sent]] as const) {
      expect(res.status).toBe(302);
      expect(new URL(res.headers.location as string).searchParams.get('error')).toBe('invalid_request');
      expect(problemsOf(method, '/oauth/authorize', res)).toEqual([]);
    }
  });

  it('too many failed sign-ins: 429 with Retry-After, as declared', async () => {
    const form = { ...authorizeQuery(challenge), email: ACME.member.email, password: 'wrong' };
    let res = await signIn('192.0.2.3', form);
    for (let i = 0; i < 10 && res.status !== 429; i++) res = await signIn('192.0.2.3', form);
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    expect(problemsOf('post', '/oauth/authorize', res)).toEqual([]);
  });

  it('the password-check queue full: 503 text/html with Retry-After, as declared', async () => {
    hasher.hold();
    const answers: request.Response[] = [];
    // 4 checks running and 32 waiting fill the queue; one address each, so no address limit is met.
    const pending = Array.from({ length: 40 }, (_, i) =>
      signIn(`198.18.0.${i + 1}`, { ...authorizeQuery(challenge), email: ACME.admin.email, password: `wrong-${i}` }).then((res) => answers.push(res)),
    );
    while (answers.length < 4) await new Promise((resolve) => setTimeout(resolve, 5));
    hasher.release();
    await Promise.all(pending);
    const turnedAway = answers.filter((res) => res.status === 503);
    expect(turnedAway).toHaveLength(4);
    for (const res of turnedAway) {
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(problemsOf('post', '/oauth/authorize', res)).toEqual([]);
    }
  });

  it('revoke: the dashboard with Basic credentials is 401 with WWW-Authenticate; another client is 400 unauthorized_client', async () => {
    const basic = await request(h.url)
      .post('/oauth/revoke')
      .auth('dashboard', 'a-secret')
      .type('form')
      .send({ token: 'whatever' });
    expect(basic.status).toBe(401);
    expect(basic.headers['www-authenticate']).toMatch(/^Basic/);
    const other = await request(h.url).post('/oauth/revoke').type('form').send({ token: 'whatever', client_id: ACME.merchantId });
    expect(other.status).toBe(400);
    expect(other.body.error).toBe('unauthorized_client');
    expect([...problemsOf('post', '/oauth/revoke', basic), ...problemsOf('post', '/oauth/revoke', other)]).toEqual([]);
  });
});

import { useService } from '../support/use-service';

// The project-level testTimeout does not reach the tests (jest reads it globally): say it here.
jest.setTimeout(60_000);

/** The page the service serves at /dashboard, read over HTTP (the browser tests drive it). */
describe('GET /dashboard', () => {
  const h = useService();

  it('serves the page and its callback with a strict Content-Security-Policy and no inline script', async () => {
    for (const path of ['/dashboard', '/dashboard/callback?code=x&state=y']) {
      const res = await fetch(`${h.url}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("style-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("require-trusted-types-for 'script'");
      expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      // Never no-store: the back-forward cache keeps the signed-in page (D151).
      expect(res.headers.get('cache-control')).toBe('private, no-cache');
      const html = await res.text();
      const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(scripts).toHaveLength(1);
      expect(scripts[0]?.[1]).toMatch(/src="\/dashboard\/assets\/dashboard-[0-9a-f]+\.js"/);
      expect(scripts[0]?.[2]).toBe('');
      expect(html).not.toMatch(/<style|style="|\son[a-z]+=/i);
    }
  });

  it('serves the bundle it names, with the integrity the page declares, and nothing else under assets', async () => {
    const html = await (await fetch(`${h.url}/dashboard`)).text();
    for (const [, href, integrity] of html.matchAll(/(?:src|href)="(\/dashboard\/assets\/[^"]+)" integrity="(sha384-[^"]+)"/g)) {
      const res = await fetch(`${h.url}${href}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toContain('immutable');
      const digest = (await import('node:crypto')).createHash('sha384').update(Buffer.from(await res.arrayBuffer())).digest('base64');
      expect(`sha384-${digest}`).toBe(integrity);
    }
    const missing = await fetch(`${h.url}/dashboard/assets/dashboard-0000.js`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: 'NotFound' });
  });

  it("registers the served dashboard's own callback as a redirect URI of the dashboard client", async () => {
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: 'dashboard',
      redirect_uri: `${h.url}/dashboard/callback`,
      state: 's',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    });
    const res = await fetch(`${h.url}/oauth/authorize?${query.toString()}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('name="password"');
    const elsewhere = await fetch(`${h.url}/oauth/authorize?${new URLSearchParams({ ...Object.fromEntries(query), redirect_uri: 'http://127.0.0.1:1/dashboard/callback' }).toString()}`);
    expect(elsewhere.status).toBe(400);
  });
});

import type { Browser, Request } from 'playwright-core';
import { launchChromium, newWatchedPage, settle, submitSignIn, visible } from '../support/dashboard-browser';
import { useService } from '../support/use-service';
import { DEMO_MERCHANTS_FILE } from '../../src/config';
import { readFileSync } from 'node:fs';

jest.setTimeout(90_000);

interface TokenExchange {
  readonly grant: string | null;
  readonly presented: string | null;
  readonly status: number;
  readonly answer: { access_token?: string; refresh_token?: string };
}

/** Access tokens that live two seconds: the page must rotate its refresh token before each lapses. */
describe('dashboard sign-in in Chromium, with short-lived access tokens', () => {
  const h = useService({ merchants: JSON.parse(readFileSync(DEMO_MERCHANTS_FILE, 'utf8')) as object, env: { ACCESS_TOKEN_TTL_S: '2' } });
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('rotates the refresh token before the access token lapses, and calls the API with the newest access token', async () => {
    const { page, problems } = await newWatchedPage(browser);
    const exchanges: TokenExchange[] = [];
    const apiTokens: string[] = [];
    page.on('requestfinished', (request: Request) => {
      const path = new URL(request.url()).pathname;
      if (path === '/oauth/token') {
        const form = new URLSearchParams(request.postData() ?? '');
        void request.response().then(async (response) => {
          exchanges.push({ grant: form.get('grant_type'), presented: form.get('refresh_token'), status: response?.status() ?? 0, answer: ((await response?.json()) ?? {}) as TokenExchange['answer'] });
        });
      }
      if (path.startsWith('/api/')) apiTokens.push(request.headers().authorization ?? '');
    });

    await page.goto(`${h.url}/dashboard`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await submitSignIn(page, 'admin@demo.test', 'demo-admin-password');
    await visible(page.getByRole('heading', { level: 1, name: 'Payments' }));

    const rotated = await settle(async () => exchanges, (list) => list.filter((e) => e.grant === 'refresh_token').length >= 2);
    const [signIn, first, second] = rotated;
    expect(rotated.map((e) => [e.grant, e.status])).toEqual([
      ['authorization_code', 200],
      ['refresh_token', 200],
      ['refresh_token', 200],
      ...rotated.slice(3).map(() => ['refresh_token', 200]),
    ]);
    // Each rotation presents the refresh token the previous answer gave, never one already spent.
    expect(first?.presented).toBe(signIn?.answer.refresh_token);
    expect(second?.presented).toBe(first?.answer.refresh_token);
    expect(new Set(rotated.map((e) => e.answer.refresh_token)).size).toBe(rotated.length);

    // Still signed in: the next call carries the newest access token.
    await page.getByRole('button', { name: 'Search' }).click();
    await visible(page.locator('table.payments, p.empty'));
    const newest = exchanges[exchanges.length - 1]?.answer.access_token;
    const lastCall = await settle(async () => apiTokens[apiTokens.length - 1], (token) => token === `Bearer ${newest}`);
    expect([`Bearer ${newest}`, `Bearer ${exchanges[exchanges.length - 2]?.answer.access_token}`]).toContain(lastCall);
    expect(await page.getByText('admin@demo.test').count()).toBe(1);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

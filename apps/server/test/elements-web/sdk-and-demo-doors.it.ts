import { gzipSync } from 'node:zlib';
import vm from 'node:vm';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { servedScript } from '../support/served-script';
import { startService } from '../support/service-harness';
import { useService } from '../support/use-service';

const DEMO_MERCHANTS = path.join(__dirname, '..', '..', 'demo-merchants.json');

/** The demo's browser cookie an order creation set, as a Cookie header. */
function browserCookie(answer: Response): string {
  return (answer.headers.get('set-cookie') ?? '').split(';')[0] as string;
}

// One service with the demo merchants for the components' and the demo's doors.
const h = useService(async () => ({ merchants: JSON.parse(await readFile(DEMO_MERCHANTS, 'utf8')) as object }));

describe('the components served by the service (/elements/sdk/v1)', () => {
  it('serves the script, cacheable by anyone, revalidated by its ETag, loadable from any origin', async () => {
    const script = await servedScript(`${h.url}/elements/sdk/v1/splitpay.js`);

    // The script defines window.SplitPay and nothing runs until mount is called.
    const sandbox: Record<string, unknown> = {};
    vm.runInNewContext(script, sandbox);
    expect(typeof (sandbox.SplitPay as { mount?: unknown }).mount).toBe('function');
  });

  it('serves the ES module and the stylesheet with its theming custom properties', async () => {
    const mjs = await (await fetch(`${h.url}/elements/sdk/v1/splitpay.mjs`)).text();
    expect(mjs).toMatch(/export\s*\{[^}]*\bmount\b/);
    const css = await fetch(`${h.url}/elements/sdk/v1/splitpay.css`);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    const text = await css.text();
    for (const property of ['--sp-color-primary', '--sp-color-text', '--sp-color-bg', '--sp-color-danger', '--sp-radius', '--sp-font-family', '--sp-focus-ring']) expect(text).toContain(property);
    expect(text).toContain('prefers-reduced-motion');
  });

  it('keeps to its budget (gzip: script under 20 kB, stylesheet under 5 kB) and holds no HTML sink or evaluation', async () => {
    const js = Buffer.from(await (await fetch(`${h.url}/elements/sdk/v1/splitpay.js`)).arrayBuffer());
    const css = Buffer.from(await (await fetch(`${h.url}/elements/sdk/v1/splitpay.css`)).arrayBuffer());
    expect(gzipSync(js).length).toBeLessThan(20_000);
    expect(gzipSync(css).length).toBeLessThan(5_000);
    const source = js.toString('utf8');
    for (const sink of ['innerHTML', 'outerHTML', 'insertAdjacentHTML', 'document.write', 'eval(', 'new Function', 'cssText', 'console.']) expect(source).not.toContain(sink);
  });
});

describe('the demo checkout doors (/demo)', () => {
  /** A new demo order and the Cookie header of the browser that created it. */
  const demoOrder = async (): Promise<{ orderId: string; browser: string }> => {
    const created = await fetch(`${h.url}/demo/orders`, { method: 'POST' });
    return { orderId: ((await created.json()) as { orderId: string }).orderId, browser: browserCookie(created) };
  };

  it('serves the shop page under a strict Content-Security-Policy, with no inline script or style', async () => {
    const res = await fetch(`${h.url}/demo`);
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy') as string;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe');
    const html = await res.text();
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    expect(html).not.toMatch(/\sstyle=|<style/);
    expect(html).toContain('4000000000003220');
    expect(await (await fetch(`${h.url}/demo?lang=fr`)).text()).toContain('<html lang="fr">');
  });

  it('creates an order whose token opens the session, and gives the token back for that order only', async () => {
    const created = await fetch(`${h.url}/demo/orders`, { method: 'POST' });
    expect(created.status).toBe(201);
    const order = (await created.json()) as { orderId: string; elementsToken: string };
    expect(Object.keys(order).sort()).toEqual(['elementsToken', 'orderId']);
    expect(order.elementsToken).toMatch(/^pst_/);
    const browser = browserCookie(created);
    await expect((await fetch(`${h.url}/demo/orders/${order.orderId}`, { headers: { cookie: browser } })).json()).resolves.toEqual(order);
    expect((await fetch(`${h.url}/demo/orders/demo-unknown`, { headers: { cookie: browser } })).status).toBe(404);

    const view = (await (await fetch(`${h.url}/elements/session`, { headers: { Authorization: `Bearer ${order.elementsToken}` } })).json()) as { view: { orderId: string; methods: { method: string }[]; terms?: unknown[] } };
    expect(view.view.orderId).toBe(order.orderId);
    expect(view.view.methods.map((m) => m.method)).toEqual(['card', 'ancv', 'paypal', 'wero', 'applepay', 'oney']);
    expect(view.view.terms).toHaveLength(1);
  });

  it('names each order by 128 random bits, and gives its token back only to the browser that created it, by an HttpOnly same-site cookie (D79)', async () => {
    const created = await fetch(`${h.url}/demo/orders`, { method: 'POST' });
    const order = (await created.json()) as { orderId: string; elementsToken: string };
    expect(order.orderId).toMatch(/^demo-[A-Za-z0-9_-]{22}$/);
    const setCookie = created.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^splitpay_demo_browser=[A-Za-z0-9_-]{22}; Path=\/demo; HttpOnly; SameSite=Strict$/);
    const browser = browserCookie(created);

    const read = (cookie?: string) => fetch(`${h.url}/demo/orders/${order.orderId}`, cookie ? { headers: { cookie } } : {});
    expect((await read()).status).toBe(404);
    const other = browserCookie(await fetch(`${h.url}/demo/orders`, { method: 'POST' }));
    expect(other).not.toBe(browser);
    const refused = await read(other);
    expect(refused.status).toBe(404);
    expect(await refused.text()).not.toContain('pst_');
    expect((await read(browser)).status).toBe(200);

    // The same browser keeps its cookie for its next order, and reads both.
    const second = await fetch(`${h.url}/demo/orders`, { method: 'POST', headers: { cookie: browser } });
    expect(second.headers.get('set-cookie')).toBeNull();
    const secondOrder = (await second.json()) as { orderId: string };
    expect(secondOrder.orderId).not.toBe(order.orderId);
    expect((await fetch(`${h.url}/demo/orders/${secondOrder.orderId}`, { headers: { cookie: browser } })).status).toBe(200);
    expect((await read(browser)).status).toBe(200);
  });

  it('names the cart lines and the terms in the page’s language: a French order (?lang=fr) in French, its terms page too (D83)', async () => {
    const wording = async (query: string) => {
      const order = (await (await fetch(`${h.url}/demo/orders${query}`, { method: 'POST' })).json()) as { elementsToken: string };
      const { view } = (await (await fetch(`${h.url}/elements/session`, { headers: { Authorization: `Bearer ${order.elementsToken}` } })).json()) as { view: { cartItems: { label: string }[]; terms: { label: string; url: string }[] } };
      return { lines: view.cartItems.map((c) => c.label), terms: view.terms.map((t) => t.label), termsUrl: view.terms[0]?.url ?? '' };
    };
    const fr = await wording('?lang=fr');
    expect(fr).toEqual({ lines: ['Hôtel au bord du lac, une nuit', 'Promenade en bateau sur le lac'], terms: ['Conditions générales de vente'], termsUrl: `${h.url}/demo/terms?lang=fr` });
    const termsPage = await (await fetch(fr.termsUrl)).text();
    expect(termsPage).toContain('<html lang="fr">');
    expect(termsPage).toContain('<h1>Conditions générales de vente (démo)</h1>');
    for (const query of ['', '?lang=en', '?lang=de']) {
      expect(await wording(query)).toEqual({ lines: ['Lakeside hotel, one night', 'Boat tour on the lake'], terms: ['Terms of sale'], termsUrl: `${h.url}/demo/terms` });
    }
  });

  it('takes the demo merchant’s webhooks (its authorization only) and lists a summary of them, without the body', async () => {
    const { orderId, browser } = await demoOrder();
    const body = { event: 'session-ended', notificationId: 'n1', sessionId: 's1', orderId, status: 'PAID', total: { amount: 100, currency: 'EUR' }, captured: { amount: 100, currency: 'EUR' }, attempts: [{ cardAlias: 'alias-secret' }] };
    const post = (authorization: string) => fetch(`${h.url}/demo/webhooks`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: authorization }, body: JSON.stringify(body) });
    expect((await post('Bearer wrong')).status).toBe(401);
    const ok = await post('Bearer demo-webhook-secret');
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toMatch(/^text\/plain/);
    await expect(ok.text()).resolves.toBe('OK');
    const inbox = await (await fetch(`${h.url}/demo/webhooks?order=${orderId}`, { headers: { cookie: browser } })).text();
    expect(JSON.parse(inbox)).toEqual({ webhooks: [{ receivedAt: expect.any(Number), event: 'session-ended', orderId, status: 'PAID', total: body.total, captured: body.captured }] });
    expect(inbox).not.toContain('alias-secret');
  });

  it('keys its work on notificationId: a message delivered again is taken once; another ending of the same order is another message', async () => {
    const { orderId, browser } = await demoOrder();
    const ending = (notificationId: string, status: string) => ({ event: 'session-ended', notificationId, orderId, status, total: { amount: 100, currency: 'EUR' }, captured: { amount: 0, currency: 'EUR' }, attempts: [] });
    const post = (body: object) => fetch(`${h.url}/demo/webhooks`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: 'Bearer demo-webhook-secret' }, body: JSON.stringify(body) });
    for (const body of [ending('s2:EXPIRED', 'EXPIRED'), ending('s2:EXPIRED', 'EXPIRED'), ending('s3:PAID', 'PAID')]) {
      const res = await post(body);
      expect([res.status, await res.text()]).toEqual([200, 'OK']);
    }
    const inbox = (await (await fetch(`${h.url}/demo/webhooks?order=${orderId}`, { headers: { cookie: browser } })).json()) as { webhooks: { status: string }[] };
    expect(inbox.webhooks.map((w) => w.status)).toEqual(['PAID', 'EXPIRED']);
  });

  it('lists an order’s webhooks only to the browser that created it, as it gives its token (D79)', async () => {
    const mine = await demoOrder();
    const theirs = await demoOrder();
    const post = (notificationId: string, orderId: string) =>
      fetch(`${h.url}/demo/webhooks`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: 'Bearer demo-webhook-secret' }, body: JSON.stringify({ event: 'session-ended', notificationId, orderId, status: 'PAID' }) });
    expect((await post('bound-1', mine.orderId)).status).toBe(200);
    expect((await post('bound-2', theirs.orderId)).status).toBe(200);
    const listed = async (query: string, cookie?: string) => {
      const res = await fetch(`${h.url}/demo/webhooks${query}`, cookie ? { headers: { cookie } } : {});
      expect(res.status).toBe(200);
      return ((await res.json()) as { webhooks: { orderId?: string }[] }).webhooks.map((w) => w.orderId);
    };
    // Knowing the order id is not enough: without the creator's cookie, nothing, as for an unknown order.
    expect(await listed(`?order=${mine.orderId}`)).toEqual([]);
    expect(await listed(`?order=${mine.orderId}`, theirs.browser)).toEqual([]);
    expect(await listed(`?order=${mine.orderId}`, mine.browser)).toEqual([mine.orderId]);
    // Without ?order, only the browser's own orders.
    expect(await listed('')).toEqual([]);
    expect(await listed('', mine.browser)).toEqual([mine.orderId]);
    expect(await listed('', theirs.browser)).toEqual([theirs.orderId]);
  });
});

describe('without the fake provider', () => {
  it('serves no demo, and still serves the components', async () => {
    const h = await startService({ merchants: { merchants: [{ merchantId: 'solo', secret: 'solo-secret-123456', webhookAuthorization: 'Bearer solo-webhook', contracts: [] }] }, env: { FAKE_PSP: 'off' } });
    try {
      expect((await fetch(`${h.url}/demo`)).status).toBe(404);
      expect((await fetch(`${h.url}/demo/orders`, { method: 'POST' })).status).toBe(404);
      expect((await fetch(`${h.url}/elements/sdk/v1/splitpay.css`)).status).toBe(200);
    } finally {
      await h.close();
    }
  }, 60_000);
});

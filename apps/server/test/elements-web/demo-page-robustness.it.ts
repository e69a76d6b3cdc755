import { readFileSync } from 'node:fs';
import { useDemoBrowser } from '../support/browser/elements-browser';

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 1.4.12's text spacing, set through the CSSOM (the page's CSP refuses an injected stylesheet). */
const TEXT_SPACING = `(() => {
  const sheet = [...document.styleSheets].find((s) => { try { return s.cssRules !== null; } catch { return false; } });
  sheet.insertRule('* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }', sheet.cssRules.length);
  sheet.insertRule('p { margin-bottom: 2em !important; }', sheet.cssRules.length);
})()`;

/**
 * The demo page around the components: it reflows at 320 px with WCAG 1.4.12 text spacing, says when
 * its order cannot be created, names its landmarks apart in French, and the fake PSP's page has
 * buttons big enough to hit (WCAG 2.5.8).
 */
describe('demo page in Chromium: narrow screens, a failed order, landmarks, the fake PSP page', () => {
  const suite = useDemoBrowser();

  it.each(['en', 'fr'] as const)('does not scroll sideways at 320 px with text spacing (%s)', async (lang) => {
    const { page, shop, problems } = suite;
    await page.setViewportSize({ width: 320, height: 700 });
    await shop.open(lang);
    await page.evaluate(TEXT_SPACING);
    const widths = (await page.evaluate('[document.documentElement.scrollWidth, document.documentElement.clientWidth]')) as [number, number];
    expect(widths[0]).toBeLessThanOrEqual(widths[1]);
    expect(problems.list).toEqual([]);
  });

  it('keeps the terms checkbox its size beside the French consent at 360 px', async () => {
    const { page, shop } = suite;
    await shop.open('fr');
    const box = page.getByRole('checkbox', { name: /accepte les conditions/ });
    const wide = (await box.boundingBox())?.width;
    await page.setViewportSize({ width: 360, height: 740 });
    await expect(box.boundingBox().then((b) => b?.width)).resolves.toBe(wide);
  });

  it('says on the page and in an alert when the order cannot be created, and clears it once New order succeeds', async () => {
    const { page } = suite;
    await page.route('**/demo/orders*', (route) => route.abort('internetdisconnected'));
    await page.goto(`${suite.h.url}/demo?lang=en`);
    const said = 'The order could not be created. Check your connection, then press New order.';
    await page.getByRole('alert').filter({ hasText: said }).waitFor();
    await expect(page.getByRole('alert').filter({ hasText: said }).isVisible()).resolves.toBe(true);

    await page.unroute('**/demo/orders*');
    await page.getByRole('button', { name: 'New order' }).click();
    await suite.shop.remaining().waitFor();
    await expect(page.getByText(said).count()).resolves.toBe(0);
  });

  it('names its French landmarks apart (axe landmark-unique)', async () => {
    const { page, shop } = suite;
    await shop.open('fr');
    await page.evaluate(AXE_SOURCE);
    const violations = (await page.evaluate("axe.run(document, { runOnly: ['landmark-unique'] }).then((r) => r.violations.map((v) => v.id + ' ' + v.nodes.map((n) => n.target.join(' ')).join(', ')))")) as string[];
    expect(violations).toEqual([]);
  });

  it("gives the fake PSP page's buttons at least 24 by 24 px, apart, under its strict CSP", async () => {
    const { page, shop, problems } = suite;
    await shop.openWithTerms();
    await shop.method('PayPal').check();
    await shop.payButton().click();
    await page.waitForURL(/\/fake-psp\/pay\//);
    const boxes = await Promise.all((await page.getByRole('button').all()).map((b) => b.boundingBox()));
    expect(boxes.length).toBeGreaterThanOrEqual(3);
    for (const box of boxes) {
      expect(box?.height).toBeGreaterThanOrEqual(24);
      expect(box?.width).toBeGreaterThanOrEqual(24);
    }
    const tops = boxes.map((b) => b?.y ?? 0).sort((a, b) => a - b);
    for (let i = 1; i < tops.length; i += 1) expect(tops[i]! - tops[i - 1]!).toBeGreaterThanOrEqual(24);
    expect(problems.list).toEqual([]);
  });

  it("shows the event log's numbers past 9 whole: no item's marker is cut by the log's scroll box", async () => {
    const { page, shop, problems } = suite;
    await shop.open();
    // Each new order logs its number and its first view: real entries, not written by the test.
    while ((await shop.eventLog().count()) < 12) {
      const before = shop.orderId();
      await page.getByRole('button', { name: 'New order' }).click();
      await page.waitForURL((url) => url.searchParams.get('order') !== before);
      await shop.remaining().waitFor();
    }
    // The markers are laid out by the browser, outside the DOM: DevTools' own box of each ::marker.
    const cdp = await page.context().newCDPSession(page);
    type Node = { nodeId: number; nodeName: string; attributes?: string[]; children?: Node[]; pseudoElements?: (Node & { pseudoType?: string })[] };
    const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: Node };
    const find = (node: Node): Node | undefined => (node.attributes?.includes('demo-log') ? node : node.children?.map(find).find(Boolean));
    const log = find(root)!;
    const left = async (nodeId: number) => ((await cdp.send('DOM.getBoxModel', { nodeId })) as { model: { border: number[] } }).model.border[0]!;
    const logLeft = await left(log.nodeId);
    const markers = (log.children ?? []).map((li) => li.pseudoElements?.find((p) => p.pseudoType === 'marker'));
    expect(markers.length).toBeGreaterThanOrEqual(12);
    for (const marker of markers) expect(await left(marker!.nodeId)).toBeGreaterThanOrEqual(logLeft);
    expect(problems.list).toEqual([]);
  });
});

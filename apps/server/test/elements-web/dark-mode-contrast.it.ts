import { readFileSync } from 'node:fs';
import { useDemoBrowser } from '../support/browser/elements-browser';

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The components follow the payer's dark mode. A page that themes them (the demo: its brand colour on
 * Pay and links) must keep their text readable there too: axe-core's contrast rule, run in the page.
 */
describe('demo checkout in Chromium: dark mode keeps the text readable', () => {
  const suite = useDemoBrowser();

  async function contrastViolations(): Promise<string[]> {
    await suite.page.evaluate(AXE_SOURCE);
    return (await suite.page.evaluate(
      "axe.run(document.querySelector('.sp-root'), { runOnly: ['color-contrast'] }).then((r) => r.violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ') + ': ' + n.any.map((c) => c.message).join(' '))))",
    )) as string[];
  }

  it('has no contrast failure on the form, a held tranche and the cancel confirmation', async () => {
    const { page, shop, problems } = suite;
    await page.emulateMedia({ colorScheme: 'dark' });
    await shop.openOnCard();
    expect(await contrastViolations()).toEqual([]);
    await shop.holdOnCard('40.00', '€80.00');
    await page.getByRole('button', { name: 'Cancel payment' }).click();
    expect(await contrastViolations()).toEqual([]);
    expect(problems.list).toEqual([]);
  });
});

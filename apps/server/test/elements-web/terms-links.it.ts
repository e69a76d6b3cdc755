import { accessibleDescription } from '../support/browser/accessible-description';
import { useDemoBrowser } from '../support/browser/elements-browser';

/** The terms open in a new tab (the checkout stays as it is): a screen-reader payer is told before following the link. */
describe('demo checkout in Chromium: the terms of sale links', () => {
  const suite = useDemoBrowser();

  /** The accessible description of a link, found by its name. */
  const description = (name: string): Promise<string> => accessibleDescription(suite.page.getByRole('link', { name }));

  it('says a terms link opens in a new tab, in English and in French', async () => {
    const { page, shop, problems } = suite;
    await shop.open();
    await expect(page.getByRole('link', { name: 'Terms of sale' }).getAttribute('target')).resolves.toBe('_blank');
    await expect(description('Terms of sale')).resolves.toBe('Opens in a new tab.');
    await shop.open('fr');
    await expect(description('Conditions générales de vente')).resolves.toBe('S’ouvre dans un nouvel onglet.');
    expect(problems.list).toEqual([]);
  });
});

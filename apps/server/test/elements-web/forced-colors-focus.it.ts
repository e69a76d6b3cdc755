import { useDemoBrowser } from '../support/browser/elements-browser';

/**
 * Windows high-contrast (forced colours) drops every box-shadow: a focus ring drawn only with one
 * vanishes there, and the keyboard payer cannot see where they are.
 */
describe('demo checkout in Chromium: focus stays visible in forced colours', () => {
  const suite = useDemoBrowser();

  it('draws an outline around the focused method, field and button when the system forces its colours', async () => {
    const { page, shop, problems } = suite;
    await page.emulateMedia({ forcedColors: 'active' });
    await shop.openWithTerms();
    await shop.method('Card').focus();
    const seen: string[] = [];
    // From the method by the keyboard (a ring shows for keyboard focus) to Pay: radio, fields, box, link, button.
    for (const key of ['Tab', 'Shift+Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab']) {
      await page.keyboard.press(key);
      seen.push(
        (await page.evaluate(`(() => {
          const el = document.activeElement;
          const style = getComputedStyle(el);
          return el.tagName.toLowerCase() + (el.type ? ':' + el.type : '') + ' ' + style.outlineStyle + ' ' + (parseFloat(style.outlineWidth) >= 2 ? 'thick enough' : 'too thin');
        })()`)) as string,
      );
    }
    expect(seen).toEqual([
      'input:text solid thick enough',
      'input:radio solid thick enough',
      'input:text solid thick enough',
      'input:text solid thick enough',
      'input:text solid thick enough',
      'input:text solid thick enough',
      'input:checkbox solid thick enough',
      'a solid thick enough',
      'button:button solid thick enough',
    ]);
    expect(problems.list).toEqual([]);
  });
});

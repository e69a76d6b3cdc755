import { merchantPage, until } from '../testing/dom.fixture';
import { pendingView, scriptedFetch } from '../testing/view.fixture';
import { mount } from './mount';

const base = { elementsToken: 'pst_unit', baseUrl: 'https://pay.example', poll: { minMs: 60_000, maxMs: 60_000, idleMs: 60_000 } };

/** The deadline sentence a page in `lang` shows for a session ending at `expiresAt`. */
async function deadlineShown(lang: string, expiresAt: number): Promise<string> {
  const page = merchantPage(lang);
  const { fetch } = scriptedFetch([pendingView({ expiresAt })]);
  const handle = mount(page.container, { ...base, fetch });
  await until(() => page.container.querySelector('[id$="-deadline"]') !== null);
  const text = page.text(page.container.querySelector('[id$="-deadline"]'));
  handle.unmount();
  return text;
}

describe("the payment's deadline, in the page's locale", () => {
  it("is a time of day alone when it falls on the payer's current day", async () => {
    const tonight = new Date();
    tonight.setHours(23, 59, 0, 0);
    await expect(deadlineShown('en', tonight.getTime())).resolves.toBe('Complete the payment by 11:59 PM.');
    await expect(deadlineShown('fr', tonight.getTime())).resolves.toBe('Terminez le paiement avant 23:59.');
  });

  it("carries its day when it falls on another day than the payer's (a session past midnight, a device clock a day off)", async () => {
    const otherDay = new Date(2099, 0, 15, 15, 4).getTime();
    await expect(deadlineShown('en', otherDay)).resolves.toBe('Complete the payment by Thursday, January 15 at 3:04 PM.');
    await expect(deadlineShown('fr', otherDay)).resolves.toBe('Terminez le paiement avant jeudi 15 janvier à 15:04.');
  });
});

import type { Locator, Page } from 'playwright-core';
import { CARD } from './fake-psp-cards';

/** The demo checkout as a payer sees it, by role, label and text only. */
export class DemoCheckoutPage {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  /** Opens /demo (a new order) and waits for the components to show it. */
  async open(lang: 'en' | 'fr' = 'en'): Promise<void> {
    await this.page.goto(`${this.baseUrl}/demo?lang=${lang}`);
    await this.remaining().waitFor();
  }

  /** The order id the page put in its address (the shop's own reference, never the token). */
  orderId(): string {
    return new URL(this.page.url()).searchParams.get('order') ?? '';
  }

  remaining() {
    return this.page.getByText(/^(Remaining to pay|Reste à payer)/);
  }

  method(name: string | RegExp) {
    return this.page.getByRole('radio', { name });
  }

  amountField() {
    return this.page.getByLabel(/^(Amount to pay with this method|Montant à payer avec ce moyen)$/);
  }

  payButton() {
    return this.page.getByRole('button', { name: /^(Pay|Payer) .* (with|avec) / });
  }

  status() {
    return this.page.getByRole('status').first();
  }

  /** Opens a new order and accepts the terms of sale: where every payment journey starts. */
  async openWithTerms(lang: 'en' | 'fr' = 'en'): Promise<void> {
    await this.open(lang);
    await this.acceptTerms();
  }

  /** Opens a new order, accepts the terms and chooses Card. */
  async openOnCard(): Promise<void> {
    await this.openWithTerms();
    await this.method('Card').check();
  }

  /** Opens a new order, accepts the terms and holds €40.00 on a card: the order mid-split, €80.00 remaining. */
  async openMidSplit(): Promise<void> {
    await this.openWithTerms();
    await this.holdOnCard('40.00', '€80.00');
  }

  /** Waits for the page to say what remains of the €120.00 demo order (`left` as shown, e.g. '€80.00'). */
  async remainingIs(left: string, total = '€120.00'): Promise<void> {
    await this.page.getByText(`Remaining to pay: ${left} of ${total}`).waitFor();
  }

  /** Waits for the components' ending: the order paid. */
  async completed(): Promise<void> {
    await this.page.getByRole('heading', { name: 'Payment complete. Thank you!' }).waitFor();
  }

  async acceptTerms(): Promise<void> {
    await this.page.getByRole('checkbox', { name: /I accept the terms|J’accepte les conditions/ }).check();
  }

  async fillCard(number: string, expiry = '12/30', cvc = '123'): Promise<void> {
    await this.page.getByLabel('Card number').fill(number);
    await this.page.getByLabel('Expiry date').fill(expiry);
    await this.page.getByLabel('Security code').fill(cvc);
  }

  /** Card, an amount (as the payer types it) and a test card, ready for Pay. */
  async cardTrancheReady(amount: string, number: string): Promise<void> {
    await this.method('Card').check();
    await this.amountField().fill(amount);
    await this.fillCard(number);
  }

  /** Card, an amount (as the payer types it), a test card, Pay. */
  async payByCard(amount: string, number: string): Promise<void> {
    await this.cardTrancheReady(amount, number);
    await this.payButton().click();
  }

  /** Pays `amount` with a card the bank approves and waits for its hold: `left` remains to pay. */
  async holdOnCard(amount: string, left: string): Promise<void> {
    await this.payByCard(amount, CARD.approved);
    await this.remainingIs(left);
  }

  /** Waits for `amount` to remain, pays it with a card the bank approves and waits for the order paid. */
  async payTheRestByCard(amount: string): Promise<void> {
    await this.remainingIs(`€${amount}`);
    await this.payByCard(amount, CARD.approved);
    await this.completed();
  }

  /** Chooses `method` for what remains, presses Pay and, on the fake PSP's page, `button`; waits until the demo page is back. */
  async payOnPspPage(method: string, button: string | RegExp): Promise<void> {
    await this.method(method).check();
    await this.payButton().click();
    await this.atFakePsp(button);
  }

  /** On the fake PSP's page titled `Fake PSP: {title}`, presses `button`; waits until the demo page is back. */
  async throughFakePsp(title: string, button: string | RegExp): Promise<void> {
    await this.page.waitForURL(/\/fake-psp\/pay\//);
    await this.page.getByRole('heading', { name: `Fake PSP: ${title}` }).waitFor();
    await this.atFakePsp(button);
  }

  /** Presses a button on the fake PSP's page and waits until the demo page is back. */
  async atFakePsp(button: string | RegExp): Promise<void> {
    await this.page.waitForURL(/\/fake-psp\/pay\//);
    await this.page.getByRole('button', { name: button }).click();
    await this.page.waitForURL(/\/demo\?order=/);
  }

  /**
   * Waits until `control` has focus. Focus moves when the page handles an action's answer, and a poll
   * answered just before it may already show what the action changed: wait on focus, not on the view.
   */
  async focusIsOn(control: Locator): Promise<void> {
    await control.and(this.page.locator(':focus')).waitFor();
  }

  /** The focused control as a screen reader names it: tag, type, then label, aria-label or text. */
  focusedName(): Promise<string> {
    return this.page.evaluate(`(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return '';
      const name = el.getAttribute('aria-label') || (el.labels && el.labels[0] ? el.labels[0].textContent : '') || el.textContent || '';
      return el.tagName.toLowerCase() + (el.type ? ':' + el.type : '') + ' ' + name.trim();
    })()`) as Promise<string>;
  }

  /** The tranches of the components' ledger. */
  ledger() {
    return this.page.getByRole('region', { name: /^(Your payments|Vos paiements)$/ }).getByRole('listitem');
  }

  /** The demo page's event log (what the page's callbacks reported). */
  eventLog() {
    return this.page.getByRole('region', { name: 'Event log' }).getByRole('listitem');
  }

  /** The demo's webhook inbox entries. */
  inbox() {
    return this.page.getByRole('region', { name: 'Webhook inbox' }).getByRole('listitem');
  }
}

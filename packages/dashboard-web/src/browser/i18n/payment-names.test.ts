import { translator } from './i18n';
import { methodWords } from './payment-names';

describe('methodWords', () => {
  it("names the method and the card's network in the page's language", () => {
    expect(methodWords(translator('en').t, 'card', 'visa')).toBe('Card (Visa)');
    expect(methodWords(translator('fr').t, 'card', 'cb')).toBe('Carte (CB)');
    expect(methodWords(translator('en').t, 'applepay')).toBe('Apple Pay');
  });

  it("names a card network the same in every language, as the payer's page does (CB, not Cartes Bancaires)", () => {
    expect(methodWords(translator('en').t, 'card', 'cb')).toBe('Card (CB)');
    expect(methodWords(translator('fr').t, 'card', 'amex')).toBe('Carte (American Express)');
  });

  it('shows a method or network it does not know as the service names it', () => {
    expect(methodWords(translator('en').t, 'klarna')).toBe('klarna');
    expect(methodWords(translator('fr').t, 'card', 'elo')).toBe('Carte (elo)');
  });
});

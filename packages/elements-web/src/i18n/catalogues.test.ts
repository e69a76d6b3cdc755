import { en } from './en';
import { fr } from './fr';
import { messagesFor, resolveLocale } from './locale';

describe('catalogues', () => {
  it('English and French carry the same keys, and the same error codes', () => {
    expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort());
    expect(Object.keys(fr.errors).sort()).toEqual(Object.keys(en.errors).sort());
    expect(Object.keys(fr.declineReason).sort()).toEqual(Object.keys(en.declineReason).sort());
  });

  it('resolves the option, then the page language, then the browser’s, then English, by prefix', () => {
    expect(resolveLocale('fr-BE')).toBe('fr');
    expect(resolveLocale('de', { documentElement: { lang: 'fr' } } as unknown as Document)).toBe('fr');
    expect(resolveLocale(undefined, { documentElement: { lang: '' } } as unknown as Document)).toMatch(/^(en|fr)$/);
    expect(resolveLocale('es')).toMatch(/^(en|fr)$/);
  });

  it('lets the merchant override single strings', () => {
    expect(messagesFor('en', { orderHeading: 'Your basket' }).orderHeading).toBe('Your basket');
    expect(messagesFor('fr').orderHeading).toBe('Votre commande');
  });
});

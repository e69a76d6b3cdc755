/** Adyen Web's locales are language-REGION; ours may be a bare language. */
const REGION: Readonly<Record<string, string>> = { en: 'en-US', fr: 'fr-FR', de: 'de-DE', es: 'es-ES', it: 'it-IT', nl: 'nl-NL', pt: 'pt-PT' };

export function adyenLocaleOf(locale: string): string {
  const [language = '', region] = locale.split(/[-_]/);
  if (region) return `${language.toLowerCase()}-${region.toUpperCase()}`;
  return REGION[language.toLowerCase()] ?? 'en-US';
}

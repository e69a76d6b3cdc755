/** Languages of the sign-in form (the dashboard's own). */
export type LoginLocale = 'en' | 'fr';

/**
 * The form's language from the OpenID Connect `ui_locales` parameter (space-separated language tags,
 * preferred first): the first one the form speaks, else English.
 */
export function loginLocaleOf(uiLocales: string | undefined): LoginLocale {
  for (const tag of (uiLocales ?? '').split(' ')) {
    const language = tag.toLowerCase().split('-')[0];
    if (language === 'fr' || language === 'en') return language;
  }
  return 'en';
}

export interface LoginTexts {
  readonly title: string;
  readonly email: string;
  readonly password: string;
  readonly submit: string;
  /** One sentence for every refused sign-in: it never says which part was wrong. */
  readonly refused: string;
}

export const LOGIN_TEXTS: Readonly<Record<LoginLocale, LoginTexts>> = {
  en: { title: 'Sign in to the dashboard', email: 'Email', password: 'Password', submit: 'Sign in', refused: 'The email or password is incorrect.' },
  fr: {
    title: 'Connexion au tableau de bord',
    email: 'Adresse e-mail',
    password: 'Mot de passe',
    submit: 'Se connecter',
    refused: "L'adresse e-mail ou le mot de passe est incorrect.",
  },
};

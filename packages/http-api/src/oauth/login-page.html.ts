import { createHash } from 'node:crypto';
import type { ValidAuthorizeRequest } from './authorize-request';
import { LOGIN_TEXTS, type LoginLocale } from './login-texts';

/** Escapes text for an HTML element body or a double-quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`]/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `body{font-family:system-ui,sans-serif;max-width:24rem;margin:3rem auto;padding:0 1rem;line-height:1.5}
label{display:block;margin-top:1rem;font-weight:600}
input{display:block;width:100%;box-sizing:border-box;padding:.5rem;font-size:1rem}
button{margin-top:1.5rem;padding:.6rem 1.2rem;font-size:1rem}
.error{color:#8b0000;border:1px solid #8b0000;padding:.5rem}`;

/**
 * The CSP source allowing the pages' one style element, hashed from the text they embed so the two
 * cannot drift: no 'unsafe-inline' (D79).
 */
export const LOGIN_STYLE_SOURCE = `'sha256-${createHash('sha256').update(STYLE, 'utf8').digest('base64')}'`;

function page(title: string, main: string, locale: LoginLocale = 'en'): string {
  return `<!DOCTYPE html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${main}
</main>
</body>
</html>
`;
}

function hidden(name: string, value: string | undefined): string {
  return value === undefined ? '' : `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">\n`;
}

export interface LoginFormView {
  readonly request: ValidAuthorizeRequest;
  /** Echoed after a failed attempt so the contact types only the password again. */
  readonly email?: string;
  /** The sign-in was refused: the form says so, in one sentence whatever the cause. */
  readonly refused?: boolean;
}

/**
 * The dashboard login form: labelled fields, the error announced to assistive technology, and the
 * authorization request carried along in hidden fields. Every echoed value is escaped. Refused, the
 * page opens with focus on the password, the one field to type again, described by the error: an
 * alert present at load is often not read out, a focused field's description is (D81).
 */
export function loginFormPage(view: LoginFormView): string {
  const { request } = view;
  const texts = LOGIN_TEXTS[request.locale];
  const error = view.refused ? `<p id="login-error" class="error" role="alert">${escapeHtml(texts.refused)}</p>\n` : '';
  const describedBy = view.refused ? ' aria-describedby="login-error" aria-invalid="true"' : '';
  const fields =
    hidden('response_type', 'code') +
    hidden('client_id', request.clientId) +
    hidden('redirect_uri', request.redirectUri) +
    hidden('state', request.state) +
    hidden('code_challenge', request.codeChallenge) +
    hidden('code_challenge_method', 'S256') +
    hidden('ui_locales', request.locale === 'en' ? undefined : request.locale);
  return page(
    texts.title,
    `${error}<form method="post" action="authorize">
${fields}<label for="email">${escapeHtml(texts.email)}</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(view.email ?? '')}"${describedBy}>
<label for="password">${escapeHtml(texts.password)}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${describedBy}${view.refused ? ' autofocus' : ''}>
<button type="submit">${escapeHtml(texts.submit)}</button>
</form>`,
    request.locale,
  );
}

/** A page for a request that cannot be sent back to its application (unknown client or address). */
export function errorPage(message: string): string {
  return page('Sign-in unavailable', `<p class="error" role="alert">${escapeHtml(message)}</p>`);
}

export function tooManyAttemptsPage(retryAfterS: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterS / 60));
  return page(
    'Too many sign-in attempts',
    `<p class="error" role="alert">Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.</p>`,
  );
}

/** The hashing gate turned the try away (too many password checks at once): nothing failed, nothing was counted. */
export function signInBusyPage(): string {
  return page('Sign-in busy', '<p class="error" role="alert">Sign-in is busy checking other passwords. Try again in a moment: nothing was counted against you.</p>');
}

import type { TestContact } from './merchants.fixture';

/** The hidden fields of the login form, as a browser would submit them (values unescaped). */
function hiddenFields(html: string): Record<string, string> {
  const unescape = (value: string) => value.replace(/&#(\d+);/g, (_all, code: string) => String.fromCharCode(Number(code))).replace(/&amp;/g, '&');
  const fields: Record<string, string> = {};
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) fields[name as string] = unescape(value as string);
  return fields;
}

/**
 * What a browser does with an authorization URL: opens the login page, submits its form with the
 * contact's credentials, and stops at the redirect to the client. Answers that redirect's URL.
 */
export async function signInThroughLoginPage(authorizationUrl: URL, who: TestContact): Promise<URL> {
  const page = await fetch(authorizationUrl);
  if (page.status !== 200) throw new Error(`the login page answered ${page.status}`);
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)">/.exec(html)?.[1];
  if (!action) throw new Error('no sign-in form on the login page');
  const submitted = await fetch(new URL(action, authorizationUrl), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...hiddenFields(html), email: who.email, password: who.password }),
    redirect: 'manual',
  });
  const location = submitted.headers.get('location');
  if (submitted.status !== 302 || !location) throw new Error(`the sign-in answered ${submitted.status}`);
  return new URL(location);
}

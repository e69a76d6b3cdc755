import type { Redirect } from '../types/session-view';

/**
 * Sends the top-level page where the PSP wants the payer: a plain navigation, or a POST of a hidden
 * form built element by element (params in the given order, names and values unchanged).
 */
export function followRedirect(doc: Document, redirect: Redirect, navigate: (url: string) => void): void {
  if (redirect.kind === 'navigate') {
    navigate(redirect.url);
    return;
  }
  const form = doc.createElement('form');
  form.method = 'post';
  form.action = redirect.url;
  form.hidden = true;
  for (const [name, value] of Object.entries(redirect.params)) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  doc.body.append(form);
  form.submit();
}

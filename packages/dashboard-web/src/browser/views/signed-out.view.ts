import type { Translator } from '../i18n/i18n';
import { h } from './dom';

/** Before sign-in, after sign-out, or when the sign-in lapsed: one button that starts the flow. */
export function signedOutView(tr: Translator, notice: string | undefined, signIn: () => void): HTMLElement {
  const { t } = tr;
  return h(
    'section',
    { class: 'signed-out', 'aria-labelledby': 'signed-out-title' },
    h('h1', { id: 'signed-out-title', tabindex: '-1' }, t.signedOutTitle),
    notice ? h('p', { class: 'notice', role: 'status' }, notice) : null,
    h('p', {}, t.signedOutText),
    h('button', { type: 'button', onclick: () => signIn() }, t.signIn),
  );
}

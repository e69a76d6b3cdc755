/**
 * A button whose request is on its way: disabled, and marked busy so that it alone shows work in
 * progress (a button disabled for a reason, refunds paused, shows that it cannot be used).
 */
export function markBusy(button: HTMLButtonElement, busy: boolean): void {
  button.disabled = busy;
  if (busy) button.setAttribute('aria-busy', 'true');
  else button.removeAttribute('aria-busy');
}

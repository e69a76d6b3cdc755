// Chromium has the blob in hand once the download starts; other browsers may read the address a little
// later, so it is revoked after a delay (FileSaver.js waits 40 s for the same reason).
const REVOKE_AFTER_MS = 40_000;

/**
 * Hands `text` to the browser as a downloaded file: a Blob behind an object URL, clicked through a
 * temporary `<a download>`. No HTML is parsed and no script URL made, so Trusted Types have nothing
 * to check, and the CSP governs no download (the `blob:` address is navigated to, never fetched).
 */
export function downloadFile(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

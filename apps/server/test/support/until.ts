/** Polls `probe` until it answers something (never a fixed sleep as the assertion), at most `limitMs` of real time. */
export async function until<T>(probe: () => T | undefined | Promise<T | undefined>, what: string, limitMs = 10_000): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

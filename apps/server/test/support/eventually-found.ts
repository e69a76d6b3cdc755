/** Polls `find` every 10 ms until it answers something, or throws once `timeoutMs` has passed. */
export async function eventuallyFound<T>(find: () => T | undefined, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error('not found in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

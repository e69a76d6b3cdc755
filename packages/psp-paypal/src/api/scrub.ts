/** The message of a transport failure, or `fallback`. */
export function causeOf(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

/** `message` without any of `secrets` (a failure's message may quote the request it failed on). */
export function scrub(message: string, secrets: readonly string[]): string {
  return secrets.filter((s) => s.length > 0).reduce((m, secret) => m.split(secret).join('[redacted]'), message);
}

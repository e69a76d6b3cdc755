/**
 * Contact emails compare case-insensitively: they are stored and looked up trimmed and lowercased,
 * so `Admin@Demo.test` and `admin@demo.test` are one contact (and one login).
 */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

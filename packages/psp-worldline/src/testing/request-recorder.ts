import { gcsAuthorization } from '../client/gcs-signature';
import { SETTINGS } from './worldline-fixtures';

/** One request Worldline (nock) received. */
export interface Seen {
  readonly method: string;
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body: unknown;
}

type NockThis = { req: { headers: Record<string, string>; method: string; path: string } };

/** Records what Worldline received, headers included, to pin each request. */
export function recorder(): { seen: Seen[]; reply: (status: number, body: unknown) => (this: NockThis, uri: string, requestBody: unknown) => [number, unknown] } {
  const seen: Seen[] = [];
  return {
    seen,
    reply: (status, body) =>
      function (this: NockThis, uri: string, requestBody: unknown) {
        seen.push({ method: this.req.method, path: uri, headers: this.req.headers, body: requestBody });
        return [status, body];
      },
  };
}

/** The Authorization Worldline expects for what it received (the Date and X-GCS headers as sent). */
export function expectedAuthorization(s: Seen): string {
  const gcs = Object.fromEntries(Object.entries(s.headers).filter(([n]) => n.startsWith('x-gcs')));
  return gcsAuthorization(SETTINGS.apiKeyId, SETTINGS.secretApiKey, { method: s.method, contentType: s.headers['content-type'], date: s.headers.date ?? '', headers: gcs, path: s.path });
}

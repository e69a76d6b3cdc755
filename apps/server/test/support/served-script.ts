/**
 * Fetches the script at `url` and expects it served as the components' files are: JavaScript,
 * cacheable by anyone for an hour and revalidated by its ETag (304 for the same tag), loadable from
 * any origin. Answers the script's text.
 */
export async function servedScript(url: string): Promise<string> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  expect(res.headers.get('cache-control')).toBe('public, max-age=3600, must-revalidate');
  expect(res.headers.get('access-control-allow-origin')).toBe('*');
  expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
  const etag = res.headers.get('etag') as string;
  expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
  expect((await fetch(url, { headers: { 'If-None-Match': etag } })).status).toBe(304);
  return res.text();
}

import { TokenClient } from './token-client';

const answering = (status: number, body: object, headers: Record<string, string> = {}) =>
  (async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } })) as typeof fetch;

describe('TokenClient: what the token endpoint answered a rotation', () => {
  it('reads 429 temporarily_unavailable as "unreachable, try later", with its Retry-After, not as a refusal', async () => {
    const client = new TokenClient(answering(429, { error: 'temporarily_unavailable', error_description: 'retry after 900 seconds' }, { 'retry-after': '900' }));
    expect(await client.refresh('rt-1')).toEqual({ kind: 'unreachable', retryAfterMs: 900_000 });
  });

  it('reads a 503 with Retry-After the same way, and one without it as unreachable', async () => {
    expect(await new TokenClient(answering(503, { error: 'temporarily_unavailable' }, { 'retry-after': '1' })).refresh('rt-1')).toEqual({ kind: 'unreachable', retryAfterMs: 1_000 });
    expect(await new TokenClient(answering(502, {})).refresh('rt-1')).toEqual({ kind: 'unreachable' });
  });

  it('reads a Retry-After given as a date as the time left until it, on its own clock', async () => {
    const now = () => Date.UTC(2026, 10, 27, 23, 0, 0);
    const answer = answering(429, { error: 'temporarily_unavailable' }, { 'retry-after': 'Fri, 27 Nov 2026 23:15:00 GMT' });
    expect(await new TokenClient(answer, '', now).refresh('rt-1')).toEqual({ kind: 'unreachable', retryAfterMs: 900_000 });
  });

  it('ignores a Retry-After that is neither seconds nor a date', async () => {
    expect(await new TokenClient(answering(429, { error: 'temporarily_unavailable' }, { 'retry-after': 'soon' })).refresh('rt-1')).toEqual({ kind: 'unreachable' });
  });

  it('still reads invalid_grant as a refusal', async () => {
    expect(await new TokenClient(answering(400, { error: 'invalid_grant' })).refresh('rt-1')).toEqual({ kind: 'refused', error: 'invalid_grant' });
  });
});

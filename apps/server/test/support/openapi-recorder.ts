import express, { type Express, type RequestHandler } from 'express';
import { buildOpenApiDocument, responseProblems, type ObservedResponse } from '@splitpay/http-api';

/**
 * Test support: every answer an app gives during a test file, checked against the OpenAPI document
 * the service serves. Wrap the app under test with `recordingApp`, then end the file with a test that
 * expects `openApiProblems()` to be empty, so that no answer a test received goes unchecked.
 */

const document = buildOpenApiDocument({ fakePsp: true });
const problems: string[] = [];
let recorded = 0;

function observe(res: express.Response, chunks: readonly Buffer[]): ObservedResponse {
  const text = Buffer.concat(chunks).toString('utf8');
  const contentType = String(res.getHeader('content-type') ?? '');
  let body: unknown;
  if (contentType.startsWith('application/json') && text !== '') {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  const headers = Object.fromEntries(Object.entries(res.getHeaders()).map(([name, value]) => [name, Array.isArray(value) ? value : value === undefined ? undefined : String(value)]));
  return { status: res.statusCode, headers, body, text };
}

const toBuffer = (chunk: unknown): Buffer | undefined =>
  typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk instanceof Uint8Array ? Buffer.from(chunk) : undefined;

const recorder: RequestHandler = (req, res, next) => {
  const chunks: Buffer[] = [];
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => express.Response;
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    const buffer = toBuffer(chunk);
    if (buffer) chunks.push(buffer);
    return write(chunk, ...rest);
  }) as typeof res.write;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    const buffer = toBuffer(chunk);
    if (buffer) chunks.push(buffer);
    return end(chunk, ...rest);
  }) as typeof res.end;
  res.on('finish', () => {
    recorded += 1;
    problems.push(...responseProblems(document, req.method, req.originalUrl, observe(res, chunks)));
  });
  next();
};

/** The app behind a recorder of its answers. */
export function recordingApp<App extends Express>(app: App): App {
  const outer = express();
  outer.use(recorder, app);
  return outer as unknown as App;
}

/** What was wrong with the answers recorded so far, and how many there were. */
export function openApiProblems(): { readonly recorded: number; readonly problems: readonly string[] } {
  return { recorded, problems: [...problems] };
}

/** Declares, where it is called (last in a file), the test that every recorded answer matched. */
export function itAnsweredAsTheOpenApiDocumentSays(): void {
  it('gave every answer above as the OpenAPI document describes it', () => {
    const { recorded, problems: found } = openApiProblems();
    expect(found).toEqual([]);
    expect(recorded).toBeGreaterThan(0);
  });
}

import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { useService } from '../support/use-service';

jest.setTimeout(120_000);

const ROOT = path.resolve(__dirname, '../../../..');
const REDOCLY = path.join(ROOT, 'node_modules/.bin/redocly');

interface LintAnswer {
  readonly totals: { readonly errors: number; readonly warnings: number; readonly ignored: number };
  readonly problems: readonly { readonly ruleId: string; readonly message: string; readonly location?: readonly { readonly pointer?: string }[] }[];
}

type Operation = { operationId?: string; security?: Record<string, unknown>[] };

/** `redocly lint` of the document the service serves: offline (no telemetry, no update check), with the repository's redocly.yaml. */
describe('the served OpenAPI document', () => {
  const h = useService();
  let doc: { info: { license?: { name?: string } }; paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Record<string, unknown>> } };
  let dir: string;

  beforeAll(async () => {
    doc = (await (await fetch(`${h.url}/openapi.json`)).json()) as typeof doc;
    dir = await mkdtemp(path.join(os.tmpdir(), 'splitpay-openapi-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('lints clean with @redocly/cli: no error, no warning', async () => {
    const file = path.join(dir, 'openapi.json');
    await writeFile(file, JSON.stringify(doc));
    const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };
    const run = await promisify(execFile)(REDOCLY, ['lint', file, '--config', path.join(ROOT, 'redocly.yaml'), '--format', 'json'], { cwd: dir, env, maxBuffer: 16 * 1024 * 1024 }).catch(
      (error: { stdout?: string; stderr?: string }) => ({ stdout: error.stdout ?? '', stderr: error.stderr ?? '' }),
    );
    const answer = JSON.parse(run.stdout.slice(run.stdout.indexOf('{'))) as LintAnswer;
    expect(answer.problems.map((p) => `${p.ruleId}: ${p.message} at ${p.location?.[0]?.pointer ?? '?'}`)).toEqual([]);
    expect(answer.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it('names every operation with a unique operationId', () => {
    const ids = Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((op) => op.operationId));
    expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('maps each PayerInput method to a named schema, so that a generator can pick the branch', () => {
    const payerInput = doc.components.schemas.PayerInput as { discriminator: { propertyName: string; mapping: Record<string, string> }; oneOf: { $ref?: string }[] };
    expect(payerInput.discriminator.propertyName).toBe('method');
    expect(Object.keys(payerInput.discriminator.mapping).sort()).toEqual(['ancv', 'applepay', 'card', 'oney', 'paypal', 'wero']);
    expect(payerInput.oneOf.map((branch) => branch.$ref).sort()).toEqual(Object.values(payerInput.discriminator.mapping).sort());
    expect(doc.components.schemas.CardPayerInput).toBeDefined();
  });

  it('declares HTTP Basic on the token endpoint, and a license', () => {
    expect(doc.paths['/oauth/token']?.post?.security).toEqual([{ clientBasic: [] }, {}]);
    expect(doc.info.license?.name).toEqual(expect.any(String));
  });
});

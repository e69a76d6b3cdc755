import { readFileSync } from 'node:fs';
import path from 'node:path';
import { documentExample } from './document-examples';

/** The README's hand-run split payment tells the story of the document's examples, with the same bodies. */

const README = readFileSync(path.resolve(__dirname, '../../../../README.md'), 'utf8');

function section(title: string): string {
  const start = README.indexOf(`## ${title}`);
  if (start < 0) throw new Error(`README has no section ${title}`);
  const end = README.indexOf('\n## ', start + 1);
  return README.slice(start, end < 0 ? undefined : end);
}

/** The JSON bodies (`-d '{...}'`) of the curl lines after which `url` appears. */
function bodiesSentTo(text: string, url: RegExp): unknown[] {
  const commands = text.split(/\n(?=\S)/).filter((command) => url.test(command));
  return commands.flatMap((command) => [...command.matchAll(/-d '(\{.*?\})'/g)].map((m) => JSON.parse(m[1]!) as unknown));
}

describe("the README's walkthrough agrees with the OpenAPI examples", () => {
  const walkthrough = section('A first split payment, by hand');

  it('creates the order of the createSession example', () => {
    expect(bodiesSentTo(walkthrough, /\/api\/sessions -H/)).toEqual([documentExample('createSession', 'request', 'cardOrder')]);
  });

  it('pays the two card tranches of the getSession example, visa then mastercard', () => {
    const paid = documentExample<{ attempts: { granted: { amount: number }; cardScheme: string }[] }>('getSession', '200', 'paidInTwoTranches');
    const tranches = bodiesSentTo(walkthrough, /\/elements\/session\/attempts/) as { methodId: string; amount: number; input: { cardNumber: string } }[];
    const scheme = (cardNumber: string) => (cardNumber.startsWith('4') ? 'visa' : cardNumber.startsWith('5') ? 'mastercard' : 'other');
    expect(tranches.map((t) => [t.methodId, t.amount, scheme(t.input.cardNumber)])).toEqual(paid.attempts.map((a) => ['card', a.granted.amount, a.cardScheme]));
  });

  it('refunds the slice of the refundAttempt example, with an idempotency key', () => {
    expect(bodiesSentTo(walkthrough, /\/api\/attempts\/\$ATTEMPT_ID\/refund/)).toEqual([documentExample('refundAttempt', 'request', 'slice')]);
    expect(walkthrough).toMatch(/-H 'idempotency-key: [^']+'/);
  });

  it('uses the credentials of the token example and shows the caller of the getMe example', () => {
    const { client_id: id, client_secret: secret } = documentExample<Record<string, string>>('requestToken', 'request', 'clientSecretPost');
    expect(walkthrough).toContain(`-u ${id}:${secret} -d grant_type=client_credentials`);
    const me = documentExample('getMe', '200', 'client');
    expect(section('Authentication')).toContain(`# {"merchantId":"${String(me.merchantId)}","principal":"${String(me.principal)}",...}`);
  });
});

import { brokenFake, outcome, type Break } from './testing/broken-fake';
import { fakeKitTarget } from '@splitpay/psp-fake/src/testing/fake.kit-target';

/**
 * A test of the kit itself, as broken-drivers.it.ts: psp-fake's card driver leaking a secret where the
 * kit once did not look fails the check, which the reference driver passes.
 */

/** psp-fake's API key (its kit target's), which the fake PSP takes on every call. */
const FAKE_API_KEY = 'kit-fake-api-key-0123456789';
const HOSTED_FIELDS_CHECK = 'a card the components show as hosted fields (acquirer-hosted, the default) gives its hostedFields under the contract';

/** A card offered as hosted fields whose `key` (served to every payer's browser) is the API key. */
const hostedFieldsServeTheApiKey: Break = (d) => ({
  capabilities: { ...d.capabilities, cardIntegration: 'acquirer-hosted' },
  hostedFields: () => ({ keyId: 'fake-web', key: FAKE_API_KEY, sdkUrl: 'https://fake-psp.example/hosted-fields.js' }),
});

const SECRETS_CHECK = 'no secret, card data or wallet token in any log line or answer';

/** A driver that prints its API key past the logger it is given: to the console, or straight to stderr. */
const printsTheApiKey =
  (print: (line: string) => void): Break =>
  (d) => ({
    open: async (input) => {
      print(`fake.open with ${FAKE_API_KEY}`);
      return d.open(input);
    },
  });

const cases: [string, string, Break][] = [
  ['serves its API key as the hosted fields key', HOSTED_FIELDS_CHECK, hostedFieldsServeTheApiKey],
  ['console.logs its API key', SECRETS_CHECK, printsTheApiKey((line) => console.log(line))],
  ['console.errors its API key', 'open -> authorized in full', printsTheApiKey((line) => console.error(line))],
  ['writes its API key to stderr', SECRETS_CHECK, printsTheApiKey((line) => process.stderr.write(`${line}\n`))],
];

describe('the PSP driver contract kit catches a driver leaking a secret', () => {
  it.each(cases.map(([flaw, checkName, broken]) => ({ flaw, checkName, broken })))('a card driver that $flaw fails its check, which the reference driver passes', async ({ checkName, broken }) => {
    expect(await outcome(fakeKitTarget('card'), checkName)).toBe('passes');
    expect(await outcome(brokenFake('card', broken), checkName)).toMatch(/secret/);
  }, 30_000);
});

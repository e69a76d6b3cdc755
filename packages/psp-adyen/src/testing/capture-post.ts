import nock from 'nock';
import { TEST_BASE } from './adyen-fixtures';

/** Answers one POST to the Checkout API (test) with `answer` and keeps the body the driver sent. */
export function capturePost(path: string, status: number, answer: object): () => Record<string, unknown> {
  let seen: Record<string, unknown> | undefined;
  nock(TEST_BASE)
    .post(path, (body: Record<string, unknown>) => ((seen = body), true))
    .reply(status, answer);
  return () => {
    if (!seen) throw new Error(`the driver sent nothing to ${path}`);
    return seen;
  };
}

import { DomainError } from '../errors/domain-error';

/**
 * The contract code a command refused with (a DomainError); anything else it threw is thrown again,
 * and a command that did not refuse fails the test. A command returning a promise is awaited.
 */
export function refusalOf(run: () => Promise<unknown>): Promise<string>;
export function refusalOf(run: () => unknown): string;
export function refusalOf(run: () => unknown): string | Promise<string> {
  const codeOf = (error: unknown): string => {
    if (error instanceof DomainError) return error.code;
    throw error;
  };
  const notRefused = (): never => {
    throw new Error('expected a refusal');
  };
  let result: unknown;
  try {
    result = run();
  } catch (error) {
    return codeOf(error);
  }
  if (result instanceof Promise) return result.then(notRefused, codeOf);
  return notRefused();
}

import { DomainError } from '../errors/domain-error';

/** The contract code a command refused with; fails the test when it did not refuse. */
export function refusalOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
  throw new Error('expected a refusal');
}

import type { ErrorCode } from './error-codes';

/**
 * A business refusal carrying the contract's code. Thrown by rules and use cases, mapped to an HTTP
 * status only by the HTTP adapter. The message is English for logs; never put secrets in it.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export function refuse(code: ErrorCode, message: string): never {
  throw new DomainError(code, message);
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}

/** A transition that the state table does not allow: always a bug, never a business outcome. */
export class IllegalTransitionError extends Error {
  constructor(machine: string, from: string, trigger: string) {
    super(`${machine}: transition '${trigger}' is not allowed from ${from}`);
    this.name = 'IllegalTransitionError';
  }
}

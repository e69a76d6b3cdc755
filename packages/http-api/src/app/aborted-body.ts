/** raw-body's name for a body whose connection closed before it was whole (every Express parser reads through it). */
const REQUEST_ABORTED = 'request.aborted';

/** The parsers' failure for a body the client stopped sending: not the client's mistake to answer, nobody is left to read it. */
export function isAbortedBody(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { type?: unknown }).type === REQUEST_ABORTED;
}

/** The counter of requests whose body the client stopped sending, by method and door (`route`, as the access line names it). */
export const HTTP_REQUESTS_ABORTED_METRIC = 'http_requests_aborted_total';

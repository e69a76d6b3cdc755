/** Services whose credential checks the test holds until it answers them (the failed-authentication limit tests). */
export interface HeldChecks {
  readonly checks: { readonly answer: () => void }[];
  /** What to do whenever a check begins (it is in `checks`). */
  onCheck(then: () => void): void;
}

/**
 * Sends `count` requests and holds every check they start until each request is either held in a
 * check or already answered (by the hashing gate), so all are in flight together; then answers the
 * held checks and resolves with every answer.
 */
export async function allInFlightAtOnce<A>(service: HeldChecks, count: number, send: () => Promise<A>): Promise<A[]> {
  const answered: A[] = [];
  let release: () => void = () => undefined;
  const allIn = new Promise<void>((resolve) => (release = resolve));
  const settle = () => {
    if (service.checks.length + answered.length === count) release();
  };
  service.onCheck(settle);
  const requests = Array.from({ length: count }, () =>
    send().then((answer) => {
      answered.push(answer);
      settle();
      return answer;
    }),
  );
  await allIn;
  for (const check of service.checks.splice(0)) check.answer();
  return Promise.all(requests);
}

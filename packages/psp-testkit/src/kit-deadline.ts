/**
 * The timeout the kit gives every provider it builds (`PspPluginDeps.timeoutMs`, the server's
 * PSP_TIMEOUT_MS): how long one operation may talk to the PSP before it is given up.
 */
export const KIT_PSP_TIMEOUT_MS = 1_000;

/**
 * What the deadline check allows on top of the timeout before it calls a driver late. Generous (the
 * timeout again) because the kit runs on loaded machines beside other suites: a driver that keeps to
 * its deadline answers a few milliseconds after it, and one that ignores the deadline (its own
 * default timeout, a retry with a fresh timeout) is late by a whole call.
 */
export const KIT_DEADLINE_MARGIN_MS = 1_000;

/**
 * How long a script holds a call it plays as a hang (`timeout`, `holdsEveryCall`): past the timeout and
 * its margin, so a driver that waits for the answer is late, and one that gets it has not given up.
 */
export const KIT_HANG_MS = 3 * KIT_PSP_TIMEOUT_MS;

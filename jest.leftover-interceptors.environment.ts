import http from 'node:http';
import https from 'node:https';
import type { Circus } from '@jest/types';
import { TestEnvironment } from 'jest-environment-node';

/**
 * Jest's node environment, plus a check that a test file leaves no HTTP interceptor installed. Jest
 * runs many files in one process and `http`/`https` are that process's own modules: nock patches them
 * (and `Headers.prototype`), and a file that never restores it hands its interceptor to every later
 * file of the worker, whose requests then go through a torn-down file's nock.
 *
 * The check runs once the file's last hook has run (`run_finish`). It cannot be an `afterAll` of a
 * setup file: jest-circus runs a block's `afterAll` hooks in the order they were declared, so a setup
 * file's would run before the file's own and see every file's nock still installed. A file that
 * leaves an interceptor fails, named, and the patched functions are put back so the worker's next
 * files are not affected. A file that uses nock calls psp-testkit's `isolateNock()`, or restores nock
 * in its own `afterAll`. When the run skipped tests (`-t`, `.only`, `.skip`), jest may have skipped the
 * hooks that restore nock with them: the functions are then put back without failing the file.
 */
const patchable = (): unknown[] => [
  http.request,
  http.get,
  http.ClientRequest,
  https.request,
  https.get,
  Headers.prototype.set,
  Headers.prototype.append,
  Headers.prototype.delete,
];

export default class LeftoverInterceptorsEnvironment extends TestEnvironment {
  private readonly testPath: string;
  private readonly originals = patchable();
  private ranTests = false;
  private skippedTests = false;

  constructor(...[config, context]: ConstructorParameters<typeof TestEnvironment>) {
    super(config, context);
    this.testPath = context.testPath;
  }

  handleTestEvent(event: Circus.Event, state: Circus.State): void {
    if (event.name === 'test_started') this.ranTests = true;
    if (event.name === 'test_skip') this.skippedTests = true;
    if (event.name !== 'run_finish') return;
    if (patchable().every((fn, i) => fn === this.originals[i])) return;
    this.putBack();
    if (!this.ranTests || this.skippedTests) return;
    const message =
      `${this.testPath} left an HTTP interceptor (nock) installed: call isolateNock() from @splitpay/psp-testkit ` +
      'at its top, or nock.restore() in its afterAll.';
    const error = new Error(message);
    error.stack = `Error: ${message}`; // no frame: the fault is the file's, not this environment's
    state.unhandledErrors.push(error);
  }

  private putBack(): void {
    const [request, get, ClientRequest, httpsRequest, httpsGet, set, append, del] = this.originals as [
      typeof http.request,
      typeof http.get,
      typeof http.ClientRequest,
      typeof https.request,
      typeof https.get,
      Headers['set'],
      Headers['append'],
      Headers['delete'],
    ];
    Object.assign(http, { request, get, ClientRequest });
    Object.assign(https, { request: httpsRequest, get: httpsGet });
    Object.assign(Headers.prototype, { set, append, delete: del });
  }
}

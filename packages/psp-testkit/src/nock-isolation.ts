/**
 * nock, loaded when a test asks for it: loading nock installs its interceptor (it patches the process's
 * `http`/`https` modules), so the kit's index imports it nowhere and a file that imports the kit
 * without isolating nock leaves `http` untouched. Jest's module registry is per file, so this is the
 * same nock as the calling file's own `import nock from 'nock'`.
 */
export function loadNock(): typeof import('nock') {
  return require('nock') as typeof import('nock');
}

/**
 * Gives the test file a fresh nock of its own and takes it away after: jest runs several files in one
 * process, and an interceptor left installed by an earlier file can swallow this file's requests (they
 * then hang until the driver's timeout). Unmatched requests fail at once instead of reaching the
 * network; `allowed` hosts (the service under test on 127.0.0.1) still connect. Call it at the top of
 * the file (or of the describe block whose tests use nock).
 */
export function isolateNock(allowed?: RegExp): void {
  const nock = loadNock();
  beforeAll(() => {
    nock.restore();
    nock.activate();
    nock.disableNetConnect();
    if (allowed) nock.enableNetConnect(allowed);
  });
  afterAll(() => {
    nock.cleanAll();
    nock.enableNetConnect();
    nock.restore();
  });
}

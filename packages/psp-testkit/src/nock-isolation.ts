import nock from 'nock';

/**
 * Gives the test file a fresh nock of its own and takes it away after: jest runs several files in one
 * process, and an interceptor left installed by an earlier file can swallow this file's requests (they
 * then hang until the driver's timeout). Unmatched requests fail at once instead of reaching the
 * network; `allowed` hosts (the service under test on 127.0.0.1) still connect.
 */
export function isolateNock(allowed?: RegExp): void {
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

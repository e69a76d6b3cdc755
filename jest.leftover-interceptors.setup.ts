import http from 'node:http';
import https from 'node:https';

/**
 * Takes away an HTTP interceptor a test file left installed. Jest runs many files in one process and
 * `http`/`https` are that process's own modules: nock patches them, and a file that never restores it
 * hands its interceptor to every later file of the worker. Its requests then go through the earlier
 * file's nock (its scopes, its net-connect rules, a context jest has already torn down), and that
 * file's whole context is kept alive. Files that use nock still isolate it themselves
 * (psp-testkit's isolateNock); this is the net for those that forget.
 */
const patchable = (): unknown[] => [http.request, http.get, http.ClientRequest, https.request, https.get];
const before = patchable();
const untouched = (): boolean => patchable().every((fn, i) => fn === before[i]);

afterAll(() => {
  if (untouched()) return;
  // The file's own nock instance (jest's module registry is per file): the one that patched.
  (require('nock') as typeof import('nock')).restore();
  if (!untouched()) throw new Error('An HTTP interceptor is still installed after this file; restore it in the file.');
});

import manifest from '../package.json';

/**
 * The `User-Agent` of every call a PSP driver makes: the service and its version, never the HTTP
 * client's default (`axios/<version>`), which names a library and would change with it. A PSP's
 * support reads it in their request logs to tell our calls from others on the same credentials.
 * The workspaces share one version (the root package.json's); this package's is read.
 */
export const PSP_USER_AGENT = `splitpay/${manifest.version}`;

import path from 'node:path';

/** The SDK's `GCS v1HMAC` authenticator, as its communicator calls it for each request. */
export interface SdkAuthenticator {
  getAuthorization(method: string, contentType: string, date: string, headers: { key: string; value: string }[], path: string): Promise<string>;
}

/**
 * Worldline's Node SDK signs requests with its V1HmacAuthenticator, which the package does not export
 * (its `exports` name the entry point only): it is loaded here from the file beside that entry point.
 */
export function officialAuthenticator(apiKeyId: string, secretApiKey: string): SdkAuthenticator {
  const entry = require.resolve('onlinepayments-sdk-nodejs');
  const { V1HmacAuthenticator } = require(path.join(path.dirname(entry), 'utils', 'authentication.js')) as { V1HmacAuthenticator: new (configuration: { apiKeyId: string; secretApiKey: string }) => SdkAuthenticator };
  return new V1HmacAuthenticator({ apiKeyId, secretApiKey });
}

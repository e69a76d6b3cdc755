// Jest reads `testTimeout` from the global configuration only, so the integration project's limit is set here.
jest.setTimeout(30_000);

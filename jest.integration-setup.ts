// jest reads `testTimeout` from the global configuration only (a project's own is ignored), so the
// integration project's longer timeout is set here, in every one of its test files.
jest.setTimeout(30_000);

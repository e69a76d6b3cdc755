import { TEST_STORE_ENV } from './test-store';

// jest.config.ts, project "service on MongoDB": each test file of the project gets its own copy of
// process.env, so this reaches that project's files only.
process.env[TEST_STORE_ENV] = 'mongodb';
// A stand-in server that scans its collections, behind a gate letting one command through at a
// time, is slower than the embedded engine: room for the concurrency tests (a file may set its own).
jest.setTimeout(60_000);

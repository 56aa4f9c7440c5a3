// API test files start the API and build their data in beforeAll; on a busy 2-core machine
// that can take longer than Jest's 5 s default. This is a guard against hangs, not a timing
// assertion: speed is measured by `npm run bench`. A file may still set a longer time.
jest.setTimeout(30_000);

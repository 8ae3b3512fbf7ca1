// A story test that fails is run once more, as the e2e journeys are (playwright.config.ts): the
// first failure is printed ("RETRY 1" in the log) so the flake is seen and fixed; a story that
// fails twice fails the step.
jest.retryTimes(1, { logErrorsBeforeRetry: true });

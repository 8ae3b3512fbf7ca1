import { setupWorker } from 'msw/browser';
import { handlers } from './handlers';

export { configureMockAdminPair } from './state';

/** The service-worker side of the embedded backend, for the app and Storybook. */
export const worker = setupWorker(...handlers);

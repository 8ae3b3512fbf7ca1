import { setupWorker } from 'msw/browser';
import { handlers } from './handlers';

export { configureMockAdminPair } from './state';
export { untilControlled } from './untilControlled';

/** The service-worker side of the embedded backend, for the app and Storybook. */
export const worker = setupWorker(...handlers);

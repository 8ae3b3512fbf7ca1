import { setupServer } from 'msw/node';
import { handlers } from './handlers';

/** The same handlers for node tests (vitest). */
export const server = setupServer(...handlers);

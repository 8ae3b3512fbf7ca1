import type { HttpHandler } from 'msw';
import { authHandlers } from './auth';
import { functionHandlers } from './functions';
import { restHandlers } from './rest';
import { serverReadHandlers } from './serverReads';

/**
 * The embedded backend: the part of Supabase's HTTP API the app uses (Auth, PostgREST, the wallet
 * function), matched on any origin (`*`), so one set serves the browser worker, Storybook and
 * msw/node alike. Nothing leaves the page: in the browser it all runs inside the worker's client.
 */
export const handlers: HttpHandler[] = [...authHandlers, ...functionHandlers, ...serverReadHandlers, ...restHandlers];

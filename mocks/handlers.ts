import type { HttpHandler } from 'msw';

/** The embedded backend's handlers (filled in by the app issue). */
export const handlers: HttpHandler[] = [];

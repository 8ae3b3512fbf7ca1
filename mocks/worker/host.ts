import type { PGliteInterface } from '@electric-sql/pglite';

/** One module answers Supabase's HTTP API from the database: supabase/host, hosted here in a worker. */
export interface EmbeddedHost {
  fetch(request: Request): Promise<Response>;
}

/** Where the app sends its backend calls in a mock build (packages/app/src/backend/config.ts). */
const BASE_PATH = '/mock-supabase';

export function createEmbeddedHost(_db: PGliteInterface): EmbeddedHost {
  return {
    fetch: async (request) =>
      new Response(
        JSON.stringify({ code: 'PGRST000', message: 'supabase/host is not merged yet', details: null, hint: null }),
        {
          status: new URL(request.url).pathname.startsWith(BASE_PATH) ? 503 : 404,
          headers: { 'Content-Type': 'application/json' },
        },
      ),
  };
}

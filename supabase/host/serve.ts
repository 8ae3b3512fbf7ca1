/**
 * `npm run backend:local`: the local host (index.ts) as an HTTP server with the paths of a
 * Supabase project, over PGlite in this process with the shim, the migrations and the seed
 * applied. A real-mode build runs against it:
 *
 *   VITE_SUPABASE_URL=http://127.0.0.1:54321 VITE_SUPABASE_ANON_KEY=<printed key> npm run build
 *
 * The data lives in memory and is gone when the server stops (the schema and seed are applied
 * once and kept in node_modules/.cache until a migration or the seed changes). Options (environment):
 * HOST (127.0.0.1), PORT (54321).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { jsonLogger } from '../functions/_shared/logger.ts';
import { cachedDumps, loadDb } from './database.ts';
import { createHost, type FixedAccount } from './index.ts';
import { localFixedAccounts } from './localAccounts.ts';

const hostname = process.env.HOST || '127.0.0.1';
const port = Number(process.env.PORT) || 54321;
const url = `http://${hostname}:${port}`;

async function toRequest(incoming: IncomingMessage): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [key, value] of Object.entries(incoming.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else if (value !== undefined) headers.set(key, value);
  }
  const method = incoming.method ?? 'GET';
  return new Request(new URL(incoming.url ?? '/', url), {
    method,
    headers,
    body: method === 'GET' || method === 'HEAD' || chunks.length === 0 ? undefined : Buffer.concat(chunks),
  });
}

async function send(response: Response, outgoing: ServerResponse): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, key) => {
    headers[key] = value;
  });
  outgoing.writeHead(response.status, headers);
  outgoing.end(Buffer.from(await response.arrayBuffer()));
}

async function main(): Promise<void> {
  const started = Date.now();
  // The schema and seed applied once and kept (node_modules/.cache); this run's data lives in memory.
  const db = await loadDb((await cachedDumps()).seeded);
  const fixedAccounts: FixedAccount[] = localFixedAccounts();
  const host = createHost({
    db,
    url,
    cors: true,
    logger: jsonLogger,
    auth: { openSignIn: true, fixedAccounts },
    runScheduledJobs: true,
  });
  const { anonKey, serviceRoleKey } = await host.keys();
  const server = createServer((incoming, outgoing) => {
    toRequest(incoming)
      .then((request) => host.fetch(request))
      .then((response) => send(response, outgoing))
      .catch((error: unknown) => {
        outgoing.writeHead(500, { 'content-type': 'text/plain' });
        outgoing.end(String(error));
      });
  });
  server.listen(port, hostname, () => {
    console.log(`Local Supabase host ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    console.log(`API URL:          ${url}`);
    console.log(`anon key:         ${anonKey}`);
    console.log(`service_role key: ${serviceRoleKey}`);
    console.log('Demo accounts:    demo.<role>@vault.example and admin@example.com (passwords: docs/backend.md)');
    console.log(`A real-mode build: VITE_SUPABASE_URL=${url} VITE_SUPABASE_ANON_KEY=${anonKey} npm run build`);
  });
  const stop = () => {
    server.close();
    void db.close().finally(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

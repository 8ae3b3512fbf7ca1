// The local Supabase host of `npm run backend:local` (supabase/host/serve.ts), started for a bench
// run: the real-mode build talks to it, and the embedded build starts from a copy of its database,
// so both modes answer the same data for the same sessions (the demo accounts of the seed, signed
// in with the host's Auth).
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

/** The local host's public demo password (supabase/host/localAccounts.ts LOCAL_DEMO_PASSWORD). */
const LOCAL_DEMO_PASSWORD = 'vault-demo-2025';

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Starts the host on a free port; answers its URL, its keys and `stop()`. */
export async function startLocalHost(repoRoot) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', path.join(repoRoot, 'supabase/host/serve.ts')],
    {
      cwd: repoRoot,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const ready = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the local host did not start in 180 s:\n${output}`)), 180_000);
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const anonKey = /anon key:\s+(\S+)/.exec(output)?.[1];
      const serviceRoleKey = /service_role key:\s+(\S+)/.exec(output)?.[1];
      if (anonKey && serviceRoleKey) {
        clearTimeout(timer);
        resolve({ anonKey, serviceRoleKey });
      }
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the local host stopped (${code}):\n${output}`));
    });
  });
  const keys = await ready;
  return {
    url: `http://127.0.0.1:${port}`,
    ...keys,
    stop: () =>
      new Promise((resolve) => {
        child.removeAllListeners('exit');
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

async function call(host, method, apiPath, { token, body } = {}) {
  const response = await fetch(`${host.url}${apiPath}`, {
    method,
    headers: {
      apikey: host.anonKey,
      Authorization: `Bearer ${token ?? host.anonKey}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${apiPath}: ${response.status} ${await response.text()}`);
  return response;
}

/** supabase-js's stored session (the `vault.auth` value) from a token answer. */
function storedSession(answer) {
  return { ...answer, expires_at: answer.expires_at ?? Math.floor(Date.now() / 1000) + answer.expires_in };
}

async function signIn(host, email, password) {
  const response = await call(host, 'POST', '/auth/v1/token?grant_type=password', { body: { email, password } });
  return storedSession(await response.json());
}

/**
 * The bench's sessions, made on the host, by name: each role's demo account, the demo investor
 * taken through wallet, KYC and a first on-ramp by the demo functions the app calls (so also
 * `readyInvestor`: every gate open), and `newInvestor`, a member who has just signed up (the
 * dashboard shows its nudges).
 */
export async function makeSessions(host) {
  // The domain's build, which the bench makes first (a fresh clone has none before it).
  const { roleIds } = await import('@vault/domain');
  const sessions = {};
  for (const role of roleIds) sessions[role] = await signIn(host, `demo.${role}@vault.example`, LOCAL_DEMO_PASSWORD);
  const email = `bench.${Date.now()}@example.com`;
  const password = 'bench-password-not-secret';
  await call(host, 'POST', '/auth/v1/signup', { body: { email, password, data: { name: 'Bench Investor' } } });
  sessions.newInvestor = await signIn(host, email, password);
  const token = sessions.investor.access_token;
  await call(host, 'POST', '/rest/v1/rpc/demo_create_wallet', { token, body: {} });
  await call(host, 'POST', '/rest/v1/rpc/demo_approve_kyc', { token, body: {} });
  await call(host, 'POST', '/rest/v1/rpc/demo_complete_first_onramp', { token, body: { amount_cents: 2_000_000 } });
  sessions.readyInvestor = sessions.investor;
  return sessions;
}

/** Categories the placements' offerings take turns in, so the allocation chart draws several bars. */
const PLACEMENT_CATEGORIES = ['Renewable energy', 'Clean water', 'Education', 'Social impact, Housing'];
/** Days before today of each offering's unit prices: the issue price, then three revaluations. */
const PRICE_DAYS = [90, 60, 30, 1];
const DAY_MS = 86_400_000;

/**
 * The demo investor, ready as `readyInvestor` is, holding `count` positions: those the seed gives,
 * and as many more offerings copied from a seed opportunity and issued 90 days ago, each with its issue record, a unit price
 * history and the investor's position, inserted as the service role (as
 * supabase/bench/lifecycle.ts does in SQL). Every member reads the catalogue, so this belongs on a
 * host of its own: on the run's main host it would lengthen every other page's list of offerings.
 * Answers the investor's session once my_positions() lists every position.
 */
export async function makePlacementsHolder(host, count) {
  const session = await signIn(host, 'demo.investor@vault.example', LOCAL_DEMO_PASSWORD);
  const token = session.access_token;
  await call(host, 'POST', '/rest/v1/rpc/demo_create_wallet', { token, body: {} });
  await call(host, 'POST', '/rest/v1/rpc/demo_approve_kyc', { token, body: {} });
  await call(host, 'POST', '/rest/v1/rpc/demo_complete_first_onramp', { token, body: { amount_cents: 2_000_000 } });

  const insert = (table, rows) => call(host, 'POST', `/rest/v1/${table}`, { token: host.serviceRoleKey, body: rows });
  const template = await (
    await call(host, 'GET', '/rest/v1/opportunities?id=eq.schools-ghana', { token: host.serviceRoleKey })
  ).json();
  if (!Array.isArray(template) || template.length !== 1) throw new Error('no seed opportunity schools-ghana to copy');
  const issuedAt = new Date(Date.now() - PRICE_DAYS[0] * DAY_MS).toISOString();
  // The seed may give the demo investor positions of its own: the bench's offerings make up the rest.
  const positionsNow = async () => (await call(host, 'POST', '/rest/v1/rpc/my_positions', { token, body: {} })).json();
  const seeded = await positionsNow();
  const offerings = Array.from({ length: count - (Array.isArray(seeded) ? seeded.length : 0) }, (_, i) => ({
    id: `bench-placement-${String(i + 1).padStart(3, '0')}`,
    name: `Bench Placement ${i + 1}`,
    category: PLACEMENT_CATEGORIES[i % PLACEMENT_CATEGORIES.length],
    units: 100 + 25 * (i % 40),
  }));
  await insert(
    'opportunities',
    offerings.map(({ id, name, category }) => ({ ...template[0], id, name, category, status: 'issued', open: false })),
  );
  await insert(
    'offering_records',
    offerings.map(({ id }) => ({ opportunity_id: id, issued_units: 100_000 })),
  );
  await insert(
    'unit_prices',
    offerings.flatMap(({ id }, i) =>
      PRICE_DAYS.map((days, step) => ({
        opportunity_id: id,
        as_of: new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10),
        // The issue price (1 euro) first, then a price that moves a little per offering.
        price_cents: 100 + step * ((i % 9) - 3),
        reason: step === 0 ? 'Issue price' : 'Bench revaluation',
      })),
    ),
  );
  await insert(
    'positions',
    offerings.map(({ id, units }) => ({
      member_id: session.user.id,
      opportunity_id: id,
      units,
      cost_cents: units * 100,
      fees_cents: units,
      first_issued_at: issuedAt,
    })),
  );
  const held = await positionsNow();
  if (!Array.isArray(held) || held.length !== count) {
    throw new Error(`my_positions() lists ${Array.isArray(held) ? held.length : 'no'} positions, not ${count}`);
  }
  return session;
}

/** The host's whole database as a PGlite data directory: the embedded build's image for the run. */
export async function databaseImage(host) {
  const response = await call(host, 'GET', '/embedded/v1/database', { token: host.serviceRoleKey });
  return Buffer.from(await response.arrayBuffer());
}

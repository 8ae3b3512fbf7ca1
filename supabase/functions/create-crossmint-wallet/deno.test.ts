import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The Deno entries on Deno itself (the npm package `deno` ships the binary): every function's
 * index.ts type-checks, and the wallet function served over HTTP wires Supabase Auth, PostgREST
 * (the rate limit and the profile, with the service key) and the Crossmint client correctly,
 * against a small stand-in for the Supabase APIs and Crossmint. The functions import nothing
 * from npm (../_shared speaks HTTP with fetch), so nothing is downloaded.
 */
const here = fileURLToPath(new URL('.', import.meta.url));
const deno = fileURLToPath(new URL('../../../node_modules/.bin/deno', import.meta.url));
const hasDeno = existsSync(deno);

interface Seen {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

const userId = '7a0c3c2e-5a43-4f5e-9d7e-2f1d1f0b9a11';
const functionsDir = fileURLToPath(new URL('..', import.meta.url));
const entries = ['create-crossmint-wallet', 'kyc-session', 'kyc-webhook', 'onramp-session', 'payments-webhook'].map(
  (name) => `${name}/index.ts`,
);
let goodToken = '';

/** A member's access token as Supabase Auth issues it (the stand-in's /user accepts only this one). */
function memberToken(issuer: string): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const claims = {
    iss: issuer,
    sub: userId,
    aud: 'authenticated',
    role: 'authenticated',
    exp: Math.floor(Date.now() / 1000) + 600,
  };
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.c2lnbmF0dXJl`;
}
let wallet: string | null = null;
let seen: Seen[] = [];
let fake: Server;
let fn: ChildProcess | undefined;
let base = '';

/** Supabase Auth's /user, PostgREST's rate limit, profiles and app_settings, and Crossmint's wallets. */
function startFake(): Promise<number> {
  fake = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      seen.push({ method: req.method ?? '', path: `${url.pathname}${url.search}`, headers: req.headers, body });
      const send = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (url.pathname === '/auth/v1/user') {
        return req.headers.authorization === `Bearer ${goodToken}`
          ? send(200, { id: userId, aud: 'authenticated', role: 'authenticated', email: 'm@example.test' })
          : send(401, { code: 401, error_code: 'bad_jwt', msg: 'invalid JWT' });
      }
      if (url.pathname === '/rest/v1/rpc/function_rate_limit_hit') {
        return send(200, [{ allowed: true, retry_after_seconds: 0 }]);
      }
      if (url.pathname === '/rest/v1/app_settings') return send(200, [{ demo_mode: false }]);
      if (url.pathname === '/rest/v1/profiles' && req.method === 'GET') {
        return send(200, [{ crossmint_wallet_id: wallet }]);
      }
      if (url.pathname === '/rest/v1/profiles' && req.method === 'PATCH') {
        const update = JSON.parse(body) as { crossmint_wallet_id: string };
        if (wallet !== null) return send(200, []);
        wallet = update.crossmint_wallet_id;
        return send(200, [{ crossmint_wallet_id: wallet }]);
      }
      if (url.pathname === '/crossmint/2025-06-09/wallets') return send(201, { type: 'smart', address: '0xfeed' });
      send(404, { message: 'not here' });
    });
  });
  return new Promise((resolve) => fake.listen(0, '127.0.0.1', () => resolve((fake.address() as AddressInfo).port)));
}

function freePort(): Promise<number> {
  const probe = createServer();
  return new Promise((resolve) =>
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    }),
  );
}

async function waitForServer(url: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      await fetch(url, { method: 'OPTIONS' });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error('the Deno function did not start');
}

describe.skipIf(!hasDeno)('the Deno entry', () => {
  beforeAll(async () => {
    const fakePort = await startFake();
    goodToken = memberToken(`http://127.0.0.1:${fakePort}/auth/v1`);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    fn = spawn(deno, ['run', '--allow-net', '--allow-env', 'index.ts'], {
      cwd: here,
      env: {
        ...process.env,
        NO_COLOR: '1',
        PORT: String(port),
        SUPABASE_URL: `http://127.0.0.1:${fakePort}`,
        SUPABASE_SERVICE_ROLE_KEY: 'service-role-key',
        SUPABASE_ANON_KEY: 'anon-key',
        ALLOWED_ORIGIN: 'https://vault.example',
        CROSSMINT_SERVER_API_KEY: 'sk_staging_test',
        CROSSMINT_BASE_URL: `http://127.0.0.1:${fakePort}/crossmint`,
      },
      stdio: 'ignore',
    });
    await waitForServer(base, Date.now() + 100_000);
  }, 120_000);

  afterAll(async () => {
    fn?.kill();
    await new Promise((resolve) => fake?.close(resolve));
  });

  it('passes deno check (every function’s index.ts and what it imports)', async () => {
    const { stderr } = await promisify(execFile)(deno, ['check', '--quiet', ...entries], {
      cwd: functionsDir,
      timeout: 120_000,
      env: { ...process.env, NO_COLOR: '1' },
    });
    expect(stderr).not.toMatch(/error/i);
  }, 150_000);

  it('answers a preflight and refuses a request without a valid token', async () => {
    const preflight = await fetch(base, {
      method: 'OPTIONS',
      headers: { 'x-correlation-id': 'vault-deno-1', origin: 'https://evil.example' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://vault.example');
    expect(preflight.headers.get('x-correlation-id')).toBe('vault-deno-1');
    const anonymous = await fetch(base, { method: 'POST', body: '{}' });
    expect(anonymous.status).toBe(401);
    const bad = await fetch(base, { method: 'POST', headers: { authorization: 'Bearer forged' }, body: '{}' });
    expect(await bad.json()).toEqual({ success: false, walletId: null, error: 'Not signed in' });
  });

  it('creates the wallet with Crossmint and stores it with the service role, once', async () => {
    seen = [];
    const call = (body: unknown) =>
      fetch(base, { method: 'POST', headers: { authorization: `Bearer ${goodToken}` }, body: JSON.stringify(body) });
    const first = await call({ userId });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ success: true, walletId: '0xfeed', error: null });

    const auth = seen.find((s) => s.path === '/auth/v1/user');
    expect(auth?.headers.apikey).toBe('anon-key');
    const limit = seen.find((s) => s.path === '/rest/v1/rpc/function_rate_limit_hit');
    expect(limit?.headers.authorization).toBe('Bearer service-role-key');
    expect(JSON.parse(limit?.body ?? '{}')).toMatchObject({ user_id: userId, fn: 'create-crossmint-wallet' });
    const crossmint = seen.filter((s) => s.path.startsWith('/crossmint/'));
    expect(crossmint).toHaveLength(1);
    expect(crossmint[0]?.headers['x-api-key']).toBe('sk_staging_test');
    expect(JSON.parse(crossmint[0]?.body ?? '{}')).toMatchObject({ owner: `userId:${userId}` });
    const patch = seen.find((s) => s.method === 'PATCH');
    expect(patch?.path).toContain(`id=eq.${userId}`);
    expect(patch?.path).toContain('crossmint_wallet_id=is.null');
    expect(patch?.headers.authorization).toBe('Bearer service-role-key');

    const again = await call({});
    expect(await again.json()).toEqual({ success: true, walletId: '0xfeed', error: null });
    expect(seen.filter((s) => s.path.startsWith('/crossmint/'))).toHaveLength(1);

    const other = await call({ userId: '00000000-0000-4000-8000-000000000099' });
    expect(other.status).toBe(403);
  });
});

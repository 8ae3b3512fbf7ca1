import { type ChildProcess, spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The two webhooks' Deno entries served by Deno (the npm package `deno` ships the binary),
 * against a stand-in for PostgREST: a signed event reaches its SQL function with the service
 * role key and the secrets' names are the ones docs/backend.md lists; a forged one reaches nothing.
 */
const functionsDir = fileURLToPath(new URL('..', import.meta.url));
const deno = fileURLToPath(new URL('../../../node_modules/.bin/deno', import.meta.url));
const hasDeno = existsSync(deno);
const memberId = '7a0c3c2e-5a43-4f5e-9d7e-2f1d1f0b9a11';

interface Seen {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let seen: Seen[] = [];
let fake: Server;
const served: ChildProcess[] = [];
const bases: Record<string, string> = {};

function startFake(): Promise<number> {
  fake = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      seen.push({ path: req.url ?? '', headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
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

async function serve(name: string, env: Record<string, string>): Promise<void> {
  const port = await freePort();
  bases[name] = `http://127.0.0.1:${port}`;
  served.push(
    spawn(deno, ['run', '--allow-net', '--allow-env', 'index.ts'], {
      cwd: `${functionsDir}${name}`,
      env: { ...process.env, NO_COLOR: '1', PORT: String(port), ...env },
      stdio: 'ignore',
    }),
  );
  const deadline = Date.now() + 100_000;
  while (Date.now() < deadline) {
    try {
      await fetch(bases[name], { method: 'GET' });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error(`${name} did not start`);
}

describe.skipIf(!hasDeno)('the webhooks’ Deno entries', () => {
  beforeAll(async () => {
    const fakePort = await startFake();
    const supabase = {
      SUPABASE_URL: `http://127.0.0.1:${fakePort}`,
      SUPABASE_SERVICE_ROLE_KEY: 'service-role-key',
      SUPABASE_ANON_KEY: 'anon-key',
    };
    await Promise.all([
      serve('payments-webhook', { ...supabase, STRIPE_WEBHOOK_SECRET: 'whsec_deno_test' }),
      serve('kyc-webhook', { ...supabase, SUMSUB_WEBHOOK_SECRET: 'sumsub-deno-test' }),
    ]);
  }, 120_000);

  afterAll(async () => {
    for (const child of served) child.kill();
    await new Promise((resolve) => fake?.close(resolve));
  });

  it('payments-webhook: a Stripe-signed event calls record_payment with the service role; a forged one calls nothing', async () => {
    seen = [];
    const raw = JSON.stringify({
      id: 'evt_deno_1',
      type: 'payment_intent.succeeded',
      data: {
        object: { id: 'pi_deno_1', amount_received: 2000, currency: 'eur', metadata: { member_id: memberId } },
      },
    });
    const t = Math.floor(Date.now() / 1000);
    const post = (secret: string) =>
      fetch(bases['payments-webhook'] ?? '', {
        method: 'POST',
        headers: {
          'stripe-signature': `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${raw}`).digest('hex')}`,
        },
        body: raw,
      });
    expect((await post('whsec_not_ours')).status).toBe(401);
    expect(seen).toEqual([]);
    const good = await post('whsec_deno_test');
    expect(good.status).toBe(200);
    expect(seen.map((s) => s.path)).toEqual(['/rest/v1/rpc/record_payment']);
    expect(seen[0]?.headers.authorization).toBe('Bearer service-role-key');
    expect(JSON.parse(seen[0]?.body ?? '{}')).toEqual({
      member_id: memberId,
      provider_ref: 'pi_deno_1',
      amount_cents: 2000,
      currency: 'EUR',
      status: 'settled',
      event_id: 'evt_deno_1',
    });
  });

  it('kyc-webhook: a Sumsub-signed review calls apply_kyc_result with the service role; a forged one calls nothing', async () => {
    seen = [];
    const raw = JSON.stringify({
      type: 'applicantReviewed',
      applicantId: 'app-deno-1',
      externalUserId: memberId,
      reviewResult: { reviewAnswer: 'GREEN' },
      createdAtMs: Date.now(),
    });
    const post = (secret: string) =>
      fetch(bases['kyc-webhook'] ?? '', {
        method: 'POST',
        headers: {
          'x-payload-digest': createHmac('sha256', secret).update(raw).digest('hex'),
          'x-payload-digest-alg': 'HMAC_SHA256_HEX',
        },
        body: raw,
      });
    expect((await post('not-the-secret')).status).toBe(401);
    expect(seen).toEqual([]);
    expect((await post('sumsub-deno-test')).status).toBe(200);
    expect(seen.map((s) => s.path)).toEqual(['/rest/v1/rpc/apply_kyc_result']);
    expect(seen[0]?.headers.authorization).toBe('Bearer service-role-key');
    expect(JSON.parse(seen[0]?.body ?? '{}')).toMatchObject({ member_id: memberId, result: 'approved', reason: null });
  });
});

import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { investmentQuote, sampleSharedRows } from '@vault/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationFiles, readSql, supabaseDir } from './db';

/**
 * The ledger under concurrent sessions, on a real PostgreSQL 15 (Debian's postgresql-15 in
 * /usr/lib/postgresql/15/bin, started as supabase/bench/run.ts does): parallel submissions and
 * withdrawals against one member's cash never overdraw it, never hold the same cash twice, and
 * no error but the expected refusal reaches a caller. PGlite has one session, so it cannot show
 * this; without the server the test is skipped with a message.
 */

const PG_BIN = '/usr/lib/postgresql/15/bin';
const available = existsSync(join(PG_BIN, 'postgres'));
if (!available) {
  console.warn(`ledger-concurrency: skipped, no PostgreSQL 15 server in ${PG_BIN} (apt-get install postgresql-15)`);
}

const asPostgresUser = (args: string[]) =>
  process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--', ...args] : args;

function sh(args: string[]): void {
  const [cmd, ...rest] = args;
  if (!cmd) throw new Error('no command');
  const result = spawnSync(cmd, rest, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${args.join(' ')} failed:\n${result.stderr}${result.stdout}`);
}

let dir = '';
const port = String(55_000 + (process.pid % 1_000));

/** One psql session running `sql`: its rows (tab-separated), its errors, its exit status. */
function psql(sql: string, stopOnError = true): Promise<{ rows: string[][]; stderr: string; status: number | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'psql',
      [
        '-h',
        dir,
        '-p',
        port,
        '-U',
        'postgres',
        '-d',
        'postgres',
        '-X',
        '-q',
        '-At',
        '-F',
        '\t',
        '-v',
        `ON_ERROR_STOP=${stopOnError ? 1 : 0}`,
      ],
      { stdio: ['pipe', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (status) => {
      const rows = stdout
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => line.split('\t'));
      resolve({ rows, stderr, status });
    });
    child.stdin.end(sql);
  });
}

async function run(sql: string): Promise<string[][]> {
  const result = await psql(sql);
  if (result.status !== 0) throw new Error(`psql failed:\n${result.stderr}`);
  return result.rows;
}

const asMember = (id: string, body: string) => `
  begin;
  select set_config('request.jwt.claims', '${JSON.stringify({ sub: id, role: 'authenticated', app_metadata: { role: 'investor' } })}', true) \\g /dev/null
  set local role authenticated;
  ${body}
  commit;`;

const asService = (body: string) => `
  begin;
  select set_config('request.jwt.claims', '{"role":"service_role"}', true) \\g /dev/null
  set local role service_role;
  ${body}
  commit;`;

const opportunity = sampleSharedRows.opportunities.find((o) => o.open)?.id ?? '';

beforeAll(async () => {
  if (!available) return;
  dir = mkdtempSync(join(tmpdir(), 'vault-ledger-pg-'));
  chmodSync(dir, 0o777);
  if (process.getuid?.() === 0) sh(['chown', 'postgres', dir]);
  const data = join(dir, 'data');
  sh(asPostgresUser([join(PG_BIN, 'initdb'), '-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']));
  sh(
    asPostgresUser([
      join(PG_BIN, 'pg_ctl'),
      '-D',
      data,
      '-l',
      join(dir, 'log'),
      '-w',
      '-o',
      `-k ${dir} -p ${port} -c listen_addresses='' -c fsync=off -c synchronous_commit=off`,
      'start',
    ]),
  );
  await run(readSql(join(supabaseDir, 'tests', 'shim.sql')));
  for (const file of migrationFiles()) await run(readSql(join(supabaseDir, 'migrations', file)));
  await run(readSql(join(supabaseDir, 'seed.sql')));
}, 300_000);

afterAll(() => {
  if (!available || !dir) return;
  const [cmd = 'true', ...args] = asPostgresUser([
    join(PG_BIN, 'pg_ctl'),
    '-D',
    join(dir, 'data'),
    '-m',
    'fast',
    'stop',
  ]);
  spawnSync(cmd, args);
  rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!available)('the ledger under concurrent sessions (PostgreSQL 15)', () => {
  it('never overdraws one member’s cash: parallel submissions and withdrawals each see the others’ holds', async () => {
    const [[member] = []] = await run(`
      insert into auth.users (id, aud, role, email, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
      values (gen_random_uuid(), 'authenticated', 'authenticated', 'parallel@example.test',
              '{"role":"investor"}', '{}', now(), now())
      returning id;`);
    if (!member) throw new Error('no member');
    await run(`
      update public.profiles set crossmint_wallet_id = 'wallet-p', kyc_status = 'approved', first_onramp_ok = true where id = '${member}';
      insert into public.investor_profiles (member_id, country, category) values ('${member}', 'NL', 'corporate');`);
    const deposit = 100_000;
    await run(
      asService(
        `select 1 from public.record_payment('${member}', 'pi_parallel', ${deposit}, 'EUR', 'settled', 'evt_parallel') \\g /dev/null`,
      ),
    );

    const invest = 20_000;
    const withdraw = 15_000;
    const sessions = [
      ...Array.from({ length: 8 }, () =>
        psql(
          asMember(
            member,
            `select status from public.submit_investment('${opportunity}', ${invest}, 'bank', gen_random_uuid());`,
          ),
          false,
        ),
      ),
      ...Array.from({ length: 8 }, () =>
        psql(asMember(member, `select status from public.request_withdrawal(${withdraw}, gen_random_uuid());`), false),
      ),
    ];
    const results = await Promise.all(sessions);
    const statuses = results.slice(0, 8).map((r) => r.rows[0]?.[0]);
    const withdrawals = results.slice(8);
    // Every submission is answered; a withdrawal is answered or refused for want of cash, nothing else.
    for (const r of results.slice(0, 8)) expect(r.stderr).toBe('');
    for (const r of withdrawals) {
      if (r.stderr !== '') expect(r.stderr).toMatch(/ERROR: {2}the amount exceeds your available cash/);
    }
    const pending = statuses.filter((s) => s === 'Pending').length;
    const granted = withdrawals.filter((r) => r.rows[0]?.[0] === 'requested').length;
    expect(pending + statuses.filter((s) => s === 'Awaiting payment').length).toBe(8);
    const total = investmentQuote(invest, 'bank').totalCents;
    const held = pending * total + granted * withdraw;
    expect(held).toBeLessThanOrEqual(deposit);
    // Greedy: whatever order they ran in, the cash left could not cover one more of either.
    expect(deposit - held).toBeLessThan(Math.max(total, withdraw));

    const [[avail, heldCents, totalCents] = []] = await run(
      asMember(member, 'select available_cents, held_cents, total_cents from public.my_balance();'),
    );
    expect([Number(avail), Number(heldCents), Number(totalCents)]).toEqual([deposit - held, held, deposit]);
    const [[failure] = []] = await run(`
      begin;
      select set_config('request.jwt.claims', '{"sub":"${member}","role":"authenticated","app_metadata":{"role":"mfo_admin"}}', true) \\g /dev/null
      set local role authenticated;
      select coalesce(public.ledger_verify(), 'ok');
      commit;`);
    expect(failure).toBe('ok');
  }, 300_000);
});

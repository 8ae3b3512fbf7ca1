import type { PGlite, Transaction } from '@electric-sql/pglite';
import {
  type BackendTableName,
  backendErrors,
  backendTableNames,
  DEMO_WALLET_PREFIX,
  demoAccounts,
  MIN_FIRST_ONRAMP_CENTS,
  type Role,
  readScope,
  sampleMemberRows,
  sampleSharedRows,
  tableRowSchemas,
} from '@vault/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveSampleRows, runSampleSpv } from './actors';
import { type Account, asActor, createUser, seededDb, setDemoMode, tryQuery, type Who } from './db';

/**
 * The access matrix on PGlite with the migrations and the seed: every table × every kind of
 * caller × select, insert, update and delete, each cell asserted allowed or denied; every
 * server-owned profile column; the demo functions with demo mode on and off; the new-user
 * trigger. The member list has its own file (list-members.test.ts). Expectations are written
 * out here, independently of the domain's
 * `readScope`, and a first test checks that both say the same.
 */

const actorNames = [
  'anon',
  'investorA',
  'investorB',
  'cl_spv_admin',
  'eq_spv_admin',
  'production_spv',
  'compliance',
  'mfo_admin',
  'adminFlag',
] as const;
type ActorName = (typeof actorNames)[number];

/**
 * Who reads each table, written out: 'own' rows only, every 'signed-in' member, 'records' (own
 * rows, and every row for compliance, mfo_admin and the admin flag), or these actors.
 */
const readers: Record<BackendTableName, 'own' | 'signed-in' | 'records' | ActorName[]> = {
  profiles: 'own',
  documents: 'own',
  investments: 'own',
  notifications: 'own',
  upcoming_actions: 'own',
  opportunities: 'signed-in',
  opportunity_details: 'signed-in',
  loans: ['cl_spv_admin', 'mfo_admin', 'adminFlag'],
  repayments: ['cl_spv_admin', 'mfo_admin', 'adminFlag'],
  equity_holdings: ['eq_spv_admin', 'mfo_admin', 'adminFlag'],
  production_assets: ['production_spv', 'mfo_admin', 'adminFlag'],
  compliance_alerts: ['compliance', 'mfo_admin', 'adminFlag'],
  audit_logs: ['compliance', 'mfo_admin', 'adminFlag'],
  activity: ['mfo_admin', 'adminFlag'],
  audit_events: 'records',
  agreement_signatures: 'records',
  document_signatures: 'records',
  investor_profiles: 'records',
};
const recordReaders: ActorName[] = ['compliance', 'mfo_admin', 'adminFlag'];

const ownerColumn: Partial<Record<BackendTableName, string>> = {
  profiles: 'id',
  documents: 'user_id',
  investments: 'user_id',
  notifications: 'user_id',
  upcoming_actions: 'user_id',
  audit_events: 'member_id',
  agreement_signatures: 'member_id',
  document_signatures: 'member_id',
  investor_profiles: 'member_id',
};

let db: PGlite;
const accounts = {} as Record<Exclude<ActorName, 'anon'>, Account>;

function who(name: ActorName): Who {
  return name === 'anon' ? 'anon' : accounts[name];
}

function roleOf(name: Exclude<ActorName, 'anon'>): Role {
  return name === 'investorA' || name === 'investorB' || name === 'adminFlag' ? 'investor' : name;
}

beforeAll(async () => {
  db = await seededDb();
  // Fresh accounts, made while demo mode is on (the seed's setting); each is given a copy of the
  // sample rows, so every member table holds rows of each of them (a new member's own: below).
  for (const name of actorNames) {
    if (name === 'anon') continue;
    accounts[name] = await createUser(db, { role: roleOf(name), isAdmin: name === 'adminFlag' });
  }
  await giveSampleRows(
    db,
    actorNames.flatMap((name) => (name === 'anon' ? [] : [accounts[name]])),
  );
  // Each SPV role runs the sample SPV of its kind, which holds every sample loan, holding or asset
  // of that kind (offerings.test.ts reads them as an SPV administrator of another SPV).
  for (const name of ['cl_spv_admin', 'eq_spv_admin', 'production_spv'] as const)
    await runSampleSpv(db, accounts[name]);
});

afterAll(async () => {
  await db?.close();
});

function sampleCount(table: BackendTableName): number {
  if (table in sampleMemberRows) return sampleMemberRows[table as keyof typeof sampleMemberRows].length;
  if (table in sampleSharedRows) return sampleSharedRows[table as keyof typeof sampleSharedRows].length;
  return 0;
}

async function profileOf(id: string): Promise<Record<string, unknown>> {
  const { rows } = await db.query<Record<string, unknown>>('select * from public.profiles where id = $1', [id]);
  const row = rows[0];
  if (!row) throw new Error(`no profile ${id}`);
  return row;
}

describe('the written-out readers', () => {
  it('agree with the contract the domain derives from the route table', () => {
    for (const table of backendTableNames) {
      for (const name of actorNames) {
        const reader = name === 'anon' ? null : { role: roleOf(name), isAdmin: name === 'adminFlag' };
        const r = readers[table];
        const expected =
          name === 'anon'
            ? 'none'
            : r === 'own'
              ? 'own'
              : r === 'records'
                ? recordReaders.includes(name)
                  ? 'all'
                  : 'own'
                : r === 'signed-in' || r.includes(name)
                  ? 'all'
                  : 'none';
        expect(readScope(table, reader), `${name} on ${table}`).toBe(expected);
      }
    }
  });
});

describe.each(backendTableNames)('%s', (table) => {
  const owner = ownerColumn[table];

  it.each(actorNames)('select as %s', async (name) => {
    const result = await asActor(db, who(name), (tx) => tryQuery(tx, `select * from public.${table}`));
    // anon holds no privilege on any table of the contract (anon.test.ts).
    if (name === 'anon') {
      expect(result).toMatchObject({
        ok: false,
        code: '42501',
        message: backendErrors.permissionDenied(table).message,
      });
      return;
    }
    if (!result.ok) throw new Error(`${name} select ${table}: ${result.message}`);
    const rows = result.value.rows;
    const r = readers[table];
    if (r === 'records') {
      // A fresh fixture: none of these accounts has signed or done anything yet (signatures.test.ts
      // and the conformance scenarios read these after signing). The seed's records are the demo
      // investor's (its funded sample history, demo-history.test.ts): only the record readers see them.
      const investor = demoAccounts.find((a) => a.role === 'investor')?.id;
      expect(rows.filter((row) => row[owner ?? 'id'] !== investor)).toEqual([]);
      if (!(recordReaders as string[]).includes(name)) expect(rows).toEqual([]);
    } else if (r === 'own') {
      const me = accounts[name].id;
      expect(rows.length).toBe(table === 'profiles' ? 1 : sampleCount(table));
      expect(rows.every((row) => row[owner ?? 'id'] === me)).toBe(true);
    } else if (r === 'signed-in' || r.includes(name)) {
      expect(rows.length).toBe(sampleCount(table));
    } else expect(rows).toEqual([]);
  });

  it.each(actorNames)('insert as %s is refused', async (name) => {
    const me = name === 'anon' ? accounts.investorA.id : accounts[name].id;
    const row = insertRow(table, me);
    const result = await asActor(db, who(name), (tx) => tryQuery(tx, insertSql(table, row), [JSON.stringify(row)]));
    expect(result).toMatchObject({ ok: false, code: '42501' });
    if (!result.ok) expect(result.message).toBe(backendErrors.permissionDenied(table).message);
  });

  it.each(actorNames)('delete as %s is refused and removes nothing', async (name) => {
    const before = (await db.query<{ n: number }>(`select count(*)::int as n from public.${table}`)).rows[0]?.n;
    const result = await asActor(db, who(name), (tx) => tryQuery(tx, `delete from public.${table}`));
    expect(result).toMatchObject({ ok: false, code: '42501' });
    const after = (await db.query<{ n: number }>(`select count(*)::int as n from public.${table}`)).rows[0]?.n;
    expect(after).toBe(before);
  });

  if (table !== 'profiles') {
    it.each(actorNames)('update as %s is refused', async (name) => {
      // An identity column can only be set to DEFAULT: update the owner column there instead.
      const column = ownerColumn[table] === 'member_id' ? 'member_id' : Object.keys(tableRowSchemas[table].entries)[0];
      const result = await asActor(db, who(name), (tx) =>
        tryQuery(tx, `update public.${table} set "${column}" = "${column}"`),
      );
      expect(result).toMatchObject({ ok: false, code: '42501' });
    });
  }
});

/**
 * The insert of a row: a member record names its given columns, as PostgREST would (its key is an
 * identity, which only DEFAULT may fill); the others take every column of the row.
 */
function insertSql(table: BackendTableName, row: Record<string, unknown>): string {
  const from = `jsonb_populate_record(null::public.${table}, $1)`;
  if (ownerColumn[table] !== 'member_id') return `insert into public.${table} select * from ${from}`;
  const columns = Object.keys(row)
    .map((c) => `"${c}"`)
    .join(', ');
  return `insert into public.${table} (${columns}) select ${columns} from ${from}`;
}

function insertRow(table: BackendTableName, me: string): Record<string, unknown> {
  if (table === 'profiles') return { id: me, name: 'Intruder' };
  if (ownerColumn[table] === 'member_id') return { member_id: me };
  if (table in sampleMemberRows) {
    const sample = sampleMemberRows[table as keyof typeof sampleMemberRows][0];
    return { ...sample, id: 'intruder', user_id: me };
  }
  if (table in sampleSharedRows) {
    const sample = sampleSharedRows[table as keyof typeof sampleSharedRows][0] as Record<string, unknown>;
    return { ...sample, id: 'intruder', name: 'intruder', company: 'intruder', issue: 'intruder' };
  }
  throw new Error(`no insert row for ${table}`);
}

describe('profile columns', () => {
  const signedIn = actorNames.filter((n): n is Exclude<ActorName, 'anon'> => n !== 'anon');
  const values: Record<string, string> = {
    name: `'Changed Name'`,
    preferences: `'{"email": false}'::jsonb`,
    kyc_status: `'approved'`,
    first_onramp_ok: 'true',
    crossmint_wallet_id: `'demo-wallet-intruder'`,
    updated_at: `'2000-01-01T00:00:00Z'`,
    id: 'gen_random_uuid()',
  };

  async function update(name: ActorName, column: string, target: string, demo: boolean) {
    return asActor(db, who(name), async (tx: Transaction) => {
      // The setting changes inside the rolled-back transaction, as the server would see it.
      await tx.exec('reset role');
      await setDemoMode(tx, demo);
      await tx.exec(`set local role ${name === 'anon' ? 'anon' : 'authenticated'}`);
      const result = await tryQuery(
        tx,
        `update public.profiles set ${column} = ${values[column]} where id = $1 returning *`,
        [target],
      );
      await tx.exec('reset role');
      const after = (await tx.query<Record<string, unknown>>('select * from public.profiles where id = $1', [target]))
        .rows[0];
      return { result, after };
    });
  }

  for (const demo of [true, false]) {
    describe(`demo mode ${demo ? 'on' : 'off'}`, () => {
      it.each(['kyc_status', 'first_onramp_ok', 'crossmint_wallet_id', 'id'])(
        'no one signed in may change %s, on their own row or another',
        async (column) => {
          for (const name of signedIn) {
            for (const target of [accounts[name].id, accounts.investorB.id]) {
              const before = await profileOf(target);
              const { result, after } = await update(name, column, target, demo);
              expect(result, `${name} ${column}`).toMatchObject({
                ok: false,
                code: '42501',
                message: backendErrors.permissionDenied('profiles').message,
              });
              expect(after).toEqual(before);
            }
          }
        },
      );

      it('anon may change no column', async () => {
        for (const column of Object.keys(values)) {
          const { result } = await update('anon', column, accounts.investorA.id, demo);
          expect(result, column).toMatchObject({ ok: false, code: '42501' });
        }
      });

      it.each(['name', 'preferences', 'updated_at'])(
        'another member’s %s is out of reach (no row matches)',
        async (column) => {
          for (const name of signedIn) {
            const target = name === 'investorB' ? accounts.investorA.id : accounts.investorB.id;
            const before = await profileOf(target);
            const { result, after } = await update(name, column, target, demo);
            expect(result, name).toMatchObject({ ok: true, value: { rows: [] } });
            expect(after).toEqual(before);
          }
        },
      );

      it('a member changes their own name and preferences; updated_at is the server’s', async () => {
        for (const name of signedIn) {
          const me = accounts[name].id;
          const { result, after } = await update(name, 'name', me, demo);
          expect(result.ok).toBe(true);
          expect(after?.name).toBe('Changed Name');
          const prefs = await update(name, 'preferences', me, demo);
          expect(prefs.after?.preferences).toEqual({ email: false });
          const stamped = await update(name, 'updated_at', me, demo);
          expect(stamped.result.ok).toBe(true);
          expect(new Date(String(stamped.after?.updated_at)).getFullYear()).toBeGreaterThan(2000);
        }
      });
    });
  }

  it('a member may not replace or clear an existing wallet id, even in demo mode (no grant, and the trigger)', async () => {
    const me = accounts.investorA.id;
    await asActor(db, 'service_role', async (tx) => {
      await tx.query(`update public.profiles set crossmint_wallet_id = 'cw-real' where id = $1`, [me]);
      await tx.exec('reset role');
      await setDemoMode(tx, true);
      for (const value of [`'demo-wallet-other'`, 'null']) {
        await tx.query(`select set_config('request.jwt.claims', $1, true)`, [
          JSON.stringify({ sub: me, role: 'authenticated', app_metadata: { role: 'investor' } }),
        ]);
        await tx.exec('set local role authenticated');
        const result = await tryQuery(tx, `update public.profiles set crossmint_wallet_id = ${value} where id = $1`, [
          me,
        ]);
        expect(result).toMatchObject({
          ok: false,
          code: '42501',
          message: backendErrors.permissionDenied('profiles').message,
        });
        await tx.exec('reset role');
      }
    });
  });

  it('refuses values outside the profile columns’ limits with the check constraint’s error', async () => {
    const me = accounts.investorA.id;
    const cases: [string, 'name' | 'preferences'][] = [
      [`name = repeat('x', 201)`, 'name'],
      [`preferences = '{"email": "yes"}'::jsonb`, 'preferences'],
      [`preferences = '[true]'::jsonb`, 'preferences'],
    ];
    for (const [set, column] of cases) {
      const result = await asActor(db, accounts.investorA, async (tx) => {
        await tx.exec('reset role');
        await setDemoMode(tx, true);
        await tx.exec('set local role authenticated');
        return tryQuery(tx, `update public.profiles set ${set} where id = $1`, [me]);
      });
      expect(result, set).toMatchObject({ ok: false, ...backendErrors.checkViolation(column) });
    }
    const longest = await asActor(db, accounts.investorA, (tx) =>
      tryQuery(tx, `update public.profiles set name = repeat('x', 200) where id = $1 returning name`, [me]),
    );
    expect(longest.ok).toBe(true);
    // The wallet id is the server's to write; its limit holds for the server too.
    const wallet = await asActor(db, 'service_role', (tx) =>
      tryQuery(tx, `update public.profiles set crossmint_wallet_id = repeat('w', 201) where id = $1`, [me]),
    );
    expect(wallet).toMatchObject({ ok: false, ...backendErrors.checkViolation('crossmint_wallet_id') });
  });

  it('the service role changes every server-owned column', async () => {
    const me = accounts.investorA.id;
    const after = await asActor(db, 'service_role', async (tx) => {
      await tx.query(
        `update public.profiles set kyc_status = 'approved', first_onramp_ok = true, crossmint_wallet_id = 'cw-1' where id = $1`,
        [me],
      );
      return (await tx.query<Record<string, unknown>>('select * from public.profiles where id = $1', [me])).rows[0];
    });
    expect(after).toMatchObject({ kyc_status: 'approved', first_onramp_ok: true, crossmint_wallet_id: 'cw-1' });
  });
});

describe('identity', () => {
  it('takes the role from app_metadata only: a role in user_metadata or at the top level counts for nothing', async () => {
    const me = accounts.investorA.id;
    const rows = await asActor(db, 'anon', async (tx) => {
      await tx.exec('reset role');
      await tx.query(`select set_config('request.jwt.claims', $1, true)`, [
        JSON.stringify({
          sub: me,
          role: 'authenticated',
          vault_role: 'mfo_admin',
          user_metadata: { role: 'mfo_admin', is_admin: true },
          app_metadata: { role: 'investor' },
        }),
      ]);
      await tx.exec('set local role authenticated');
      return (await tx.query('select * from public.loans')).rows;
    });
    expect(rows).toEqual([]);
  });

  it('treats an unknown role as investor and only a JSON true as the admin flag', async () => {
    const me = accounts.investorA.id;
    for (const appMetadata of [{ role: 'superuser' }, { role: 'investor', is_admin: 'true' }, { is_admin: 1 }]) {
      const rows = await asActor(db, 'anon', async (tx) => {
        await tx.exec('reset role');
        await tx.query(`select set_config('request.jwt.claims', $1, true)`, [
          JSON.stringify({ sub: me, role: 'authenticated', app_metadata: appMetadata }),
        ]);
        await tx.exec('set local role authenticated');
        return (await tx.query('select * from public.audit_logs')).rows;
      });
      expect(rows, JSON.stringify(appMetadata)).toEqual([]);
    }
  });

  it('never lets a member write app_metadata: no client role touches auth.users', async () => {
    for (const name of ['anon', 'investorA', 'mfo_admin'] as const) {
      const result = await asActor(db, who(name), (tx) =>
        tryQuery(tx, `update auth.users set raw_app_meta_data = '{"role":"mfo_admin","is_admin":true}' where id = $1`, [
          accounts.investorA.id,
        ]),
      );
      expect(result, name).toMatchObject({ ok: false, code: '42501' });
    }
  });
});

describe('the new-user trigger', () => {
  it('gives a member created while demo mode is on a profile and only the agreement to sign (no sample history)', async () => {
    await asActor(db, 'service_role', async (tx) => {
      await tx.exec('reset role');
      const account = await createUser(tx, { email: 'new.member@example.test' });
      for (const table of Object.keys(sampleMemberRows)) {
        const { rows } = await tx.query<{ id: string }>(`select id::text from public.${table} where user_id = $1`, [
          account.id,
        ]);
        // Sample history is the demo investor's (demo-history.test.ts).
        const toSign = table === 'documents' ? sampleMemberRows.documents.filter((d) => d.status === 'Pending') : [];
        expect(rows, table).toEqual(toSign.map((d) => ({ id: d.id })));
      }
      const { rows } = await tx.query('select * from public.profiles where id = $1', [account.id]);
      expect(rows[0]).toMatchObject({
        name: '',
        kyc_status: 'not_started',
        first_onramp_ok: false,
        crossmint_wallet_id: null,
        preferences: {},
      });
    });
  });

  it('gives a member created while demo mode is off a profile and no rows', async () => {
    await asActor(db, 'service_role', async (tx) => {
      await tx.exec('reset role');
      await setDemoMode(tx, false);
      const account = await createUser(tx, { email: 'quiet@example.test' });
      for (const table of Object.keys(sampleMemberRows)) {
        const { rows } = await tx.query<{ n: number }>(
          `select count(*)::int as n from public.${table} where user_id = $1`,
          [account.id],
        );
        expect(rows[0]?.n, table).toBe(0);
      }
      const { rows } = await tx.query('select kyc_status from public.profiles where id = $1', [account.id]);
      expect(rows).toEqual([{ kyc_status: 'not_started' }]);
    });
  });
});

describe('the demo functions', () => {
  async function call(name: ActorName, sql: string, demo: boolean) {
    return asActor(db, who(name), async (tx) => {
      await tx.exec('reset role');
      await setDemoMode(tx, demo);
      await tx.exec(`set local role ${name === 'anon' ? 'anon' : 'authenticated'}`);
      const result = await tryQuery(tx, sql);
      await tx.exec('reset role');
      const mine =
        name === 'anon'
          ? null
          : (
              await tx.query<Record<string, unknown>>('select * from public.profiles where id = $1', [
                accounts[name].id,
              ])
            ).rows[0];
      const other = (
        await tx.query<Record<string, unknown>>('select * from public.profiles where id = $1', [
          name === 'investorB' ? accounts.investorA.id : accounts.investorB.id,
        ])
      ).rows[0];
      return { result, mine, other };
    });
  }

  const calls = {
    demo_approve_kyc: 'select * from public.demo_approve_kyc()',
    demo_complete_first_onramp: `select * from public.demo_complete_first_onramp(${MIN_FIRST_ONRAMP_CENTS})`,
    demo_reset_first_onramp: 'select * from public.demo_reset_first_onramp()',
    demo_create_wallet: 'select public.demo_create_wallet() as wallet',
  };

  it.each(Object.entries(calls))('%s refuses with demo mode off', async (_fn, sql) => {
    const before = await profileOf(accounts.investorA.id);
    const { result, mine } = await call('investorA', sql, false);
    expect(result).toMatchObject({ ok: false, code: '42501', message: backendErrors.demoModeOff.message });
    expect(mine).toEqual(before);
  });

  it.each(Object.entries(calls))('%s is not for anon', async (fn, sql) => {
    const { result } = await call('anon', sql, true);
    expect(result).toMatchObject({ ok: false, code: '42501', message: backendErrors.functionDenied(fn).message });
  });

  it('demo_approve_kyc approves the caller only and returns the row', async () => {
    const otherBefore = await profileOf(accounts.investorB.id);
    const { result, mine, other } = await call('investorA', calls.demo_approve_kyc, true);
    expect(result).toMatchObject({
      ok: true,
      value: { rows: [{ id: accounts.investorA.id, kyc_status: 'approved' }] },
    });
    expect(mine?.kyc_status).toBe('approved');
    expect(other).toEqual(otherBefore);
  });

  it('demo_complete_first_onramp needs the minimum, then sets the flag; demo_reset_first_onramp clears it', async () => {
    const tooSmall = await call(
      'investorA',
      `select * from public.demo_complete_first_onramp(${MIN_FIRST_ONRAMP_CENTS - 1})`,
      true,
    );
    expect(tooSmall.result).toMatchObject({
      ok: false,
      code: backendErrors.onrampTooSmall.code,
      message: backendErrors.onrampTooSmall.message,
    });
    expect(tooSmall.mine?.first_onramp_ok).toBe(false);
    const nullAmount = await call('investorA', 'select * from public.demo_complete_first_onramp(null)', true);
    expect(nullAmount.result).toMatchObject({ ok: false, code: 'P0001' });

    await asActor(db, accounts.investorA, async (tx) => {
      await tx.exec('reset role');
      await setDemoMode(tx, true);
      await tx.exec('set local role authenticated');
      const done = await tx.query<Record<string, unknown>>(calls.demo_complete_first_onramp);
      expect(done.rows[0]).toMatchObject({ first_onramp_ok: true });
      const reset = await tx.query<Record<string, unknown>>(calls.demo_reset_first_onramp);
      expect(reset.rows[0]).toMatchObject({ first_onramp_ok: false });
      await tx.exec('reset role');
      const other = await tx.query('select first_onramp_ok from public.profiles where id = $1', [
        accounts.investorB.id,
      ]);
      expect(other.rows).toEqual([{ first_onramp_ok: false }]);
    });
  });

  it('demo_create_wallet makes one demo wallet id and returns it again on a second call', async () => {
    await asActor(db, accounts.investorA, async (tx) => {
      await tx.exec('reset role');
      await setDemoMode(tx, true);
      await tx.exec('set local role authenticated');
      const first = (await tx.query<{ wallet: string }>(calls.demo_create_wallet)).rows[0]?.wallet;
      const second = (await tx.query<{ wallet: string }>(calls.demo_create_wallet)).rows[0]?.wallet;
      expect(first?.startsWith(DEMO_WALLET_PREFIX)).toBe(true);
      expect(second).toBe(first);
      const mine = await tx.query('select crossmint_wallet_id from public.profiles where id = $1', [
        accounts.investorA.id,
      ]);
      expect(mine.rows).toEqual([{ crossmint_wallet_id: first }]);
      await tx.exec('reset role');
      const other = await tx.query('select crossmint_wallet_id from public.profiles where id = $1', [
        accounts.investorB.id,
      ]);
      expect(other.rows).toEqual([{ crossmint_wallet_id: null }]);
    });
  });

  it('refuses a token with no user', async () => {
    const result = await asActor(db, 'anon', async (tx) => {
      await tx.exec('reset role');
      await setDemoMode(tx, true);
      await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ role: 'authenticated' })]);
      await tx.exec('set local role authenticated');
      return tryQuery(tx, calls.demo_approve_kyc);
    });
    expect(result).toMatchObject({ ok: false, code: '42501', message: backendErrors.notSignedIn.message });
  });
});

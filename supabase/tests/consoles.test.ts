import type { PGlite, Transaction } from '@electric-sql/pglite';
import {
  actionErrors,
  consoleFunctions,
  mayCallConsoleFunction,
  mayExportReport,
  type ReportKind,
  type Role,
  reportColumns,
  reportKinds,
  roleIds,
} from '@vault/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOwner, become, runSampleSpv } from './actors';
import { type Account, asActor, createUser, executeGrants, seededDb, tryQuery, type Who } from './db';

/**
 * The operators' consoles on the server (10_consoles.sql, docs/backend.md "Consoles"):
 * every function allows exactly the roles the domain names (consoles.ts) and refuses the others
 * with 42501; nobody changes their own role and the next token carries a changed one; alerts,
 * repayments and assets change, record and retry as documented; each report holds only what its
 * role may see; the lists page by keyset without gaps or repeats.
 */

let db: PGlite;
let members: Record<Role, Account> & { adminFlag: Account };
let target: Account;

beforeAll(async () => {
  db = await seededDb();
  const accounts: Partial<Record<Role, Account>> = {};
  for (const role of roleIds) accounts[role] = await createUser(db, { role });
  members = { ...(accounts as Record<Role, Account>), adminFlag: await createUser(db, { isAdmin: true }) };
  // Each SPV role runs the sample SPV of its kind (offerings.test.ts tries another SPV's rows).
  for (const role of ['cl_spv_admin', 'eq_spv_admin', 'production_spv'] as const) await runSampleSpv(db, members[role]);
  target = await createUser(db, { role: 'investor' });
});

afterAll(async () => {
  await db?.close();
});

type CallerName = Role | 'adminFlag' | 'anon' | 'service_role';
const callerNames: readonly CallerName[] = [...roleIds, 'adminFlag', 'anon', 'service_role'];
function who(name: CallerName): Who {
  return name === 'anon' || name === 'service_role' ? name : members[name];
}
function allowed(name: CallerName, may: (caller: { role: Role; isAdmin: boolean }) => boolean): boolean {
  if (name === 'anon' || name === 'service_role') return false;
  return may({ role: members[name].role, isAdmin: members[name].isAdmin });
}

async function firstAlertId(tx: Transaction): Promise<number> {
  const { rows } = await tx.query<{ id: number }>('select min(id)::int as id from public.compliance_alerts');
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('no alert');
  return id;
}

/** One call of each console function with arguments it accepts from its own roles. */
const calls: Record<string, (tx: Transaction) => Promise<[string, unknown[]]>> = {
  list_kyc_queue: async () => ['select * from public.list_kyc_queue(null, null)', []],
  list_audit_events: async () => ['select * from public.list_audit_events(null, null, null, null, null, null)', []],
  audit_names: async () => ['select * from public.audit_names($1::uuid[])', [[target.id]]],
  list_subscriptions: async () => ['select * from public.list_subscriptions(null, null, null)', []],
  member_detail: async () => ['select public.member_detail($1)', [target.id]],
  list_alerts: async () => ['select * from public.list_alerts(null, null, null)', []],
  set_member_role: async () => ['select public.set_member_role($1, $2, $3)', [target.id, 'compliance', false]],
  acknowledge_alert: async (tx) => ['select * from public.acknowledge_alert($1, $2)', [await firstAlertId(tx), 'seen']],
  resolve_alert: async (tx) => ['select * from public.resolve_alert($1, $2)', [await firstAlertId(tx), 'cleared']],
  record_repayment: async () => [
    'select * from public.record_repayment($1, $2, $3, $4)',
    ['LN-2025-014', 100_00, '2025-04-01', 'lender-ref-1'],
  ],
  loan_book: async () => ['select * from public.loan_book()', []],
  set_asset_status: async () => [
    'select * from public.set_asset_status($1, $2, $3)',
    ['Groningen PV Array A', 'Under Maintenance', 'Inverter replaced'],
  ],
};

describe('who may call each console function', () => {
  it('has a call here for every function the domain declares', () => {
    expect(Object.keys(calls).sort()).toEqual(consoleFunctions.map((f) => f.name).sort());
  });

  const cases = consoleFunctions.flatMap((f) => callerNames.map((caller) => ({ fn: f.name, caller })));
  it.each(cases)('$fn as $caller', async ({ fn, caller }) => {
    const call = calls[fn];
    const denial = consoleFunctions.find((f) => f.name === fn)?.denied;
    if (!call) throw new Error(fn);
    const expected = allowed(caller, (c) => mayCallConsoleFunction(fn, c));
    await asActor(db, who(caller), async (tx) => {
      await tx.exec('reset role');
      const [sql, params] = await call(tx);
      await become(tx, who(caller));
      const result = await tryQuery(tx, sql, params);
      if (expected) expect(result).toMatchObject({ ok: true });
      else if (caller === 'anon' || caller === 'service_role')
        expect(result).toMatchObject({ ok: false, code: '42501' });
      else expect(result).toMatchObject({ ok: false, ...denial });
    });
  });
});

describe('audit_names', () => {
  it('names the members an audit page shows; an unknown id answers nothing', async () => {
    await asActor(db, members.compliance, async (tx) => {
      const unknown = '00000000-0000-4000-8000-000000000000';
      const { rows } = await tx.query<{ id: string; name: string }>('select * from public.audit_names($1::uuid[])', [
        [target.id, members.mfo_admin.id, unknown],
      ]);
      expect(rows.map((r) => r.id).sort()).toEqual([target.id, members.mfo_admin.id].sort());
      for (const row of rows) expect(row.name).not.toBe('');
      const many = Array.from({ length: 201 }, () => unknown);
      expect(await tryQuery(tx, 'select * from public.audit_names($1::uuid[])', [many])).toMatchObject({
        ok: false,
        code: '22023',
        message: 'at most 200 ids',
      });
    });
  });
});

describe('export_report', () => {
  const cases = reportKinds.flatMap((kind) => callerNames.map((caller) => ({ kind, caller })));
  it.each(cases)('$kind as $caller: allowed exactly as reportExporters says', async ({ kind, caller }) => {
    const expected = allowed(caller, (c) => mayExportReport(kind, c));
    await asActor(db, who(caller), async (tx) => {
      const result = await tryQuery<{ csv: string }>(tx, 'select public.export_report($1, null, null) as csv', [kind]);
      if (!expected) {
        expect(result).toMatchObject({ ok: false, code: '42501' });
        return;
      }
      expect(result.ok).toBe(true);
      const csv = result.ok ? (result.value.rows[0]?.csv ?? '') : '';
      expect(csv.split('\r\n')[0]).toBe(reportColumns[kind].join(','));
      await tx.exec('reset role');
      const { rows } = await tx.query<{ action: string; subject_id: string }>(
        'select action, subject_id from public.audit_events order by id desc limit 1',
      );
      expect(rows).toEqual([{ action: 'report.exported', subject_id: kind }]);
    });
  });

  it('refuses an unknown kind and a reversed range', async () => {
    await asActor(db, members.mfo_admin, async (tx) => {
      expect(await tryQuery(tx, `select public.export_report('members', null, null)`)).toMatchObject({
        ok: false,
        ...actionErrors.badReportKind,
      });
      expect(
        await tryQuery(tx, `select public.export_report('audit_events', '2026-02-01Z', '2026-01-01Z')`),
      ).toMatchObject({ ok: false, ...actionErrors.badRange });
    });
  });

  async function exportAs(tx: Transaction, account: Account, kind: ReportKind, from: string | null, to: string | null) {
    await become(tx, account);
    const { rows } = await tx.query<{ csv: string }>('select public.export_report($1, $2, $3) as csv', [
      kind,
      from,
      to,
    ]);
    return (rows[0]?.csv ?? '').split('\r\n').filter((line) => line !== '');
  }

  it('writes the repayments with ISO dates, cents and euros, only within the range', async () => {
    await asActor(db, members.cl_spv_admin, async (tx) => {
      await tx.query(`select public.record_repayment('LN-2025-014', 6250050, '2025-04-01', 'ref-a')`);
      await tx.query(`select public.record_repayment('LN-2025-017', 199, '2025-05-02', 'ref-b')`);
      const lines = await exportAs(
        tx,
        members.cl_spv_admin,
        'repayments',
        '2025-04-01T00:00:00Z',
        '2025-05-01T00:00:00Z',
      );
      expect(lines).toHaveLength(2);
      expect(lines[1]).toMatch(
        /^\d+,LN-2025-014,Zonnepark Drenthe B\.V\.,2025-04-01,6250050,62500\.50,\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/,
      );
      const all = await exportAs(tx, members.cl_spv_admin, 'repayments', null, null);
      expect(all.slice(1).map((line) => line.split(',')[5])).toEqual(['62500.50', '1.99']);
    });
  });

  it('writes the KYC decisions with their reasons, and the audit events only to compliance and mfo_admin', async () => {
    await asActor(db, target, async (tx) => {
      await tx.query('select public.start_kyc()');
      await become(tx, members.compliance);
      await tx.query(`select public.review_kyc($1, 'rejected', 'Blurred, "unreadable" scan')`, [target.id]);
      const lines = await exportAs(tx, members.compliance, 'kyc_decisions', null, null);
      const mine = lines.filter((line) => line.includes(target.id));
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatch(
        new RegExp(
          `^\\d+,\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ,${target.id},${target.email},rejected,compliance,"Blurred, ""unreadable"" scan"$`,
        ),
      );
      // eq_spv_admin sees the subscriptions, never the trail or the KYC decisions.
      await become(tx, members.eq_spv_admin);
      for (const kind of ['kyc_decisions', 'audit_events'] as const) {
        expect(await tryQuery(tx, 'select public.export_report($1, null, null)', [kind])).toMatchObject({
          ok: false,
          ...actionErrors.reportDenied,
        });
      }
    });
  });

  it('escapes a field a spreadsheet would run as a formula', async () => {
    await asActor(db, members.cl_spv_admin, async (tx) => {
      await tx.exec('reset role');
      await tx.query(
        `insert into public.loans values ('LN-X', '=HYPERLINK("x")', '€1', 'Active', '2024-06-01', 'spv-lending', 'offshore-wind-baltic')`,
      );
      await become(tx, members.cl_spv_admin);
      await tx.query(`select public.record_repayment('LN-X', 100, '2025-01-01', 'ref-x')`);
      const lines = await exportAs(tx, members.cl_spv_admin, 'repayments', null, null);
      expect(lines.find((line) => line.includes('LN-X'))).toContain(`,"'=HYPERLINK(""x"")",`);
    });
  });
});

describe('set_member_role', () => {
  it('writes the role to raw_app_meta_data, records old and new, notifies, and the next token carries it', async () => {
    // Granting the admin flag takes the admin flag (hardening-rights.test.ts holds the refusals).
    await asActor(db, members.adminFlag, async (tx) => {
      const { rows } = await tx.query<{ result: unknown }>('select public.set_member_role($1, $2, $3) as result', [
        target.id,
        'cl_spv_admin',
        true,
      ]);
      expect(rows[0]?.result).toEqual({ id: target.id, role: 'cl_spv_admin', is_admin: true });
      await tx.exec('reset role');
      const meta = await tx.query<{ meta: Record<string, unknown> }>(
        'select raw_app_meta_data as meta from auth.users where id = $1',
        [target.id],
      );
      const appMetadata = meta.rows[0]?.meta ?? {};
      expect(appMetadata).toMatchObject({ role: 'cl_spv_admin', is_admin: true, provider: 'email' });
      const events = await tx.query<{ action: string; actor_id: string; details: unknown }>(
        `select action, actor_id, details from public.audit_events where member_id = $1`,
        [target.id],
      );
      expect(events.rows).toEqual([
        {
          action: 'member.role_changed',
          actor_id: members.adminFlag.id,
          details: { from: { role: 'investor', is_admin: false }, to: { role: 'cl_spv_admin', is_admin: true } },
        },
      ]);
      const notes = await tx.query<{ title: string }>(
        `select title from public.notifications where user_id = $1 and id like 'evt-%'`,
        [target.id],
      );
      expect(notes.rows).toEqual([{ title: 'Your access changed' }]);
      // The next token, issued after the change: Supabase Auth copies raw_app_meta_data into the
      // app_metadata claim.
      const issued = await tx.query<{ s: number }>('select floor(extract(epoch from clock_timestamp()))::int + 2 as s');
      await tx.query(`select set_config('request.jwt.claims', $1, true)`, [
        JSON.stringify({ sub: target.id, role: 'authenticated', app_metadata: appMetadata, iat: issued.rows[0]?.s }),
      ]);
      await tx.exec('set local role authenticated');
      const claims = await tx.query<{ role: string; admin: boolean }>(
        'select public.vault_role() as role, public.vault_is_admin() as admin',
      );
      expect(claims.rows).toEqual([{ role: 'cl_spv_admin', admin: true }]);
      // A retry records nothing more.
      await become(tx, members.adminFlag);
      await tx.query('select public.set_member_role($1, $2, $3)', [target.id, 'cl_spv_admin', true]);
      await tx.exec('reset role');
      const again = await tx.query(`select 1 from public.audit_events where member_id = $1`, [target.id]);
      expect(again.rows).toHaveLength(1);
    });
  });

  it.each(['mfo_admin', 'adminFlag'] as const)('refuses %s their own account', async (name) => {
    const me = members[name];
    await asActor(db, me, async (tx) => {
      const result = await tryQuery(tx, 'select public.set_member_role($1, $2, $3)', [me.id, 'investor', true]);
      expect(result).toMatchObject({ ok: false, ...actionErrors.roleChangeSelf });
    });
  });

  it('refuses a role that is not a Vault role, a missing flag and an unknown member', async () => {
    await asActor(db, members.mfo_admin, async (tx) => {
      expect(await tryQuery(tx, 'select public.set_member_role($1, $2, false)', [target.id, 'root'])).toMatchObject({
        ok: false,
        ...actionErrors.notAVaultRole,
      });
      expect(await tryQuery(tx, 'select public.set_member_role($1, $2, null)', [target.id, 'investor'])).toMatchObject({
        ok: false,
        ...actionErrors.isAdminRequired,
      });
      expect(
        await tryQuery(tx, 'select public.set_member_role(gen_random_uuid(), $1, false)', ['investor']),
      ).toMatchObject({ ok: false, ...actionErrors.unknownMember });
    });
  });
});

describe('compliance alerts', () => {
  it('move open → acknowledged → resolved with who and when, each recorded once', async () => {
    await asActor(db, members.mfo_admin, async (tx) => {
      await tx.exec('reset role');
      const id = await firstAlertId(tx);
      const before = await tx.query<{ n: number }>('select count(*)::int as n from public.audit_events');
      await become(tx, members.mfo_admin);
      expect(await tryQuery(tx, 'select * from public.resolve_alert($1, null)', [id])).toMatchObject({
        ok: false,
        ...actionErrors.alertNoteRequired,
      });
      for (let i = 0; i < 2; i += 1) await tx.query('select * from public.acknowledge_alert($1, $2)', [id, 'On it']);
      const resolved = await tx.query<{ status: string; resolved_by: string; note: string; acknowledged_by: string }>(
        'select * from public.resolve_alert($1, $2)',
        [id, 'Document renewed'],
      );
      expect(resolved.rows[0]).toMatchObject({
        status: 'resolved',
        acknowledged_by: members.mfo_admin.id,
        resolved_by: members.mfo_admin.id,
        note: 'Document renewed',
      });
      expect(await tryQuery(tx, 'select * from public.acknowledge_alert($1, null)', [id])).toMatchObject({
        ok: false,
        ...actionErrors.alertResolved,
      });
      expect(await tryQuery(tx, 'select * from public.acknowledge_alert(-1, null)')).toMatchObject({
        ok: false,
        ...actionErrors.unknownAlert,
      });
      await tx.exec('reset role');
      const events = await tx.query<{ action: string; subject_id: string }>(
        'select action, subject_id from public.audit_events where id > (select max(id) from public.audit_events) - 2 order by id',
      );
      expect(events.rows).toEqual([
        { action: 'alert.acknowledged', subject_id: String(id) },
        { action: 'alert.resolved', subject_id: String(id) },
      ]);
      const after = await tx.query<{ n: number }>('select count(*)::int as n from public.audit_events');
      expect((after.rows[0]?.n ?? 0) - (before.rows[0]?.n ?? 0)).toBe(2);
    });
  });

  it('are given an id and the open status when inserted without them (the seed)', async () => {
    await asOwner(db, async (tx) => {
      const { rows } = await tx.query<{ id: number; status: string }>(
        `insert into public.compliance_alerts select * from jsonb_populate_record(null::public.compliance_alerts,
           '{"user":"x@example.test","issue":"New","priority":"High"}') returning id, status`,
      );
      expect(rows[0]?.status).toBe('open');
      expect(rows[0]?.id).toBeGreaterThan(0);
    });
  });
});

describe('loans', () => {
  it('store a repayment in cents once, record it, and flag a loan overdue until its instalments are paid', async () => {
    await asActor(db, members.cl_spv_admin, async (tx) => {
      const book = async () =>
        (
          await tx.query<{ id: string; status: string; due_cents: string; paid_cents: string; overdue: boolean }>(
            `select id, status, due_cents::text, paid_cents::text, overdue from public.loan_book() where id = 'LN-2025-014'`,
          )
        ).rows[0];
      // The seed's schedule: quarterly instalments of €62,500 from 2025-04-01; nothing repaid yet.
      const due = await tx.query<{ cents: string }>(
        `select sum(amount_cents)::text as cents from public.loan_schedule
         where loan_id = 'LN-2025-014' and due_on < (now() at time zone 'UTC')::date`,
      );
      const dueCents = due.rows[0]?.cents ?? '0';
      expect(Number(dueCents)).toBeGreaterThanOrEqual(12_500_000);
      expect(await book()).toEqual({
        id: 'LN-2025-014',
        status: 'Overdue',
        due_cents: dueCents,
        paid_cents: '0',
        overdue: true,
      });
      for (let i = 0; i < 2; i += 1)
        await tx.query(`select public.record_repayment('LN-2025-014', 6250000, '2025-04-01', 'ref-april')`);
      expect(await book()).toMatchObject({ paid_cents: '6250000', overdue: true });
      await tx.query(`select public.record_repayment('LN-2025-014', $1, '2025-07-01', 'ref-rest')`, [
        Number(dueCents) - 6_250_000,
      ]);
      expect(await book()).toMatchObject({ status: 'Active', paid_cents: dueCents, overdue: false });
      await tx.exec('reset role');
      const events = await tx.query<{ details: Record<string, unknown> }>(
        `select details from public.audit_events where action = 'repayment.recorded' order by id`,
      );
      expect(events.rows.map((r) => r.details.amount_cents)).toEqual([6250000, Number(dueCents) - 6_250_000]);
    });
  });

  it('refuse a zero amount, a future date, an unknown and a pending loan', async () => {
    await asActor(db, members.cl_spv_admin, async (tx) => {
      const attempt = (loan: string, cents: number, on: string) =>
        tryQuery(tx, 'select public.record_repayment($1, $2, $3, $4)', [loan, cents, on, `ref-${loan}-${on}`]);
      expect(await attempt('LN-2025-014', 0, '2025-01-01')).toMatchObject({ ok: false, ...actionErrors.badAmount });
      expect(await attempt('LN-2025-014', 1, '2999-01-01')).toMatchObject({
        ok: false,
        ...actionErrors.repaymentBadDate,
      });
      expect(await attempt('LN-0', 1, '2025-01-01')).toMatchObject({ ok: false, ...actionErrors.unknownLoan });
      expect(await attempt('LN-2025-021', 1, '2025-01-01')).toMatchObject({ ok: false, ...actionErrors.loanNotActive });
    });
  });
});

describe('assets', () => {
  it('store the status, record the change with its note, and change nothing on a retry', async () => {
    await asActor(db, members.production_spv, async (tx) => {
      const set = (status: string, note: string | null) =>
        tryQuery<{ status: string }>(tx, 'select * from public.set_asset_status($1, $2, $3)', [
          'Groningen PV Array A',
          status,
          note,
        ]);
      expect(await set('Under Maintenance', ' ')).toMatchObject({ ok: false, ...actionErrors.noteRequired });
      expect(await set('Broken', 'x')).toMatchObject({ ok: false, ...actionErrors.badAssetStatus });
      expect(await set('Under Maintenance', 'Inverter')).toMatchObject({
        ok: true,
        value: { rows: [{ status: 'Under Maintenance' }] },
      });
      expect(await set('Under Maintenance', 'Inverter')).toMatchObject({ ok: true });
      await tx.exec('reset role');
      const events = await tx.query<{ details: unknown }>(
        `select details from public.audit_events where action = 'asset.status_changed'`,
      );
      expect(events.rows).toEqual([{ details: { from: 'Operational', to: 'Under Maintenance', note: 'Inverter' } }]);
    });
  });
});

describe('keyset paging', () => {
  async function pages<T>(fetch: (cursor: T | null) => Promise<{ rows: unknown[]; cursor: T | null }>) {
    const seen: unknown[] = [];
    let cursor: T | null = null;
    for (let i = 0; i < 100; i += 1) {
      const page = await fetch(cursor);
      if (page.rows.length === 0) break;
      seen.push(...page.rows);
      cursor = page.cursor;
    }
    return seen;
  }

  it('list_kyc_queue: every pending member once, oldest submission first', async () => {
    await asActor(db, members.compliance, async (tx) => {
      await tx.exec('reset role');
      const waiting: string[] = [];
      for (let i = 0; i < 7; i += 1) {
        const m = await createUser(tx);
        await tx.query(
          `insert into public.kyc_cases (member_id, submitted_at) values ($1, now() - make_interval(mins => $2))`,
          [m.id, 100 - i],
        );
        await tx.query(`update public.profiles set kyc_status = 'pending' where id = $1`, [m.id]);
        waiting.push(m.id);
      }
      // A decided case never shows.
      const decided = await createUser(tx);
      await tx.query(`insert into public.kyc_cases (member_id, submitted_at, decided_at) values ($1, now(), now())`, [
        decided.id,
      ]);
      await become(tx, members.compliance);
      const ids = await pages<string>(async (after) => {
        const { rows } = await tx.query<{ id: string }>('select id from public.list_kyc_queue($1, 3)', [after]);
        return { rows: rows.map((r) => r.id), cursor: rows.at(-1)?.id ?? null };
      });
      expect(ids).toEqual(waiting);
    });
  });

  it('list_audit_events: newest first, every event once, filters applied on the server', async () => {
    await asActor(db, members.compliance, async (tx) => {
      // Events from several members and actions.
      for (const m of [members.investor, members.compliance, members.mfo_admin, target]) {
        await become(tx, m);
        await tx.query('select public.start_kyc()');
        await tx.query('select public.demo_approve_kyc()');
      }
      await tx.exec('reset role');
      const all = await tx.query<{ id: string }>(
        'select id::text from public.audit_events order by occurred_at desc, id desc',
      );
      await become(tx, members.compliance);
      const ids = await pages<string>(async (before) => {
        const { rows } = await tx.query<{ id: string }>(
          'select id::text from public.list_audit_events(null, null, null, null, $1, 5)',
          [before],
        );
        return { rows: rows.map((r) => r.id), cursor: rows.at(-1)?.id ?? null };
      });
      expect(all.rows.length).toBeGreaterThan(5);
      expect(ids).toEqual(all.rows.map((r) => r.id));
      await become(tx, members.compliance);
      const mine = await tx.query<{ member_id: string; action: string }>(
        `select member_id, action from public.list_audit_events($1, 'kyc.submitted', now() - interval '1 hour', now() + interval '1 hour', null, null)`,
        [members.compliance.id],
      );
      expect(mine.rows).toEqual([{ member_id: members.compliance.id, action: 'kyc.submitted' }]);
    });
  });

  it('list_subscriptions: Pending first, then by submission, every investment once', async () => {
    await asActor(db, members.eq_spv_admin, async (tx) => {
      await tx.exec('reset role');
      await tx.query(
        `insert into public.investments (user_id, opportunity_id, opportunity_name, amount_cents, management_fee_cents,
           card_fee_cents, total_cents, method, status, submitted_at)
         select $1, 'solar-park-groningen', 'Op', 1000, 0, 0, 1000, 'bank', case when i % 3 = 0 then 'Pending' else 'Active' end,
                now() - make_interval(mins => i)
         from generate_series(1, 10) as i`,
        [target.id],
      );
      const expected = await tx.query<{ id: string }>(
        // The SPV's own subscriptions only (offerings.test.ts: another SPV's are never listed).
        `select i.id::text from public.investments i
         where i.opportunity_id in (select o.id from public.opportunities o where o.spv_id = 'spv-equity')
         order by (i.status <> 'Pending'), i.submitted_at, i.id`,
      );
      await become(tx, members.eq_spv_admin);
      const rows = await pages<string>(async (after) => {
        const page = await tx.query<{ id: string; status: string }>(
          'select id, status from public.list_subscriptions(null, $1, 4)',
          [after],
        );
        return { rows: page.rows, cursor: page.rows.at(-1)?.id ?? null };
      });
      expect(rows.map((r) => (r as { id: string }).id)).toEqual(expected.rows.map((r) => r.id));
      const statuses = rows.map((r) => (r as { status: string }).status);
      expect(statuses.slice(0, statuses.lastIndexOf('Pending') + 1).every((s) => s === 'Pending')).toBe(true);
      const pending = await tx.query<{ status: string }>(
        `select status from public.list_subscriptions('Pending', null, null)`,
      );
      expect(new Set(pending.rows.map((r) => r.status))).toEqual(new Set(['Pending']));
    });
  });
});

describe('the internal helpers of the consoles', () => {
  it.each(['alert_transition', 'compliance_alerts_defaults', 'csv_field', 'csv_line', 'csv_time', 'csv_euros'])(
    '%s is executable by no client role and not by the service role',
    async (name) => {
      expect(await executeGrants(db, name)).toEqual([{ anon: false, authenticated: false, service_role: false }]);
    },
  );

  it('the domain writes a CSV field and euros as the SQL does', async () => {
    const { csvField, centsToEuros } = await import('@vault/domain');
    const samples = ['plain', 'a,b', 'say "hi"', '=SUM(A1)', '-5', 'line\nbreak', ''];
    for (const sample of samples) {
      const { rows } = await db.query<{ out: string }>('select public.csv_field($1) as out', [sample]);
      expect(rows[0]?.out, sample).toBe(csvField(sample));
    }
    for (const cents of [0, 1, 99, 100, 123456, 6250050]) {
      const { rows } = await db.query<{ out: string }>('select public.csv_euros($1) as out', [cents]);
      expect(rows[0]?.out, String(cents)).toBe(centsToEuros(cents));
    }
  });
});

import type { PGlite, Transaction } from '@electric-sql/pglite';
import { actionErrors } from '@vault/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOwner, become, type CallerName, type Callers, callerNames, createCallers, whoIs } from './actors';
import { type Account, asActor, createUser, seededDb, tryQuery } from './db';

/**
 * Retention and personal data (docs/security.md "Rules the server holds"): deleting an account
 * keeps its regulated records and archives its name and email; pseudonymise_member, run by
 * compliance, erases the personal data of a deleted account, in the audit trail's payloads too,
 * without breaking audit_verify(), and records that it ran.
 */

let db: PGlite;
let callers: Callers;

beforeAll(async () => {
  db = await seededDb();
  callers = await createCallers(db);
});

afterAll(async () => {
  await db?.close();
});

const kept = [
  'kyc_cases',
  'investor_profiles',
  'appropriateness_assessments',
  'investments',
  'payments',
  'agreement_signatures',
  'document_signatures',
] as const;

/** A member with a row in every regulated table, and personal data in their trail. */
async function memberWithRecords(tx: Transaction): Promise<Account> {
  await tx.exec('reset role');
  const member = await createUser(tx);
  await tx.query(`update public.profiles set name = 'Ada Example' where id = $1`, [member.id]);
  await become(tx, member);
  await tx.query('select public.start_kyc()');
  await tx.query(`select public.save_investor_profile('DE', 'retail', '{}')`);
  await become(tx, callers.compliance);
  await tx.query(`select public.review_kyc($1, 'resubmission_requested', 'Name on the ID is Ada Example.')`, [
    member.id,
  ]);
  await tx.exec('reset role');
  await tx.query(
    `insert into public.appropriateness_assessments (member_id, version, answers, score, passed)
     values ($1, 'v', '{"q": "a"}', 1, false)`,
    [member.id],
  );
  await tx.query(
    `insert into public.payments (member_id, provider_ref, amount_cents, currency, status) values ($1, $2, 2000, 'EUR', 'pending')`,
    [member.id, `pi_${member.id}`],
  );
  await tx.query(
    `insert into public.agreement_signatures (member_id, version, document_sha256)
     select $1, version, repeat('a', 64) from public.agreement_versions limit 1`,
    [member.id],
  );
  await tx.query(
    `insert into public.document_signatures (member_id, document_id, document_sha256, signer_email)
     values ($1, 'doc-1', repeat('b', 64), $2)`,
    [member.id, member.email],
  );
  const { rows } = await tx.query<{ n: number }>(
    'select count(*)::int as n from public.investments where user_id = $1',
    [member.id],
  );
  if (!rows[0]?.n) {
    // A new member has none (sample history is the demo investor's): one like the sample's.
    await tx.query(
      `insert into public.investments (user_id, opportunity_id, opportunity_name, amount_cents, management_fee_cents,
         card_fee_cents, total_cents, method, status, submitted_at, decided_at)
       select $1, r.opportunity_id, r.opportunity_name, r.amount_cents, r.management_fee_cents, r.card_fee_cents,
         r.total_cents, r.method, r.status, r.submitted_at, r.decided_at
       from public.sample_member_rows s
       cross join lateral jsonb_populate_record(null::public.investments, s.data - 'id' - 'user_id' - 'idempotency_key') r
       where s.table_name = 'investments' order by s.id limit 1`,
      [member.id],
    );
  }
  return member;
}

async function counts(tx: Transaction, member: Account): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of kept) {
    const column = table === 'investments' ? 'user_id' : 'member_id';
    const { rows } = await tx.query<{ n: number }>(
      `select count(*)::int as n from public.${table} where ${column} = $1`,
      [member.id],
    );
    out[table] = rows[0]?.n ?? 0;
  }
  return out;
}

async function verify(tx: Transaction): Promise<string | null> {
  await become(tx, 'service_role');
  const { rows } = await tx.query<{ broken: string | null }>('select public.audit_verify()::text as broken');
  await tx.exec('reset role');
  return rows[0]?.broken ?? null;
}

describe('deleting an account', () => {
  it('keeps the KYC case, declaration, appropriateness results, investments, payments and signatures', async () => {
    await asOwner(db, async (tx) => {
      const member = await memberWithRecords(tx);
      const before = await counts(tx, member);
      for (const table of kept) expect(before[table], table).toBeGreaterThan(0);
      await tx.query('delete from auth.users where id = $1', [member.id]);
      expect(await counts(tx, member)).toEqual(before);
      const archive = await tx.query(
        'select email, name, pseudonymised_at from public.member_archive where member_id = $1',
        [member.id],
      );
      expect(archive.rows).toEqual([{ email: member.email, name: 'Ada Example', pseudonymised_at: null }]);
      const { rows } = await tx.query(
        `select action from public.audit_events where member_id = $1 order by id desc limit 1`,
        [member.id],
      );
      expect(rows).toEqual([{ action: 'member.deleted' }]);
    });
  });
});

describe('pseudonymise_member', () => {
  it('erases the personal data of a deleted account, in the trail too, and the chain still verifies', async () => {
    await asOwner(db, async (tx) => {
      const member = await memberWithRecords(tx);
      await tx.query('delete from auth.users where id = $1', [member.id]);
      expect(await verify(tx)).toBeNull();
      await become(tx, callers.compliance);
      const { rows } = await tx.query<{ r: { audit_events_erased: number } }>(
        `select public.pseudonymise_member($1, 'Erasure request of 2026-11-27') as r`,
        [member.id],
      );
      expect(rows[0]?.r.audit_events_erased).toBeGreaterThan(0);
      await tx.exec('reset role');
      expect(await verify(tx)).toBeNull();
      const trail = await tx.query<{ action: string; details: Record<string, unknown> }>(
        'select action, details from public.audit_events where member_id = $1 order by id',
        [member.id],
      );
      const text = JSON.stringify(trail.rows);
      expect(text).not.toContain('Ada Example');
      expect(trail.rows.find((e) => e.action === 'kyc.resubmission_requested')?.details.reason).toBe('[erased]');
      expect(trail.rows.find((e) => e.action === 'investor.classified')?.details.answers).toBe('[erased]');
      expect(trail.rows.at(-1)).toMatchObject({
        action: 'member.pseudonymised',
        details: { basis: 'Erasure request of 2026-11-27' },
      });
      const archive = await tx.query('select email, name from public.member_archive where member_id = $1', [member.id]);
      expect(archive.rows).toEqual([{ email: null, name: null }]);
      const kyc = await tx.query('select reason from public.kyc_cases where member_id = $1', [member.id]);
      expect(kyc.rows).toEqual([{ reason: '[erased]' }]);
      const signature = await tx.query('select signer_email from public.document_signatures where member_id = $1', [
        member.id,
      ]);
      expect(signature.rows).toEqual([{ signer_email: '' }]);
      // A second run changes nothing and records nothing.
      const before = await tx.query<{ n: number }>('select count(*)::int as n from public.audit_events');
      await become(tx, callers.compliance);
      await tx.query(`select public.pseudonymise_member($1, 'again')`, [member.id]);
      await tx.exec('reset role');
      expect((await tx.query('select count(*)::int as n from public.audit_events')).rows).toEqual(before.rows);
    });
  });

  it('refuses an open account, one’s own, no reason and an unknown member', async () => {
    await asActor(db, callers.compliance, async (tx) => {
      const call = 'select public.pseudonymise_member($1, $2)';
      expect(await tryQuery(tx, call, [callers.investorA.id, 'request'])).toMatchObject({
        ok: false,
        ...actionErrors.pseudonymiseAccountOpen,
      });
      expect(await tryQuery(tx, call, [callers.compliance.id, 'request'])).toMatchObject({
        ok: false,
        ...actionErrors.pseudonymiseSelf,
      });
      expect(await tryQuery(tx, call, [crypto.randomUUID(), ' '])).toMatchObject({
        ok: false,
        ...actionErrors.pseudonymiseReasonRequired,
      });
      expect(await tryQuery(tx, call, [crypto.randomUUID(), 'request'])).toMatchObject({
        ok: false,
        ...actionErrors.unknownMember,
      });
    });
  });

  it.each(callerNames)('as %s', async (name: CallerName) => {
    const result = await asActor(db, whoIs(callers, name), async (tx) => {
      const member = await memberWithRecords(tx);
      await tx.query('delete from auth.users where id = $1', [member.id]);
      await become(tx, whoIs(callers, name));
      return tryQuery(tx, 'select public.pseudonymise_member($1, $2)', [member.id, 'request']);
    });
    if (name === 'compliance') expect(result).toMatchObject({ ok: true });
    else if (name === 'anon' || name === 'service_role')
      expect(result).toMatchObject({ ok: false, ...actionErrors.functionDenied('pseudonymise_member') });
    else expect(result).toMatchObject({ ok: false, ...actionErrors.pseudonymiseDenied });
  });

  it('leaves the trail append-only for everything else: no other update passes, even with the erasure switch', async () => {
    await asOwner(db, async (tx) => {
      await tx.query(
        `select public.audit_append('kyc.rejected', null, 't', 's', '{"reason": "x", "status": "rejected"}')`,
      );
      expect(
        await tryQuery(
          tx,
          `update public.audit_events set action = 'kyc.approved' where id = (select max(id) from public.audit_events)`,
        ),
      ).toMatchObject({
        ok: false,
        ...actionErrors.auditReadOnly,
      });
      await tx.query(`select set_config('vault.audit_erasure', 'on', true)`);
      expect(
        await tryQuery(
          tx,
          `update public.audit_events set details = details || '{"status": "approved"}' where id = (select max(id) from public.audit_events)`,
        ),
      ).toMatchObject({ ok: false, ...actionErrors.auditReadOnly });
      expect(
        await tryQuery(
          tx,
          `update public.audit_events set details = details || '{"reason": "[erased]"}', erased = '{"reason": "0000"}' where id = (select max(id) from public.audit_events)`,
        ),
      ).toMatchObject({ ok: false, ...actionErrors.auditReadOnly });
    });
  });
});

describe('member_archive', () => {
  it.each(callerNames)('is read by compliance and the admin flag only: as %s', async (name: CallerName) => {
    const result = await asActor(db, whoIs(callers, name), async (tx) => {
      const member = await memberWithRecords(tx);
      await tx.query('delete from auth.users where id = $1', [member.id]);
      await become(tx, whoIs(callers, name));
      return tryQuery<{ member_id: string }>(tx, 'select member_id from public.member_archive where member_id = $1', [
        member.id,
      ]);
    });
    if (name === 'compliance' || name === 'adminFlag')
      expect(result).toMatchObject({ ok: true, value: { rows: [{}] } });
    else if (name === 'anon' || name === 'service_role') expect(result).toMatchObject({ ok: false, code: '42501' });
    else expect(result).toMatchObject({ ok: true, value: { rows: [] } });
  });
});

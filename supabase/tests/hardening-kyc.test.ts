import type { PGlite, Transaction } from '@electric-sql/pglite';
import { actionErrors, kycNotification } from '@vault/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOwner, become, type CallerName, type Callers, callerNames, createCallers, whoIs } from './actors';
import { type Account, asActor, createUser, seededDb, tryQuery } from './db';

/**
 * KYC in order (docs/security.md "Rules the server holds", H3), four eyes on KYC and alerts, and
 * staff reads of personal data recorded: a provider result applies only to a case under review
 * and only when newer than the last result; an older or unsolicited one is recorded and ignored;
 * a final rejection is reopened only by compliance, with a reason; the queue shows the earlier
 * decisions; nobody reviews their own case or an alert about themselves.
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

const apply = 'select kyc_status from public.apply_kyc_result($1, $2, $3, $4, $5)';
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

async function statusOf(tx: Transaction, member: Account): Promise<string | undefined> {
  await tx.exec('reset role');
  const { rows } = await tx.query<{ kyc_status: string }>('select kyc_status from public.profiles where id = $1', [
    member.id,
  ]);
  return rows[0]?.kyc_status;
}

async function actionsOf(tx: Transaction, member: Account): Promise<string[]> {
  await tx.exec('reset role');
  const { rows } = await tx.query<{ action: string }>(
    'select action from public.audit_events where member_id = $1 order by id',
    [member.id],
  );
  return rows.map((r) => r.action);
}

describe('apply_kyc_result: only a case under review, only a newer result', () => {
  it('ignores (and records) a result for a member who never started KYC', async () => {
    const member = await createUser(db);
    await asActor(db, 'service_role', async (tx) => {
      expect(await tryQuery(tx, apply, [member.id, 'approved', null, 'evt-h-1', minutesAgo(1)])).toMatchObject({
        ok: true,
        value: { rows: [{ kyc_status: 'not_started' }] },
      });
      expect(await statusOf(tx, member)).toBe('not_started');
      expect(await actionsOf(tx, member)).toEqual(['kyc.result_ignored']);
    });
  });

  it('keeps the provider’s own final rejection against its late approval', async () => {
    const member = await createUser(db);
    await asActor(db, member, async (tx) => {
      await tx.query('select public.start_kyc()');
      await become(tx, 'service_role');
      await tx.query(apply, [member.id, 'rejected', 'Forged document.', 'evt-h-2', minutesAgo(2)]);
      await become(tx, 'service_role');
      await tx.query(apply, [member.id, 'approved', null, 'evt-h-3', minutesAgo(5)]);
      expect(await statusOf(tx, member)).toBe('rejected');
      expect(await actionsOf(tx, member)).toEqual(['kyc.submitted', 'kyc.rejected', 'kyc.result_ignored']);
    });
  });

  it('keeps a compliance officer’s rejection against a provider approval that arrives after it', async () => {
    const member = await createUser(db);
    await asActor(db, member, async (tx) => {
      await tx.query('select public.start_kyc()');
      await become(tx, callers.compliance);
      await tx.query('select public.review_kyc($1, $2, $3)', [member.id, 'rejected', 'Sanctions list match.']);
      await become(tx, 'service_role');
      await tx.query(apply, [member.id, 'approved', null, 'evt-h-4', minutesAgo(0)]);
      expect(await statusOf(tx, member)).toBe('rejected');
    });
  });

  it('ignores a result older than the last one applied, even once the member is under review again', async () => {
    const member = await createUser(db);
    await asActor(db, member, async (tx) => {
      await tx.query('select public.start_kyc()');
      await become(tx, 'service_role');
      await tx.query(apply, [member.id, 'resubmission_requested', 'Blurred.', 'evt-h-5', minutesAgo(2)]);
      await become(tx, member);
      await tx.query('select public.start_kyc()');
      await become(tx, 'service_role');
      await tx.query(apply, [member.id, 'approved', null, 'evt-h-6', minutesAgo(10)]);
      expect(await statusOf(tx, member)).toBe('pending');
      await become(tx, 'service_role');
      await tx.query(apply, [member.id, 'approved', null, 'evt-h-7', minutesAgo(1)]);
      expect(await statusOf(tx, member)).toBe('approved');
      await tx.exec('reset role');
      const { rows } = await tx.query<{ details: Record<string, unknown> }>(
        `select details from public.audit_events where member_id = $1 and action = 'kyc.result_ignored'`,
        [member.id],
      );
      expect(rows).toEqual([
        {
          details: expect.objectContaining({
            event_id: 'evt-h-6',
            result: 'approved',
            status: 'pending',
            why: 'older_than_last_result',
          }),
        },
      ]);
    });
  });

  it('stores the country the provider verified', async () => {
    const member = await createUser(db);
    await asActor(db, member, async (tx) => {
      await tx.query('select public.start_kyc()');
      await become(tx, 'service_role');
      await tx.query('select public.apply_kyc_result($1, $2, $3, $4, $5, $6)', [
        member.id,
        'approved',
        null,
        'evt-h-8',
        minutesAgo(1),
        'DE',
      ]);
      await tx.exec('reset role');
      const { rows } = await tx.query('select verified_country from public.kyc_cases where member_id = $1', [
        member.id,
      ]);
      expect(rows).toEqual([{ verified_country: 'DE' }]);
      await become(tx, 'service_role');
      expect(
        await tryQuery(tx, 'select public.apply_kyc_result($1, $2, $3, $4, $5, $6)', [
          member.id,
          'approved',
          null,
          'evt-h-9',
          minutesAgo(1),
          'XX',
        ]),
      ).toMatchObject({ ok: false, code: '22023' });
    });
  });
});

describe('a final rejection', () => {
  it('cannot be reopened by the member; compliance reopens it with a reason the member reads', async () => {
    const member = await createUser(db);
    await asActor(db, member, async (tx) => {
      await tx.query('select public.start_kyc()');
      await become(tx, callers.compliance);
      await tx.query('select public.review_kyc($1, $2, $3)', [member.id, 'rejected', 'Document expired.']);
      await become(tx, member);
      expect(await tryQuery(tx, 'select public.start_kyc()')).toMatchObject({
        ok: false,
        ...actionErrors.kycRejectedFinal,
      });
      expect(await statusOf(tx, member)).toBe('rejected');
      await become(tx, callers.compliance);
      expect(await tryQuery(tx, 'select kyc_status from public.reopen_kyc($1, $2)', [member.id, ' '])).toMatchObject({
        ok: false,
        ...actionErrors.kycReopenReasonRequired,
      });
      expect(
        await tryQuery(tx, 'select kyc_status from public.reopen_kyc($1, $2)', [member.id, 'New passport received.']),
      ).toMatchObject({ ok: true, value: { rows: [{ kyc_status: 'resubmission_requested' }] } });
      await tx.exec('reset role');
      const notes = await tx.query<{ title: string; body: string }>(
        `select title, body from public.notifications where user_id = $1 and id like 'evt-%' order by id`,
        [member.id],
      );
      expect(notes.rows.slice(-2)).toEqual([
        kycNotification('rejected', 'Document expired.'),
        kycNotification('resubmission_requested', 'New passport received.'),
      ]);
      await become(tx, member);
      expect(await tryQuery(tx, 'select kyc_status from public.start_kyc()')).toMatchObject({
        ok: true,
        value: { rows: [{ kyc_status: 'pending' }] },
      });
      // The queue shows the case with every earlier decision.
      await become(tx, callers.compliance);
      const { rows } = await tx.query<{ id: string; decisions: { action: string; reason: string | null }[] }>(
        'select id, decisions from public.list_kyc_queue(null, 200)',
      );
      const mine = rows.find((r) => r.id === member.id);
      expect(mine?.decisions.map((d) => [d.action, d.reason])).toEqual([
        ['kyc.rejected', 'Document expired.'],
        ['kyc.reopened', 'New passport received.'],
      ]);
    });
  });

  it.each(callerNames)('reopen_kyc as %s', async (name: CallerName) => {
    const member = await createUser(db);
    const result = await asActor(db, whoIs(callers, name), async (tx) => {
      await tx.exec('reset role');
      await tx.query(`update public.profiles set kyc_status = 'rejected' where id = $1`, [member.id]);
      await become(tx, whoIs(callers, name));
      return tryQuery(tx, 'select kyc_status from public.reopen_kyc($1, $2)', [member.id, 'Appeal upheld.']);
    });
    if (name === 'compliance' || name === 'adminFlag') expect(result).toMatchObject({ ok: true });
    else if (name === 'anon' || name === 'service_role')
      expect(result).toMatchObject({ ok: false, ...actionErrors.functionDenied('reopen_kyc') });
    else expect(result).toMatchObject({ ok: false, ...actionErrors.kycReviewDenied });
  });

  it('reopen_kyc refuses a case that is not rejected, one’s own case, and an unknown member', async () => {
    await asActor(db, callers.compliance, async (tx) => {
      const fresh = await (async () => {
        await tx.exec('reset role');
        return createUser(tx);
      })();
      await become(tx, callers.compliance);
      expect(await tryQuery(tx, 'select public.reopen_kyc($1, $2)', [fresh.id, 'x'])).toMatchObject({
        ok: false,
        ...actionErrors.kycNotRejected,
      });
      expect(await tryQuery(tx, 'select public.reopen_kyc($1, $2)', [callers.compliance.id, 'x'])).toMatchObject({
        ok: false,
        ...actionErrors.kycSelfReview,
      });
      expect(
        await tryQuery(tx, 'select public.reopen_kyc($1, $2)', ['00000000-0000-4000-8000-00000000ffff', 'x']),
      ).toMatchObject({ ok: false, ...actionErrors.unknownMember });
    });
  });
});

describe('four eyes', () => {
  it.each(['compliance', 'adminFlag'] as const)('%s does not review their own KYC case', async (name) => {
    const me = callers[name];
    await asActor(db, me, async (tx) => {
      await tx.query('select public.start_kyc()');
      expect(await tryQuery(tx, 'select public.review_kyc($1, $2, null)', [me.id, 'approved'])).toMatchObject({
        ok: false,
        ...actionErrors.kycSelfReview,
      });
      expect(await statusOf(tx, me)).toBe('pending');
    });
  });

  it.each(['mfo_admin', 'adminFlag'] as const)(
    '%s does not acknowledge or resolve an alert about themselves',
    async (name) => {
      const me = callers[name];
      await asActor(db, me, async (tx) => {
        await tx.exec('reset role');
        const { rows } = await tx.query<{ id: number }>(
          `insert into public.compliance_alerts ("user", issue, priority, member_id)
         values ($1, 'Large deposit', 'High', $2) returning id`,
          [me.email, me.id],
        );
        const id = rows[0]?.id;
        await become(tx, me);
        for (const fn of ['acknowledge_alert', 'resolve_alert']) {
          expect(await tryQuery(tx, `select * from public.${fn}($1, $2)`, [id, 'Fine.'])).toMatchObject({
            ok: false,
            ...actionErrors.alertSelfReview,
          });
        }
        // Another operator may.
        await become(tx, name === 'mfo_admin' ? callers.adminFlag : callers.mfo_admin);
        expect(await tryQuery(tx, 'select * from public.acknowledge_alert($1, $2)', [id, 'Looking.'])).toMatchObject({
          ok: true,
        });
      });
    },
  );
});

describe('staff reads of personal data are recorded', () => {
  it('member_detail records member.personal_data_viewed for the member read, by the reader', async () => {
    const member = await createUser(db);
    await asActor(db, callers.mfo_admin, async (tx) => {
      await tx.query('select public.member_detail($1)', [member.id]);
      await tx.exec('reset role');
      const { rows } = await tx.query(
        `select action, actor_id, member_id, details from public.audit_events where action = 'member.personal_data_viewed'`,
      );
      expect(rows).toEqual([
        {
          action: 'member.personal_data_viewed',
          actor_id: callers.mfo_admin.id,
          member_id: member.id,
          details: { view: 'member_detail' },
        },
      ]);
    });
  });

  it('list_kyc_queue records the members it listed, and nothing for an empty page', async () => {
    const member = await createUser(db);
    await asActor(db, member, async (tx) => {
      await tx.query('select public.start_kyc()');
      await become(tx, callers.compliance);
      await tx.query('select * from public.list_kyc_queue(null, 200)');
      await tx.exec('reset role');
      const { rows } = await tx.query<{ details: { view: string; members: string[] } }>(
        `select details from public.audit_events where action = 'member.personal_data_viewed'`,
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]?.details.view).toBe('kyc_queue');
      expect(rows[0]?.details.members).toContain(member.id);
    });
    await asOwner(db, async (tx) => {
      await tx.query(`update public.profiles set kyc_status = 'approved' where kyc_status = 'pending'`);
      await become(tx, callers.compliance);
      await tx.query('select * from public.list_kyc_queue(null, 200)');
      await tx.exec('reset role');
      const { rows } = await tx.query(`select 1 from public.audit_events where action = 'member.personal_data_viewed'`);
      expect(rows).toEqual([]);
    });
  });
});

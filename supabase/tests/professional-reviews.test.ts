import type { PGlite, Transaction } from '@electric-sql/pglite';
import { actionErrors } from '@vault/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { become, type CallerName, type Callers, callerNames, createCallers, whoIs } from './actors';
import { type Account, asActor, createUser, seededDb, setDemoMode, tryQuery } from './db';

/**
 * Compliance's list of professional declarations waiting for review (list_professional_reviews):
 * who may read it, its order and cap, the caller's own left out, the read recorded, and a
 * decision taking a declaration off it.
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

const save = 'select public.save_investor_profile($1, $2, $3::jsonb)';
const list = 'select * from public.list_professional_reviews()';
const professional = { portfolio_over_500k: true, one_year_in_finance: true };

interface ReviewRow {
  member_id: string;
  name: string;
  email: string;
  country: string;
  category: string;
  previous_category: string | null;
  declared_at: Date;
  answers: Record<string, boolean>;
}

/** Clears the declarations the seed or the callers hold, so each case sees only its own. */
async function noneWaiting(tx: Transaction): Promise<void> {
  await tx.exec('reset role');
  await tx.query(
    `update public.investor_profiles set professional_status = null where professional_status = 'pending'`,
  );
}

/** `member` declares themselves professional (after `first`, if given), `minutesAgo` back. */
async function declare(tx: Transaction, member: Account, minutesAgo: number, first?: string): Promise<void> {
  await become(tx, member);
  if (first) await tx.query(save, ['FR', first, '{}']);
  await tx.query(save, ['FR', 'professional', JSON.stringify(professional)]);
  await tx.exec('reset role');
  await tx.query(
    `update public.investor_profiles set declared_at = now() - make_interval(mins => $2) where member_id = $1`,
    [member.id, minutesAgo],
  );
}

async function viewsRecorded(
  tx: Transaction,
): Promise<{ actor_id: string; member_id: string | null; details: unknown }[]> {
  await tx.exec('reset role');
  const { rows } = await tx.query<{ actor_id: string; member_id: string | null; details: unknown }>(
    `select actor_id, member_id, details from public.audit_events
     where action = 'member.personal_data_viewed' order by id`,
  );
  return rows;
}

describe('list_professional_reviews', () => {
  it.each(callerNames)('as %s', async (name: CallerName) => {
    const member = await createUser(db);
    const result = await asActor(db, member, async (tx) => {
      await noneWaiting(tx);
      await declare(tx, member, 5);
      await become(tx, whoIs(callers, name));
      return tryQuery<ReviewRow>(tx, list);
    });
    if (name === 'compliance' || name === 'adminFlag') {
      expect(result).toMatchObject({ ok: true, value: { rows: [{ member_id: member.id }] } });
    } else if (name === 'anon' || name === 'service_role') {
      expect(result).toMatchObject({ ok: false, ...actionErrors.functionDenied('list_professional_reviews') });
    } else {
      // mfo_admin without the flag is refused too, as the KYC queue refuses it.
      expect(result).toMatchObject({ ok: false, ...actionErrors.professionalReviewsReadDenied });
    }
  });

  it('answers each waiting declaration with what justifies it, oldest first, and nothing else', async () => {
    const older = await createUser(db, { email: 'older.pro@example.test' });
    const newer = await createUser(db, { email: 'newer.pro@example.test' });
    const settled = await createUser(db);
    const retail = await createUser(db);
    await asActor(db, callers.compliance, async (tx) => {
      await noneWaiting(tx);
      await tx.query(`update public.profiles set name = 'Olga Older' where id = $1`, [older.id]);
      await tx.query(`update public.profiles set name = '' where id = $1`, [newer.id]);
      await declare(tx, newer, 10);
      await declare(tx, older, 60, 'retail');
      await declare(tx, settled, 90);
      await become(tx, retail);
      await tx.query(save, ['FR', 'retail', '{}']);
      // An approved declaration is no longer waiting.
      await become(tx, callers.compliance);
      await tx.query('select public.review_professional_status($1, $2, null)', [settled.id, 'approved']);
      const { rows } = await tx.query<ReviewRow>(list);
      expect(rows.map((r) => r.member_id)).toEqual([older.id, newer.id]);
      expect(rows[0]).toMatchObject({
        name: 'Olga Older',
        email: older.email,
        country: 'FR',
        category: 'professional',
        previous_category: 'retail',
        answers: professional,
      });
      // No name: the email stands in for it, as in the KYC queue.
      expect(rows[1]).toMatchObject({ name: newer.email, email: newer.email, previous_category: null });
      expect(rows[0]?.declared_at.getTime()).toBeLessThan(rows[1]?.declared_at.getTime() ?? 0);
    });
  });

  it('leaves out the caller’s own declaration, which another reviewer sees', async () => {
    const other = await createUser(db);
    await asActor(db, callers.adminFlag, async (tx) => {
      await noneWaiting(tx);
      await declare(tx, callers.adminFlag, 30);
      await declare(tx, other, 20);
      await become(tx, callers.adminFlag);
      const mine = await tx.query<ReviewRow>(list);
      expect(mine.rows.map((r) => r.member_id)).toEqual([other.id]);
      await become(tx, callers.compliance);
      const theirs = await tx.query<ReviewRow>(list);
      expect(theirs.rows.map((r) => r.member_id)).toEqual([callers.adminFlag.id, other.id]);
    });
  });

  it('answers at most 200, the oldest, and records them all in one read', async () => {
    await asActor(db, callers.compliance, async (tx) => {
      await noneWaiting(tx);
      await setDemoMode(tx, false);
      // 201 members declared, one a minute: the newest is the one left out.
      const { rows: made } = await tx.query<{ id: string }>(
        `with made as (
           insert into auth.users (id, aud, role, email, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
           select gen_random_uuid(), 'authenticated', 'authenticated', 'cap' || i || '@example.test',
                  '{"role":"investor"}', '{}', now(), now()
           from generate_series(1, 201) i
           returning id, email
         )
         insert into public.investor_profiles (member_id, country, category, answers, declared_at, professional_status)
         select id, 'FR', 'professional', $1::jsonb,
                now() - make_interval(mins => 1000 - substring(email from 'cap([0-9]+)@')::int), 'pending'
         from made
         returning member_id as id`,
        [JSON.stringify(professional)],
      );
      expect(made).toHaveLength(201);
      const { rows: expected } = await tx.query<{ id: string }>(
        `select member_id as id from public.investor_profiles where professional_status = 'pending'
         order by declared_at, member_id limit 200`,
      );
      const before = (await viewsRecorded(tx)).length;
      await become(tx, callers.compliance);
      const { rows } = await tx.query<ReviewRow>(list);
      expect(rows).toHaveLength(200);
      expect(rows.map((r) => r.member_id)).toEqual(expected.map((r) => r.id));
      expect(rows.at(-1)?.email).toBe('cap200@example.test');
      const views = await viewsRecorded(tx);
      expect(views).toHaveLength(before + 1);
      expect(views.at(-1)).toEqual({
        actor_id: callers.compliance.id,
        member_id: null,
        details: { view: 'professional_reviews', members: expected.map((r) => r.id) },
      });
    });
  });

  it('records each read of the members listed, by the reader, and nothing for an empty list', async () => {
    const member = await createUser(db);
    await asActor(db, callers.compliance, async (tx) => {
      await noneWaiting(tx);
      const before = (await viewsRecorded(tx)).length;
      await become(tx, callers.compliance);
      expect((await tx.query(list)).rows).toEqual([]);
      expect(await viewsRecorded(tx)).toHaveLength(before);
      await declare(tx, member, 5);
      await become(tx, callers.compliance);
      await tx.query(list);
      await tx.query(list);
      const views = (await viewsRecorded(tx)).slice(before);
      expect(views).toEqual([
        {
          actor_id: callers.compliance.id,
          member_id: null,
          details: { view: 'professional_reviews', members: [member.id] },
        },
        {
          actor_id: callers.compliance.id,
          member_id: null,
          details: { view: 'professional_reviews', members: [member.id] },
        },
      ]);
    });
  });

  it('a refused read records nothing', async () => {
    const member = await createUser(db);
    await asActor(db, callers.mfo_admin, async (tx) => {
      await noneWaiting(tx);
      await declare(tx, member, 5);
      const before = (await viewsRecorded(tx)).length;
      await become(tx, callers.mfo_admin);
      expect(await tryQuery(tx, list)).toMatchObject({ ok: false, ...actionErrors.professionalReviewsReadDenied });
      expect(await viewsRecorded(tx)).toHaveLength(before);
    });
  });

  it.each(['approved', 'rejected'] as const)(
    'once %s through review_professional_status, a declaration leaves the list',
    async (decision) => {
      const first = await createUser(db);
      const second = await createUser(db);
      await asActor(db, callers.compliance, async (tx) => {
        await noneWaiting(tx);
        await declare(tx, first, 20);
        await declare(tx, second, 10);
        await become(tx, callers.compliance);
        expect((await tx.query<ReviewRow>(list)).rows.map((r) => r.member_id)).toEqual([first.id, second.id]);
        const reviewed = await tx.query<{ professional_status: string }>(
          'select professional_status from public.review_professional_status($1, $2, $3)',
          [first.id, decision, decision === 'rejected' ? 'No evidence of the portfolio.' : null],
        );
        expect(reviewed.rows[0]?.professional_status).toBe(decision);
        expect((await tx.query<ReviewRow>(list)).rows.map((r) => r.member_id)).toEqual([second.id]);
      });
    },
  );
});

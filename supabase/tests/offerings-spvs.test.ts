import type { PGlite } from '@electric-sql/pglite';
import { actionErrors, sampleSharedRows, validOfferingDetails } from '@vault/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { become } from './actors';
import { type Account, asActor, createUser, executeGrants } from './db';
import { call, hold, type Members, offeringSteps, offeringsWorld, owner, refusal } from './offeringsSupport';

/**
 * An SPV's administrators and the others (supabase/schemas/12_offerings.sql, docs/offerings.md): an
 * SPV administrator refused on another SPV's offering, subscriptions, loans and assets; a sample
 * opportunity; the internal helpers.
 */

let db: PGlite;
let m: Members;
const { create, opened } = offeringSteps(() => m);

beforeAll(async () => {
  ({ db, m } = await offeringsWorld());
});

afterAll(async () => {
  await db?.close();
});

describe('an SPV administrator and another SPV', () => {
  it('is refused on another SPV’s offering, as every other SPV role is', async () => {
    await asActor(db, m.eq, async (tx) => {
      const id = await create(tx);
      for (const other of [m.eqOther, m.cl, m.prod]) {
        for (const [sql, params] of [
          ['select public.update_offering($1, $2::jsonb)', [id, '{"name":"Mine now"}']],
          ['select public.submit_offering($1)', [id]],
          ['select public.withdraw_offering($1, $2)', [id, 'No']],
          ['select public.close_offering($1)', [id]],
        ] as const) {
          expect(await call(tx, other, sql, [...params])).toMatchObject(refusal(actionErrors.offeringSpvDenied));
        }
        expect(
          await call(tx, other, 'select public.create_offering($1::jsonb)', [JSON.stringify(validOfferingDetails)]),
        ).toMatchObject(refusal(actionErrors.offeringSpvDenied));
      }
      // Moving a draft to an SPV one does not run is refused too.
      expect(
        await call(tx, m.eq, 'select public.update_offering($1, $2::jsonb)', [id, '{"spv_id":"spv-equity-2"}']),
      ).toMatchObject(refusal(actionErrors.offeringSpvDenied));
    });
  });

  it('lists, reviews and exports only its own SPVs’ subscriptions', async () => {
    await asActor(db, m.eq, async (tx) => {
      const id = await opened(tx);
      const investment = await hold(tx, m.investor, id, 1_000_000);
      const listed = async (reader: Account) => {
        await become(tx, reader);
        const { rows } = await tx.query<{ id: string }>(
          `select id from public.list_subscriptions('Pending', null, 200)`,
        );
        return rows.map((r) => r.id).includes(investment);
      };
      expect(await listed(m.eq)).toBe(true);
      expect(await listed(m.adminFlag)).toBe(true);
      expect(await listed(m.eqOther)).toBe(false);
      expect(await listed(m.cl)).toBe(false);
      expect(
        await call(tx, m.eqOther, 'select public.review_investment($1, $2, $3)', [investment, 'rejected', 'No']),
      ).toMatchObject(refusal(actionErrors.noSuchInvestment));
      const exported = async (reader: Account) => {
        await become(tx, reader);
        const { rows } = await tx.query<{ csv: string }>(
          `select public.export_report('investments', null, null) as csv`,
        );
        return (rows[0]?.csv ?? '').includes(investment);
      };
      expect(await exported(m.eq)).toBe(true);
      expect(await exported(m.mfo_admin)).toBe(true);
      expect(await exported(m.eqOther)).toBe(false);
    });
  });

  it('reads and acts on only its own SPVs’ loans and assets', async () => {
    await asActor(db, m.cl, async (tx) => {
      await owner(tx);
      await tx.query(`insert into public.spvs values ('spv-lending-2', 'Second Lending SPV', 'lending')`);
      await tx.query(
        `insert into public.loans values ('LN-OTHER', 'Other B.V.', '€1', 'Active', null, 'spv-lending-2')`,
      );
      await tx.query(`insert into public.spvs values ('spv-production-2', 'Second Production SPV', 'production')`);
      await tx.query(
        `insert into public.production_assets values ('Other Array', 'Operational', '€1', 'spv-production-2')`,
      );
      await become(tx, m.cl);
      const loans = await tx.query<{ id: string }>('select id from public.loans');
      expect(loans.rows.map((r) => r.id)).not.toContain('LN-OTHER');
      expect(loans.rows).toHaveLength(sampleSharedRows.loans.length);
      expect(
        await call(tx, m.cl, `select public.record_repayment('LN-OTHER', 100, '2025-01-01', 'REF-1')`),
      ).toMatchObject(refusal(actionErrors.unknownLoan));
      const book = await tx.query<{ id: string }>('select id from public.loan_book()');
      expect(book.rows.map((r) => r.id)).not.toContain('LN-OTHER');
      await become(tx, m.prod);
      const assets = await tx.query<{ name: string }>('select name from public.production_assets');
      expect(assets.rows.map((r) => r.name)).not.toContain('Other Array');
      expect(
        await call(tx, m.prod, `select public.set_asset_status('Other Array', 'Under Maintenance', 'x')`),
      ).toMatchObject(refusal(actionErrors.unknownAsset));
      await become(tx, m.mfo_admin);
      const all = await tx.query<{ id: string }>('select id from public.loans');
      expect(all.rows.map((r) => r.id)).toContain('LN-OTHER');
      // An SPV role listed nowhere reads nothing.
      await owner(tx);
      const stranger = await createUser(tx, { role: 'cl_spv_admin' });
      await become(tx, stranger);
      expect((await tx.query('select id from public.loans')).rows).toEqual([]);
    });
  });
});

// -----------------------------------------------------------------------------------------------
describe('a sample opportunity', () => {
  it('confirms a subscription one by one and issues its units at once', async () => {
    await asActor(db, m.eq, async (tx) => {
      const sample = sampleSharedRows.opportunities.find((o) => o.spv_id === 'spv-equity' && o.open);
      if (!sample) throw new Error('no open equity sample');
      // Submitted by a retail investor whose reflection period is over, with KYC approved.
      const investment = await hold(tx, m.investor, sample.id, 505_050);
      await tx.query(`update public.profiles set kyc_status = 'approved' where id = $1`, [m.investor.id]);
      expect(
        await call(tx, m.eq, 'select status from public.review_investment($1, $2, null)', [investment, 'confirmed']),
      ).toMatchObject({ ok: true, value: { rows: [{ status: 'Active' }] } });
      await become(tx, m.investor);
      const { rows } = await tx.query(
        'select opportunity_id, units, cost_cents, value_cents, status from public.my_positions()',
      );
      expect(rows).toEqual([
        { opportunity_id: sample.id, units: 5_050, cost_cents: 505_000, value_cents: 505_000, status: 'Active' },
      ]);
    });
  });
});

describe('the internal helpers', () => {
  it.each([
    'offering_settle_holds',
    'offering_issue',
    'offering_reflection_ends_at',
    'offering_end',
    'offering_open',
    'offering_for_spv',
    'offering_for_review',
    'offering_issue_units',
    'offering_held_cents',
    'offering_details_error',
    'offering_allocation',
    'vault_acts_for_spv',
  ])('%s is executable by no client role and not by the service role', async (name) => {
    expect(await executeGrants(db, name)).toEqual([{ anon: false, authenticated: false, service_role: false }]);
  });
});

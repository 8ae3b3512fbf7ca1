import type { PriceOfDay } from '@vault/domain';
import * as v from 'valibot';
import type { CallResult } from '../../backend/callResult';
import { loadTable } from '../../backend/tables';
import type { SessionStore } from '../../session/store';
import { callForOperator, type PagedList, useOperatorCall, usePagedList } from '../audit/pagedCall';

/**
 * An offering's maturity (docs/lifecycle.md §4). Before maturing it its SPV reads when its units
 * were first issued and how many are outstanding (`offering_records`), its price history
 * (`unit_prices`) and whether it has matured (`offering_maturities`): tables row-level security
 * opens to them. `mature_offering` then pays each holder units × the final price, once.
 */

/** A `public.offering_maturities` row, as `mature_offering` answers it (without who matured it). */
const MaturitySchema = v.object({
  opportunity_id: v.string(),
  matured_at: v.string(),
  final_price_cents: v.number(),
  holders: v.number(),
  units: v.number(),
  paid_cents: v.number(),
});
export type Maturity = v.InferOutput<typeof MaturitySchema>;

const RecordSchema = v.object({ decided_at: v.nullable(v.string()), issued_units: v.number() });
const PriceSchema = v.object({ as_of: v.string(), price_cents: v.number() });

/** What the SPV's console knows of an offering before maturing it. */
export interface MaturityFacts {
  /** When it was last decided: for an issued offering, its close, when its units were first issued. */
  decidedAt: string | null;
  /** The units issued and not redeemed; null when the offering has no record. */
  unitsOutstanding: number | null;
  prices: readonly PriceOfDay[];
  /** Its maturity, once it has matured. */
  maturity: Maturity | null;
}

const ALL = 10_000;

export async function readMaturityFacts(
  store: SessionStore,
  offeringId: string,
): Promise<CallResult<{ facts: MaturityFacts }>> {
  if (!store.getState().session.user) return { ok: false, error: 'You are signed out', code: '42501' };
  const eq = { opportunity_id: offeringId };
  const [records, prices, maturities] = await Promise.all([
    loadTable('offering_records', RecordSchema, { eq }),
    loadTable('unit_prices', PriceSchema, { eq }),
    loadTable('offering_maturities', MaturitySchema, { eq }),
  ]);
  if (!records.ok) return records;
  if (!prices.ok) return prices;
  if (!maturities.ok) return maturities;
  const record = records.rows[0] ?? null;
  return {
    ok: true,
    facts: {
      decidedAt: record?.decided_at ?? null,
      unitsOutstanding: record?.issued_units ?? null,
      prices: prices.rows,
      maturity: maturities.rows[0] ?? null,
    },
  };
}

/** One offering's facts as screen state (a list of one); `version` changes to read them again. */
export function useMaturityFacts(offeringId: string, version: number): PagedList<MaturityFacts> {
  return usePagedList(`maturity#${offeringId}#${version}`, ALL, async (store, after) => {
    if (after !== null) return { ok: true, rows: [] };
    const answer = await readMaturityFacts(store, offeringId);
    return answer.ok ? { ok: true, rows: [answer.facts] } : answer;
  });
}

/** Every offering that has matured, for the console's list; `version` changes after a maturity. */
export function useOfferingMaturities(version: number): PagedList<Maturity> {
  return usePagedList(`maturities#${version}`, ALL, (store, after) => {
    if (after !== null || !store.getState().session.user) return Promise.resolve({ ok: true, rows: [] });
    return loadTable('offering_maturities', MaturitySchema);
  });
}

/**
 * Matures the offering: each holder is paid units × the final price, their positions become
 * Matured. A second call answers the first maturity and pays nothing, so a retry is safe.
 */
export async function matureOffering(
  store: SessionStore,
  offeringId: string,
): Promise<CallResult<{ maturity: Maturity }>> {
  const answer = await callForOperator(store, 'mature_offering', { opportunity_id: offeringId });
  if (!answer.ok) return answer;
  const parsed = v.safeParse(MaturitySchema, answer.value);
  return parsed.success
    ? { ok: true, maturity: parsed.output }
    : { ok: false, error: 'The maturity answered what this screen cannot read' };
}
export const useMatureOffering = () => useOperatorCall(matureOffering);

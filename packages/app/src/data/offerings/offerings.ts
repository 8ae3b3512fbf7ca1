import * as v from 'valibot';
import type { CallResult } from '../../backend/callResult';
import type { SessionStore } from '../../session/store';
import { callForOperator, type PagedList, usePagedList } from '../audit/pagedCall';

const cents = v.nullable(v.number());
const count = v.nullable(v.number());

/** One row of `list_offerings`: an offering as the console shows it, with its terms, holds and record. */
const OfferingRowSchema = v.object({
  id: v.string(),
  spv_id: v.string(),
  spv_name: v.string(),
  offering_status: v.string(),
  name: v.string(),
  category: v.string(),
  region: v.string(),
  country: v.string(),
  description: v.string(),
  unit_price_cents: cents,
  min_target_cents: cents,
  max_target_cents: cents,
  min_ticket_cents: cents,
  max_ticket_cents: cents,
  opens_at: v.nullable(v.string()),
  deadline_at: v.nullable(v.string()),
  term_months: count,
  projected_yield_bps: count,
  distribution_frequency: v.nullable(v.string()),
  lockup_months: count,
  early_redemption_fee_bps: count,
  eligible_countries: v.nullable(v.array(v.string())),
  eligible_categories: v.nullable(v.array(v.string())),
  allocation_rule: v.nullable(v.string()),
  impact_metrics: v.array(v.object({ name: v.string(), unit: v.string(), per_year: v.number() })),
  documents: v.array(v.object({ kind: v.string(), name: v.string(), sha256: v.string() })),
  held_cents: v.number(),
  subscriptions: v.number(),
  created_at: v.nullable(v.string()),
  submitted_at: v.nullable(v.string()),
  submitted_by_me: v.boolean(),
  approved_at: v.nullable(v.string()),
  reason: v.nullable(v.string()),
});
export type OfferingRow = v.InferOutput<typeof OfferingRowSchema>;

/** Every offering a console reader may see fits one answer; the page size only bounds a runaway list. */
const OFFERINGS_PAGE_SIZE = 10_000;

async function readOfferings(
  store: SessionStore,
  status: string | null,
): Promise<CallResult<{ rows: readonly OfferingRow[] }>> {
  const answer = await callForOperator(store, 'list_offerings', { status });
  if (!answer.ok) return answer;
  const parsed = v.safeParse(v.array(OfferingRowSchema), answer.value ?? []);
  return parsed.success
    ? { ok: true, rows: parsed.output }
    : { ok: false, error: 'The offerings answered rows this screen cannot read' };
}

/** /offerings' list (one state, or every one); `version` changes after an action, to read it again. */
export function useOfferings(status: string | null, version: number): PagedList<OfferingRow> {
  return usePagedList(`offerings#${status ?? 'all'}#${version}`, OFFERINGS_PAGE_SIZE, (store, after) =>
    after === null ? readOfferings(store, status) : Promise.resolve({ ok: true, rows: [] }),
  );
}

/** One row of `offering_spvs`: an SPV the caller may create an offering for. */
const SpvSchema = v.object({ id: v.string(), name: v.string(), kind: v.string() });
export type OfferingSpv = v.InferOutput<typeof SpvSchema>;

async function readSpvs(store: SessionStore): Promise<CallResult<{ rows: readonly OfferingSpv[] }>> {
  const answer = await callForOperator(store, 'offering_spvs', {});
  if (!answer.ok) return answer;
  const parsed = v.safeParse(v.array(SpvSchema), answer.value ?? []);
  return parsed.success ? { ok: true, rows: parsed.output } : { ok: false, error: 'The SPVs could not be read' };
}

/** The SPVs the caller may create an offering for (none: the caller reviews, and creates nothing). */
export function useOfferingSpvs(): PagedList<OfferingSpv> {
  return usePagedList('offering-spvs', OFFERINGS_PAGE_SIZE, (store, after) =>
    after === null ? readSpvs(store) : Promise.resolve({ ok: true, rows: [] }),
  );
}

import { Button, Flex, Grid, Text } from '@radix-ui/themes';
import {
  defaultOpportunityQuery,
  filterOpportunities,
  messages,
  type Opportunity,
  type OpportunityQuery,
  offeringStanding,
  opportunityCategories,
  opportunityQueryFromParams,
  opportunityQueryToParams,
  opportunityRegions,
  opportunitySummary,
  sortOpportunities,
} from '@vault/domain';
import { EmptyState, FilterPills, MoneyText, OpportunityCard, PageHeader, SortSelect, StatCard } from '@vault/ui';
import { memo, type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { OfferingStandingView } from '../../components/OfferingStandingView';
import { TableData } from '../../components/TableData';
import { useOfferingProgress } from '../../data/opportunities/progress';
import { useOpportunities } from '../../data/opportunities/queries';
import { EligibilityGate } from './EligibilityGate';
import { OpportunitiesNudge } from './OpportunitiesNudge';
import { TOTAL_VALUE_LOCKED_CENTS } from './totalValueLocked';

const QUERY_KEYS = ['category', 'region', 'sort'] as const;
const categoryOptions = ['All', ...opportunityCategories] as const;
const regionOptions = ['All', ...opportunityRegions] as const;

function sameQuery(a: OpportunityQuery, b: OpportunityQuery): boolean {
  return a.category === b.category && a.region === b.region && a.sort === b.sort;
}

/**
 * The filters and sort, kept in the URL query (docs/decisions.md (11)); other parameters are kept.
 * A change shows at once from the screen's own state, and the URL follows once that frame is
 * painted: updating the URL first re-rendered the whole app (every route element, the shell) and
 * waited on the browser's history before the list changed. A URL changed from elsewhere (Back, a
 * link) wins over the state.
 */
function useOpportunityQuery(): [OpportunityQuery, (next: OpportunityQuery) => void] {
  const [params, setParams] = useSearchParams();
  const fromUrl = useMemo(() => opportunityQueryFromParams((key) => params.get(key)), [params]);
  const [query, setQuery] = useState(fromUrl);
  const [urlSeen, setUrlSeen] = useState(fromUrl);
  if (!sameQuery(urlSeen, fromUrl)) {
    setUrlSeen(fromUrl);
    // The URL catching up with the screen's own change keeps the query as it is, and the list with it.
    if (!sameQuery(query, fromUrl)) setQuery(fromUrl);
  }
  useEffect(() => {
    if (sameQuery(query, fromUrl)) return;
    let timer = 0;
    // After the next frame: the filtered list is painted first.
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() =>
        setParams(
          (current) => {
            const updated = new URLSearchParams(current);
            for (const key of QUERY_KEYS) updated.delete(key);
            for (const [key, value] of Object.entries(opportunityQueryToParams(query))) updated.set(key, value);
            return updated;
          },
          { replace: true },
        ),
      );
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [query, fromUrl, setParams]);
  return [query, setQuery];
}

/** /opportunities: the list of sample opportunities with filters, sort, tiles and states (docs/product.md §2). */
export default function OpportunitiesScreen() {
  const navigate = useNavigate();
  const table = useOpportunities();
  const progress = useOfferingProgress();
  const [query, setQuery] = useOpportunityQuery();
  const rows = table.status === 'ready' ? table.rows : null;
  // Each card's standing, made once per answer (not per filter change), so memoised cards stay.
  const progressRows = progress.status === 'ready' ? progress.rows : null;
  const footers = useMemo(() => cardFooters(rows ?? [], progressRows), [rows, progressRows]);
  // Filtered and sorted once per change of the rows or the query, for the tiles and the list alike.
  const visible = useMemo(() => (rows ? visibleOpportunities(rows, query) : null), [rows, query]);
  const onNavigate = useCallback((href: string) => navigate(href), [navigate]);
  const isFiltered = Object.keys(opportunityQueryToParams(query)).length > 0;
  const reset = () => setQuery(defaultOpportunityQuery);

  return (
    <Flex direction="column" gap="5">
      <PageHeader
        title="Explore Tokenized Real-World Assets"
        description="Impact investments in renewable energy, housing, clean water and education across the EU, Africa and Asia."
      />
      <Nudge />
      <Gate anyOpportunityId={rows?.[0]?.id ?? null} />
      <Grid columns={{ initial: '1', xs: '2', md: '4' }} gap="3">
        <StatCard label="Total value locked" value={<MoneyText cents={TOTAL_VALUE_LOCKED_CENTS} />} />
        <SummaryTiles visible={visible} />
      </Grid>
      <Flex direction={{ initial: 'column', md: 'row' }} gap="4" align={{ initial: 'stretch', md: 'end' }} wrap="wrap">
        <FilterPills
          label="Category"
          options={categoryOptions}
          value={query.category}
          onChange={(category) => setQuery({ ...query, category })}
        />
        <FilterPills
          label="Region"
          options={regionOptions}
          value={query.region}
          onChange={(region) => setQuery({ ...query, region })}
        />
        <Flex gap="3" align="end">
          <SortSelect value={query.sort} onChange={(sort) => setQuery({ ...query, sort })} />
          <Button type="button" variant="soft" color="gray" highContrast onClick={reset} disabled={!isFiltered}>
            Reset
          </Button>
        </Flex>
      </Flex>
      <section aria-label="Opportunities">
        <TableData
          state={table}
          what="opportunities"
          skeleton="cards"
          skeletonCount={6}
          errorTitle={messages.opportunitiesFailed}
          headingLevel={2}
          empty={<OpportunityList visible={[]} footers={footers} onReset={reset} onNavigate={onNavigate} />}
        >
          {() => <OpportunityList visible={visible ?? []} footers={footers} onReset={reset} onNavigate={onNavigate} />}
        </TableData>
      </section>
    </Flex>
  );
}

/**
 * Under each card, where its offering stands: raised against its maximum and the days left, or why
 * it is not open. A sample without targets that is open needs nothing (its badge says Open).
 */
function cardFooters(
  rows: readonly Opportunity[],
  progress: readonly { opportunity_id: string; raised_cents: number }[] | null,
): ReadonlyMap<string, ReactNode> {
  const raised = new Map((progress ?? []).map((p) => [p.opportunity_id, p.raised_cents]));
  const now = new Date();
  const footers = new Map<string, ReactNode>();
  for (const o of rows) {
    const standing = offeringStanding(o, raised.get(o.id) ?? null, now);
    const sampleClosed = o.status === 'closed';
    if (sampleClosed || (!standing.notice && !standing.progress && !standing.daysLeft)) continue;
    footers.set(o.id, <OfferingStandingView standing={standing} compact />);
  }
  return footers;
}

function visibleOpportunities(rows: readonly Opportunity[], query: OpportunityQuery): Opportunity[] {
  return sortOpportunities(filterOpportunities(rows, query), query.sort);
}

/** Count, average APY (1 decimal) and audited share (rounded) of the opportunities shown. */
function SummaryTiles({ visible }: { visible: readonly Opportunity[] | null }) {
  const summary = opportunitySummary(visible ?? []);
  const pending = visible === null;
  return (
    <>
      <StatCard label="Opportunities" value={pending ? '—' : String(summary.count)} />
      <StatCard label="Average APY" value={pending ? '—' : `${summary.averageApy.toFixed(1)}%`} />
      <StatCard label="Audited" value={pending ? '—' : `${summary.auditedPercent}%`} />
    </>
  );
}

// A card whose opportunity stays in the list is not rendered again when a filter changes, nor are
// the parts above the list, which do not read the filters.
const Card = memo(OpportunityCard);
const Nudge = memo(OpportunitiesNudge);
const Gate = memo(EligibilityGate);

function OpportunityList({
  visible,
  footers,
  onReset,
  onNavigate,
}: {
  visible: readonly Opportunity[];
  footers: ReadonlyMap<string, ReactNode>;
  onReset: () => void;
  onNavigate: (href: string) => void;
}) {
  return (
    <Flex direction="column" gap="3">
      <Text as="p" size="2" color="gray" role="status">
        {visible.length === 1 ? 'Showing 1 opportunity' : `Showing ${visible.length} opportunities`}
      </Text>
      {visible.length === 0 ? (
        <EmptyState title={messages.noOpportunityResults} action={{ label: 'Reset Filters', onClick: onReset }} />
      ) : (
        <Grid asChild columns={{ initial: '1', sm: '2', lg: '3' }} gap="4">
          <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {visible.map((opportunity) => (
              <li key={opportunity.id} style={{ display: 'grid' }}>
                <Card
                  opportunity={opportunity}
                  onNavigate={onNavigate}
                  headingLevel={2}
                  footer={footers.get(opportunity.id)}
                />
              </li>
            ))}
          </ul>
        </Grid>
      )}
    </Flex>
  );
}

import { Flex, Grid, Link as RadixLink, Text } from '@radix-ui/themes';
import {
  formatEuros,
  formatGain,
  formatPermille,
  formatReturn,
  hrefFor,
  impactText,
  type PlacementsCsvLine,
  type Portfolio,
  type PortfolioPosition,
  placementsCsvLines,
  portfolioOf,
  type Returns,
} from '@vault/domain';
import {
  BarChart,
  type CsvColumn,
  CsvExportButton,
  DataTable,
  type DataTableColumn,
  EmptyState,
  ErrorState,
  LoadingSkeleton,
  MoneyText,
  PageHeader,
  StatCard,
  StatusChip,
} from '@vault/ui';
import { useEffect, useId, useMemo } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Section } from '../../components/Section';
import { useInvestments } from '../../data/investments/queries';
import { useBalance } from '../../data/ledger/balance';
import { useOpportunities } from '../../data/opportunities/queries';
import { usePositions } from '../../data/positions/positions';
import { PendingSubscriptions } from './PendingSubscriptions';
import { Performance, returnHint, useHistoryState } from './Performance';
import { AllRedemptions, PositionLifecycle } from './PositionLifecycle';

/** The export's columns: plain euros with two decimals, from the same cents the screen shows. */
const csvColumns: readonly CsvColumn<PlacementsCsvLine>[] = [
  { header: 'Kind', value: (l) => l.kind },
  { header: 'Name', value: (l) => l.name },
  { header: 'Category', value: (l) => l.category },
  { header: 'Units', value: (l) => l.units },
  { header: 'Cost (EUR)', value: (l) => l.cost },
  { header: 'Fees (EUR)', value: (l) => l.fees },
  { header: 'Value (EUR)', value: (l) => l.value },
  { header: 'Income received (EUR)', value: (l) => l.income },
  { header: 'Status', value: (l) => l.status },
];

/**
 * The positions' columns; `returns` holds each position's income and returns once the history has
 * loaded (null while it loads: those cells say so).
 */
function positionColumns(returns: ReadonlyMap<string, Returns> | null): readonly DataTableColumn<PortfolioPosition>[] {
  const ofRow = (row: PortfolioPosition) => returns?.get(row.opportunityId) ?? null;
  const pending = <Text color="gray">…</Text>;
  return [
    {
      key: 'name',
      header: 'Name',
      render: (row) => (
        <RadixLink asChild>
          <Link to={`${hrefFor('placements')}?position=${encodeURIComponent(row.opportunityId)}`}>{row.name}</Link>
        </RadixLink>
      ),
    },
    { key: 'units', header: 'Units', align: 'right', render: (row) => row.units.toLocaleString('en-IE') },
    { key: 'cost', header: 'Cost', align: 'right', render: (row) => <Figure>{formatEuros(row.costCents)}</Figure> },
    { key: 'fees', header: 'Fees', align: 'right', render: (row) => <Figure>{formatEuros(row.feesCents)}</Figure> },
    { key: 'value', header: 'Value', align: 'right', render: (row) => <Figure>{formatEuros(row.valueCents)}</Figure> },
    { key: 'gain', header: 'Gain', align: 'right', render: (row) => <Figure>{formatGain(row.gainCents)}</Figure> },
    {
      key: 'income',
      header: 'Income received',
      align: 'right',
      render: (row) => {
        const r = ofRow(row);
        return returns ? <Figure>{formatEuros(r?.incomeCents ?? 0)}</Figure> : pending;
      },
    },
    {
      key: 'return',
      header: 'Return (money-weighted)',
      align: 'right',
      render: (row) => {
        const r = ofRow(row);
        if (!returns) return pending;
        return r ? <ReturnFigure result={r.moneyWeighted} /> : <Figure>—</Figure>;
      },
    },
    {
      key: 'twr',
      header: 'Time-weighted',
      align: 'right',
      render: (row) => {
        const r = ofRow(row);
        if (!returns) return pending;
        return r ? <ReturnFigure result={r.timeWeighted} /> : <Figure>—</Figure>;
      },
    },
    { key: 'status', header: 'Status', render: (row) => <StatusChip status={row.status} /> },
    {
      key: 'impact',
      header: 'Attributed impact',
      render: (row) =>
        row.impact.length === 0 ? (
          <Text color="gray">None stated</Text>
        ) : (
          row.impact.map((metric) => (
            <Text as="div" size="2" key={metric.name}>
              {impactText(metric)}
            </Text>
          ))
        ),
    },
  ];
}

/** A figure never breaks across lines. */
const Figure = ({ children }: { children: string }) => <span style={{ whiteSpace: 'nowrap' }}>{children}</span>;

/** A return, or '—' with the reason there is none as its title. */
const ReturnFigure = ({ result }: { result: Returns['moneyWeighted'] }) => (
  <span style={{ whiteSpace: 'nowrap' }} title={result.rate === null ? returnHint(result, '') : undefined}>
    {formatReturn(result)}
  </span>
);

/**
 * /placements: the investor's portfolio (docs/offerings.md "What each investor owns"). A row per
 * position from `my_positions()`, the pending subscriptions with the time left to cancel, the
 * totals with the cash from the ledger, the value by category as a chart and its table, and a CSV
 * export of the same cents. The heading stays 'Placements'.
 */
export default function PlacementsScreen() {
  const positions = usePositions();
  const investments = useInvestments();
  const opportunities = useOpportunities();
  const balance = useBalance();
  const navigate = useNavigate();
  const header = <PageHeader title="Placements" description="What you own, what is pending and what it is worth." />;

  const failed = [positions, investments, opportunities].find((q) => q.status === 'error');
  if (failed) {
    return (
      <Flex direction="column" gap="5">
        {header}
        <ErrorState
          title="Failed to load your placements"
          onRetry={() => {
            for (const q of [positions, investments, opportunities]) if (q.status === 'error') q.retry();
          }}
        />
      </Flex>
    );
  }
  if (positions.status !== 'ready' || investments.status !== 'ready' || opportunities.status !== 'ready') {
    return (
      <Flex direction="column" gap="5">
        {header}
        <LoadingSkeleton variant="table" count={4} label="Loading your placements…" />
      </Flex>
    );
  }
  const cash = balance.status === 'ready' ? (balance.rows[0] ?? null) : null;
  const portfolio = portfolioOf(positions.rows, opportunities.rows, investments.rows, cash, new Date());
  if (portfolio.positions.length === 0 && portfolio.pending.length === 0) {
    return (
      <Flex direction="column" gap="5">
        {header}
        <Totals portfolio={portfolio} cashState={balance.status} />
        <EmptyState
          title="No placements yet"
          description="What you invest in appears here, pending until it is issued, then with its units and value."
          action={{ label: 'Explore Opportunities', onClick: () => navigate(hrefFor('opportunities')) }}
        />
      </Flex>
    );
  }
  return (
    <Flex direction="column" gap="6">
      {header}
      <Totals portfolio={portfolio} cashState={balance.status} />
      <PortfolioBody portfolio={portfolio} />
    </Flex>
  );
}

function Totals({ portfolio, cashState }: { portfolio: Portfolio; cashState: 'loading' | 'error' | 'ready' }) {
  const { totals } = portfolio;
  return (
    <Grid columns={{ initial: '1', xs: '2', md: '4' }} gap="3">
      <StatCard label="Value" value={<MoneyText cents={totals.valueCents} />} hint="At the latest unit prices" />
      <StatCard
        label="Cost"
        value={<MoneyText cents={totals.costCents} />}
        hint={`Fees paid ${formatEuros(totals.feesCents)}`}
      />
      <StatCard label="Pending" value={<MoneyText cents={totals.pendingCents} />} hint="Subscriptions not yet issued" />
      <StatCard
        label="Cash available"
        value={
          totals.cashAvailableCents === null ? (
            <Text color="gray">{cashState === 'error' ? 'Unavailable' : '…'}</Text>
          ) : (
            <MoneyText cents={totals.cashAvailableCents} />
          )
        }
        hint="In your wallet, from the ledger"
      />
    </Grid>
  );
}

function PortfolioBody({ portfolio }: { portfolio: Portfolio }) {
  const [params] = useSearchParams();
  const opened = params.get('position');
  const openedPosition = portfolio.positions.find((p) => p.opportunityId === opened) ?? null;
  useEffect(() => {
    if (openedPosition) document.getElementById(`position-${openedPosition.opportunityId}`)?.focus();
  }, [openedPosition]);
  const performance = useHistoryState();
  const returns = performance.history?.positions ?? null;
  const columns = useMemo(() => positionColumns(returns), [returns]);
  // The income column comes from the history: until it is read the export waits, rather than
  // write a figure the screen does not show.
  const lines = placementsCsvLines(portfolio, returns ?? new Map());
  const exportWaits = returns === null;
  const waitId = useId();
  return (
    <>
      {openedPosition ? <PositionDetail position={openedPosition} /> : null}
      <Section
        title="Positions"
        actions={
          <Flex align="center" gap="2" wrap="wrap">
            {exportWaits ? (
              <Text size="1" color="gray" id={waitId}>
                {performance.query.status === 'error'
                  ? 'No export without the income received'
                  : 'Waiting for the income received…'}
              </Text>
            ) : null}
            <CsvExportButton
              filename="vault-placements.csv"
              rows={lines}
              columns={csvColumns}
              label="Export CSV"
              variant="soft"
              disabled={exportWaits}
              aria-describedby={exportWaits ? waitId : undefined}
            />
          </Flex>
        }
      >
        {portfolio.positions.length === 0 ? (
          <Text as="p" color="gray">
            No position issued yet: your subscriptions below become positions when their offering is issued.
          </Text>
        ) : (
          <DataTable
            caption="Positions"
            captionHidden
            columns={columns}
            rows={portfolio.positions}
            getRowKey={(row) => row.opportunityId}
          />
        )}
      </Section>
      {portfolio.positions.length > 0 ? <Performance state={performance} /> : null}
      {portfolio.pending.length > 0 ? <PendingSubscriptions pending={portfolio.pending} /> : null}
      <AllRedemptions />
      {portfolio.allocation.length > 0 ? (
        <Section title="Allocation">
          <BarChart
            title="Allocation by category"
            valueHeader="Value"
            detailHeader="Share"
            data={portfolio.allocation.map((slice) => ({
              label: slice.label,
              value: slice.valueCents,
              valueText: formatEuros(slice.valueCents),
              detailText: formatPermille(slice.permille),
            }))}
          />
        </Section>
      ) : null}
    </>
  );
}

/**
 * One position opened from a row (here or the dashboard's Recent investments): its figures, its
 * income received, the member's redemptions of it and Redeem.
 */
function PositionDetail({ position }: { position: PortfolioPosition }) {
  return (
    <Section title={position.name}>
      <Flex
        id={`position-${position.opportunityId}`}
        tabIndex={-1}
        direction="column"
        gap="2"
        style={{ outline: 'none' }}
        aria-label={`Position in ${position.name}`}
        role="group"
      >
        <Text as="p">
          {position.units.toLocaleString('en-IE')} units, cost {formatEuros(position.costCents)} (fees{' '}
          {formatEuros(position.feesCents)}), worth {formatEuros(position.valueCents)} ({formatGain(position.gainCents)}
          ). Status: {position.status}.
        </Text>
        {position.impact.map((metric) => (
          <Text as="p" size="2" key={metric.name}>
            Your share of its impact — {impactText(metric)}
          </Text>
        ))}
        <RadixLink asChild>
          <Link to={hrefFor('opportunityDetail', { id: position.opportunityId })} state={{ from: 'portfolio' }}>
            View the opportunity
          </Link>
        </RadixLink>
      </Flex>
      <PositionLifecycle key={position.opportunityId} position={position} />
    </Section>
  );
}

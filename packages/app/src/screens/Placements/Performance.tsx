import { Button, Flex, Grid, Text } from '@radix-ui/themes';
import {
  formatDate,
  formatEuros,
  formatReturn,
  type PortfolioHistory,
  type PositionDayRow,
  portfolioHistory,
  type ReturnResult,
  returnReasonTexts,
} from '@vault/domain';
import { LineChart, LoadingSkeleton, StatCard } from '@vault/ui';
import { useMemo } from 'react';
import { Section } from '../../components/Section';
import type { Query } from '../../data/_query/useQuery';
import { usePositionHistory } from '../../data/positions/positions';

/** The history's query and, once loaded, what it says (computed once per answer). */
export interface HistoryState {
  query: Query<PositionDayRow>;
  history: PortfolioHistory | null;
}

export function useHistoryState(): HistoryState {
  const query = usePositionHistory();
  const rows = query.status === 'ready' ? query.rows : null;
  const history = useMemo(() => (rows ? portfolioHistory(rows) : null), [rows]);
  return { query, history };
}

/** A return's figure, and why there is none: '1.60%', or '—' with the reason. */
export function returnHint(result: ReturnResult, otherwise: string): string {
  return result.rate === null ? returnReasonTexts[result.reason] : otherwise;
}

/**
 * The portfolio's performance on /placements (docs/returns.md): the money-weighted return as the
 * headline, the time-weighted one beside it, the income received, and the value over time as a
 * chart with its table. From `my_position_history()`; its own loading and error states, so the
 * positions above never wait for it.
 */
export function Performance({ state: { query, history } }: { state: HistoryState }) {
  if (query.status === 'error') {
    return (
      <Section title="Performance">
        <Flex direction="column" gap="2" align="start" role="alert">
          <Text size="2" color="red">
            Your returns could not be loaded: {query.error}
          </Text>
          <Button size="1" variant="soft" onClick={query.retry}>
            Retry
          </Button>
        </Flex>
      </Section>
    );
  }
  if (!history) {
    return (
      <Section title="Performance">
        <LoadingSkeleton variant="text" count={3} label="Loading your returns…" />
      </Section>
    );
  }
  const { portfolio, valueOverTime } = history;
  if (valueOverTime.length === 0) {
    return (
      <Section title="Performance">
        <Text as="p" color="gray">
          No history yet: your returns and the value over time appear once a position is issued.
        </Text>
      </Section>
    );
  }
  return (
    <Section title="Performance">
      <Grid columns={{ initial: '1', xs: '3' }} gap="3">
        <StatCard
          label="Money-weighted return"
          value={formatReturn(portfolio.moneyWeighted)}
          hint={returnHint(portfolio.moneyWeighted, 'A year, from what you paid in and received')}
        />
        <StatCard
          label="Time-weighted return"
          value={formatReturn(portfolio.timeWeighted)}
          hint={returnHint(portfolio.timeWeighted, 'Since your first payment, whatever you added')}
        />
        <StatCard
          label="Income received"
          value={formatEuros(portfolio.incomeCents)}
          hint="Distributions, after tax withheld"
        />
      </Grid>
      <LineChart
        title="Value over time"
        dateHeader="Date"
        valueHeader="Value"
        points={valueOverTime.map((point) => ({
          date: point.date,
          value: point.valueCents,
          dateText: formatDate(point.date),
          valueText: formatEuros(point.valueCents),
        }))}
      />
    </Section>
  );
}

import { Badge, Card, Flex, Grid, Heading, Link as RadixLink, Text } from '@radix-ui/themes';
import {
  formatDate,
  formatEuros,
  guideCardsFor,
  hrefFor,
  incomeReceivedCents,
  type Nudge,
  nudgeFor,
  openingStepMessage,
  portfolioOf,
  quickLinksFor,
  type ReadinessStep,
  type RecentPlacement,
  readiness,
  recentPlacements,
  type Session,
  TERM_ENDING_TITLE,
  termEndings,
  type User,
} from '@vault/domain';
import {
  BarChart,
  DataTable,
  type DataTableColumn,
  GuideCards,
  MoneyText,
  NudgeBanner,
  PageHeader,
  ReadinessCard,
  StatCard,
  StatusChip,
} from '@vault/ui';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { Section } from '../../components/Section';
import { TableData } from '../../components/TableData';
import type { Query } from '../../data/_query/queryRef';
import { useInvestments } from '../../data/investments/queries';
import { useBalance } from '../../data/ledger/balance';
import { useRecentLedgerLines } from '../../data/ledger/ledgerLines';
import { useNotifications } from '../../data/notifications/queries';
import { useOpportunities } from '../../data/opportunities/queries';
import { usePositions } from '../../data/positions/positions';
import { useUpcomingActions } from '../../data/upcomingActions/queries';
import { useNudgeDismissal } from '../../storage/nudges';
import { track } from '../../telemetry';
import { QuickLinks } from './QuickLinks';

/** Each row opens its position on /placements (a pending one is listed there). */
const investmentColumns: readonly DataTableColumn<RecentPlacement>[] = [
  {
    key: 'name',
    header: 'Name',
    render: (row) => (
      <RadixLink asChild>
        <Link
          to={
            row.kind === 'position'
              ? `${hrefFor('placements')}?position=${encodeURIComponent(row.opportunityId)}`
              : hrefFor('placements')
          }
        >
          {row.name}
        </Link>
      </RadixLink>
    ),
  },
  { key: 'amount', header: 'Amount', align: 'right', render: (row) => formatEuros(row.amountCents) },
  {
    key: 'date',
    header: 'Date',
    render: (row) => (row.dateTime ? <time dateTime={row.dateTime}>{formatDate(row.dateTime)}</time> : null),
  },
  { key: 'status', header: 'Status', render: (row) => <StatusChip status={row.status} /> },
];

/** Several reads as one table's state: an error (Retry asks again what failed), loading, or the rows. */
function combined<T>(queries: readonly Query<unknown>[], rows: () => T[]): Query<T> {
  const failed = queries.find((q) => q.status === 'error');
  const retry = () => {
    for (const q of queries) if (q.status === 'error') q.retry();
  };
  if (failed?.status === 'error') return { status: 'error', rows: null, error: failed.error, retry };
  if (queries.some((q) => q.status !== 'ready')) return { status: 'loading', rows: null, error: null, retry };
  return { status: 'ready', rows: rows(), error: null, retry };
}

export interface InvestorDashboardProps {
  session: Session;
  user: User;
}

/** The investor dashboard: readiness, the next-step nudge, investments, notifications, actions, guides. */
export function InvestorDashboard({ session, user }: InvestorDashboardProps) {
  const navigate = useNavigate();
  // The dashboard keeps no flag: Dismiss hides the nudge for this view only (docs/product.md §2).
  const { dismissed, dismiss } = useNudgeDismissal();
  const investments = useInvestments();
  const notifications = useNotifications();
  const upcoming = useUpcomingActions();
  const positions = usePositions();
  const opportunities = useOpportunities();
  const balance = useBalance();
  const lines = useRecentLedgerLines();

  // Recent investments, the totals and the term endings read the same positions as /placements.
  const cash = balance.status === 'ready' ? (balance.rows[0] ?? null) : null;
  const portfolio =
    positions.status === 'ready' && investments.status === 'ready' && opportunities.status === 'ready'
      ? portfolioOf(positions.rows, opportunities.rows, investments.rows, cash, new Date())
      : null;
  const recent = combined([positions, investments, opportunities], () =>
    portfolio && investments.rows ? recentPlacements(portfolio, investments.rows) : [],
  );
  // The table's actions show as soon as they come; the term endings join once the positions are here.
  const actions = combined([upcoming], () => [
    ...(upcoming.rows ?? []).filter((a) => a.title !== TERM_ENDING_TITLE),
    ...(portfolio
      ? termEndings(positions.rows ?? [], opportunities.rows ?? [], investments.rows ?? [], new Date())
      : []),
  ]);

  // Both follow the live user: a step done elsewhere disappears here at once (Centrifuge #441).
  const progress = readiness(user);
  const nudge = dismissed ? null : nudgeFor(user);

  const openStep = (href: string, step: ReadinessStep) => {
    toast(openingStepMessage(step.label));
    navigate(href);
  };
  const followNudge = (next: Nudge) => {
    track({ type: 'click:cta', context: { step: next.step, page: 'dashboard' } });
    navigate(next.target);
  };

  return (
    <Flex direction="column" gap="6">
      <PageHeader title="Dashboard" description={`Welcome back, ${user.name}.`} />
      <Totals
        invested={portfolio?.totals.costCents ?? null}
        value={portfolio?.totals.valueCents ?? null}
        income={lines.status === 'ready' ? incomeReceivedCents(lines.rows) : null}
        cash={cash?.available_cents ?? null}
      />
      {portfolio && portfolio.positions.length > 0 ? (
        <BarChart
          title="Value by position"
          valueHeader="Value"
          data={[...portfolio.positions]
            .sort((a, b) => b.valueCents - a.valueCents)
            .slice(0, 5)
            .map((p) => ({ label: p.name, value: p.valueCents, valueText: formatEuros(p.valueCents) }))}
        />
      ) : null}
      <NudgeBanner nudge={nudge} onAction={followNudge} onDismiss={dismiss} />
      <ReadinessCard readiness={progress} onNavigate={openStep} />

      <Section title="Recent investments">
        <TableData
          state={recent}
          what="recent investments"
          emptyTitle="No investments yet"
          emptyDescription="Your placements appear here once you invest."
          emptyAction={{ label: 'Explore Opportunities', onClick: () => navigate(hrefFor('opportunities')) }}
        >
          {(rows) => (
            <DataTable
              caption="Recent investments"
              captionHidden
              columns={investmentColumns}
              rows={rows}
              getRowKey={(row) => row.key}
            />
          )}
        </TableData>
      </Section>

      <Grid columns={{ initial: '1', md: '2' }} gap="5" align="start">
        <Section title="Notifications">
          <TableData state={notifications} what="notifications" skeleton="text" emptyTitle="No notifications">
            {(rows) =>
              cardList(
                rows.map((item) => ({
                  key: item.id,
                  title: item.title,
                  badge: item.read ? null : (
                    <Badge color="indigo" variant="soft" highContrast>
                      New
                    </Badge>
                  ),
                  body: item.body,
                  meta: <time dateTime={item.at}>{formatDate(item.at)}</time>,
                })),
              )
            }
          </TableData>
        </Section>

        <Section title="Upcoming actions">
          <TableData state={actions} what="upcoming actions" skeleton="text" emptyTitle="Nothing coming up">
            {(rows) =>
              cardList(
                rows.map((item) => ({
                  key: item.id,
                  title: item.title,
                  body: item.detail,
                  meta: (
                    <>
                      Due <time dateTime={item.due}>{formatDate(item.due)}</time>
                    </>
                  ),
                })),
              )
            }
          </TableData>
        </Section>
      </Grid>

      <Section title="Quick actions">
        <QuickLinks links={quickLinksFor(session)} label="Quick actions" />
      </Section>

      <Section title="Guides">
        <GuideCards cards={guideCardsFor(session)} onNavigate={(href) => navigate(href)} label="Guides" />
      </Section>
    </Flex>
  );
}

/** The four figures the dashboard leads with; each waits for its own read. */
function Totals(props: { invested: number | null; value: number | null; income: number | null; cash: number | null }) {
  const figure = (cents: number | null) => (cents === null ? <Text color="gray">…</Text> : <MoneyText cents={cents} />);
  return (
    <Grid columns={{ initial: '2', md: '4' }} gap="3">
      <StatCard label="Invested" value={figure(props.invested)} hint="Cost of what you hold" />
      <StatCard label="Value" value={figure(props.value)} hint="At the latest unit prices" />
      <StatCard label="Income received" value={figure(props.income)} hint="Distributions paid to your wallet" />
      <StatCard label="Cash available" value={figure(props.cash)} hint="In your wallet" />
    </Grid>
  );
}

interface CardItem {
  key: string;
  title: string;
  /** Shown beside the title; a card given a badge slot (even an empty one) lays the title out in a row. */
  badge?: ReactNode;
  body: string;
  meta: ReactNode;
}

/** The notifications and upcoming actions: a plain list of cards, each a title, a line and a date. */
function cardList(items: CardItem[]) {
  return (
    <Flex asChild direction="column" gap="2" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      <ul>
        {items.map((item) => {
          const heading = (
            <Heading as="h3" size="3">
              {item.title}
            </Heading>
          );
          return (
            <li key={item.key}>
              <Card size="2">
                <Flex direction="column" gap="1">
                  {item.badge === undefined ? (
                    heading
                  ) : (
                    <Flex align="center" gap="2" wrap="wrap">
                      {heading}
                      {item.badge}
                    </Flex>
                  )}
                  <Text as="p" size="2">
                    {item.body}
                  </Text>
                  <Text as="p" size="1" color="gray">
                    {item.meta}
                  </Text>
                </Flex>
              </Card>
            </li>
          );
        })}
      </ul>
    </Flex>
  );
}

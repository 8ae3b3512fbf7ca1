import { Badge, Card, Flex, Grid, Heading, Text } from '@radix-ui/themes';
import {
  guideCardsFor,
  hrefFor,
  type InvestmentView,
  investmentView,
  type Nudge,
  nudgeFor,
  openingStepMessage,
  quickLinksFor,
  type ReadinessStep,
  readiness,
  type Session,
  type User,
} from '@vault/domain';
import {
  DataTable,
  type DataTableColumn,
  GuideCards,
  NudgeBanner,
  PageHeader,
  ReadinessCard,
  StatusChip,
} from '@vault/ui';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { Section } from '../../components/Section';
import { TableData } from '../../components/TableData';
import { useInvestments } from '../../data/investments/queries';
import { useNotifications } from '../../data/notifications/queries';
import { useUpcomingActions } from '../../data/upcomingActions/queries';
import { formatDate } from '../../display/dates';
import { useNudgeDismissal } from '../../storage/nudges';
import { track } from '../../telemetry';
import { QuickLinks } from './QuickLinks';

/** Money and dates come formatted from the domain (`investmentView`). */
const investmentColumns: readonly DataTableColumn<InvestmentView>[] = [
  { key: 'name', header: 'Name' },
  { key: 'amount', header: 'Amount', align: 'right' },
  { key: 'date', header: 'Date', render: (row) => <time dateTime={row.dateTime}>{row.date}</time> },
  { key: 'status', header: 'Status', render: (row) => <StatusChip status={row.status} /> },
];

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
      <NudgeBanner nudge={nudge} onAction={followNudge} onDismiss={dismiss} />
      <ReadinessCard readiness={progress} onNavigate={openStep} />

      <Section title="Recent investments">
        <TableData
          state={investments}
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
              rows={newestFirst(rows).map(investmentView)}
              getRowKey={(row) => row.id}
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
          <TableData state={upcoming} what="upcoming actions" skeleton="text" emptyTitle="Nothing coming up">
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

/** The latest submission first: a new Pending investment heads the list. */
function newestFirst<T extends { submitted_at: string }>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => Date.parse(b.submitted_at) - Date.parse(a.submitted_at));
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

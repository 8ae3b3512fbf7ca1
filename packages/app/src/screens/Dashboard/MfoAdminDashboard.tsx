import { Button, Card, Flex, Grid, Text } from '@radix-ui/themes';
import { guideCardsFor, parseEuroAmount, quickLinksFor, type Session } from '@vault/domain';
import { GuideCards, MoneyText, PageHeader, StatCard } from '@vault/ui';
import { type ReactNode, useId } from 'react';
import { useNavigate } from 'react-router-dom';
import { Section } from '../../components/Section';
import { TableData } from '../../components/TableData';
import type { Query } from '../../data/_query/queryRef';
import { useActivity } from '../../data/activity/queries';
import { useComplianceAlerts } from '../../data/complianceAlerts/queries';
import { useEquityHoldings } from '../../data/equityHoldings/queries';
import { useLoans } from '../../data/loans/queries';
import { useMemberCountPage } from '../../data/members/members';
import { useProductionAssets } from '../../data/productionAssets/queries';
import { formatDateTime } from '../../display/dates';
import { SettingsSection } from '../Settings/SettingsSection';
import { QuickLinks } from './QuickLinks';
import { StaffQueues } from './StaffQueues';

/** The three admin sections docs/product.md §2 lists; their buttons do nothing yet, so they say so. */
const comingSoonSections = [
  {
    title: 'Account Recovery & Reset',
    description: 'Help members who lost access: reset sign-in, re-send verification, unlock accounts.',
    buttons: ['Reset member access', 'Unlock account'],
  },
  {
    title: 'Platform Updates Distribution',
    description: 'Send release notes and service notices to members and family offices.',
    buttons: ['Compose update', 'View sent updates'],
  },
  {
    title: 'MFO Accounting',
    description: 'Fees, distributions and reconciliation across the family offices.',
    buttons: ['Open ledger', 'Export statements'],
  },
] as const;

/** A stat card's figure while its table loads, fails or is ready. */
function figure<T>(state: Query<T>, ready: (rows: T[]) => ReactNode): ReactNode {
  if (state.status === 'loading') return '…';
  if (state.status === 'error') return 'Unavailable';
  return ready(state.rows);
}

function sumOfAmounts(rows: readonly { value?: string; amount?: string }[]): number {
  return rows.reduce((total, row) => total + (parseEuroAmount(row.value ?? row.amount ?? '') ?? 0), 0);
}

/** The admin dashboard: admin flag or mfo_admin (docs/product.md §2). */
export function MfoAdminDashboard({ session }: { session: Session }) {
  const navigate = useNavigate();
  const users = useMemberCountPage();
  const alerts = useComplianceAlerts();
  const activity = useActivity();
  const loans = useLoans();
  const holdings = useEquityHoldings();
  const assets = useProductionAssets();

  const assetTables = [loans, holdings, assets];
  const assetsStatus = assetTables.some((t) => t.status === 'error')
    ? 'error'
    : assetTables.some((t) => t.status === 'loading')
      ? 'loading'
      : 'ready';
  const assetsTotal = sumOfAmounts([...(loans.rows ?? []), ...(holdings.rows ?? []), ...(assets.rows ?? [])]);
  const failed = [users, alerts, loans, holdings, assets].filter((t) => t.status === 'error');

  return (
    <Flex direction="column" gap="6">
      <PageHeader title="MFO Admin Dashboard" description="Members, assets and compliance across the platform." />
      <StaffQueues />

      <Section
        title="Overview"
        actions={
          failed.length > 0 ? (
            <Button
              variant="soft"
              onClick={() => {
                for (const table of failed) table.retry();
              }}
            >
              Retry
            </Button>
          ) : null
        }
      >
        <Grid columns={{ initial: '1', sm: '3' }} gap="4">
          <StatCard
            label="Total Users"
            value={
              users.status === 'loading'
                ? '…'
                : users.status === 'error'
                  ? 'Unavailable'
                  : `${users.rows.length.toLocaleString('en-IE')}${users.hasMore ? '+' : ''}`
            }
          />
          <StatCard
            label="Total Assets Managed"
            value={
              assetsStatus === 'loading' ? (
                '…'
              ) : assetsStatus === 'error' ? (
                'Unavailable'
              ) : (
                <MoneyText cents={assetsTotal} />
              )
            }
            hint="Loans, equity holdings and production assets"
          />
          <StatCard
            label="Compliance Alerts"
            value={figure(alerts, (rows) =>
              rows.filter((alert) => alert.status !== 'resolved').length.toLocaleString('en-IE'),
            )}
            hint="Open or acknowledged"
          />
        </Grid>
      </Section>

      <Section title="Quick actions">
        <QuickLinks links={quickLinksFor(session)} label="Quick actions" />
      </Section>

      <Section title="Recent activity">
        <TableData state={activity} what="recent activity" skeleton="text" emptyTitle="No recent activity">
          {(rows) => (
            <Card size="2">
              <Flex asChild direction="column" gap="3" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                <ul>
                  {rows.map((item) => (
                    <li key={item.id}>
                      <Text as="p" size="2">
                        {item.text}
                      </Text>
                      <Text as="p" size="1" color="gray">
                        <time dateTime={item.at}>{formatDateTime(item.at)}</time>
                      </Text>
                    </li>
                  ))}
                </ul>
              </Flex>
            </Card>
          )}
        </TableData>
      </Section>

      <Grid columns={{ initial: '1', md: '3' }} gap="4">
        {comingSoonSections.map((section) => (
          <ComingSoonSection key={section.title} {...section} />
        ))}
      </Grid>

      <Section title="Shortcuts">
        <GuideCards cards={guideCardsFor(session)} onNavigate={(href) => navigate(href)} label="Admin shortcuts" />
      </Section>
    </Flex>
  );
}

/** A section whose actions are not built: its buttons are disabled and say why (a titled card as on Settings). */
function ComingSoonSection({
  title,
  description,
  buttons,
}: {
  title: string;
  description: string;
  buttons: readonly string[];
}) {
  const noteId = useId();
  return (
    <SettingsSection title={title} description={description}>
      <Flex gap="2" wrap="wrap">
        {buttons.map((label) => (
          <Button key={label} variant="soft" disabled aria-describedby={noteId}>
            {label}
          </Button>
        ))}
      </Flex>
      <Text as="p" size="1" color="gray" id={noteId}>
        Coming soon: these actions are not available yet.
      </Text>
    </SettingsSection>
  );
}

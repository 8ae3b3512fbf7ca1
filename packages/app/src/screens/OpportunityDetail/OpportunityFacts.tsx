import { Badge, Card, DataList, Text } from '@radix-ui/themes';
import { messages, opportunityLocation } from '@vault/domain';
import { ErrorState, LoadingSkeleton } from '@vault/ui';
import { useTable } from '../../backend/useTable';
import { Section } from '../../components/Section';

/**
 * What an investor wants to read before investing, beyond the detail's four tiles: the
 * description, where it is, the minimum, whether it is audited and its rating. They come from
 * the opportunities list (SPEC.md 3 'Opportunity'), loaded beside the detail; nothing shows
 * when the list has no such id.
 */
export function OpportunityFacts({ id }: { id: string }) {
  const table = useTable('opportunities', { id });
  if (table.status === 'loading') {
    return <LoadingSkeleton variant="text" count={3} label="Loading the opportunity's details…" />;
  }
  if (table.status === 'error') {
    return <ErrorState title={messages.opportunitiesFailed} onRetry={table.retry} headingLevel={2} />;
  }
  const opportunity = table.rows.find((row) => row.id === id);
  if (!opportunity) return null;
  return (
    <Section title="About this opportunity">
      <Card size="3">
        <Text as="p" size="3" mb="4">
          {opportunity.description}
        </Text>
        <DataList.Root orientation={{ initial: 'vertical', sm: 'horizontal' }}>
          <DataList.Item>
            <DataList.Label>Location</DataList.Label>
            <DataList.Value>{opportunityLocation(opportunity)}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>Minimum investment</DataList.Label>
            <DataList.Value>{opportunity.minInvestment}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>Audit</DataList.Label>
            <DataList.Value>
              <Badge color={opportunity.audited ? 'green' : 'gray'} variant="soft" highContrast>
                {opportunity.audited ? 'Audited' : 'Not audited'}
              </Badge>
            </DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>Investor rating</DataList.Label>
            <DataList.Value>{opportunity.ratings.toFixed(1)} / 5</DataList.Value>
          </DataList.Item>
        </DataList.Root>
      </Card>
    </Section>
  );
}

import { Badge, Card, DataList, Text } from '@radix-ui/themes';
import { messages, type Opportunity, opportunityLocation } from '@vault/domain';
import { Section } from '../../components/Section';
import { TableData } from '../../components/TableData';
import type { Query } from '../../data/_query/queryRef';

/**
 * What an investor wants to read before investing, beyond the detail's four tiles: the
 * description, where it is, the minimum, whether it is audited and its rating. They come from
 * the opportunities list (docs/product.md §3 'Opportunity'), loaded beside the detail (or read
 * from the list's rows when they are here); nothing shows when the list has no such id.
 */
export function OpportunityFacts({ state }: { state: Query<Opportunity> }) {
  return (
    <TableData
      state={state}
      what="the opportunity's details"
      skeleton="text"
      errorTitle={messages.opportunitiesFailed}
      headingLevel={2}
      empty={null}
    >
      {([opportunity]) => (opportunity ? <Facts opportunity={opportunity} /> : null)}
    </TableData>
  );
}

function Facts({ opportunity }: { opportunity: Opportunity }) {
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

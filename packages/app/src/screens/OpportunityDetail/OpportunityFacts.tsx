import { Badge, Card, Code, DataList, Flex, Heading, Text } from '@radix-ui/themes';
import {
  messages,
  type Opportunity,
  offeringDocumentKindText,
  offeringStanding,
  opportunityLocation,
} from '@vault/domain';
import { OfferingStandingView } from '../../components/OfferingStandingView';
import { Section } from '../../components/Section';
import { TableData } from '../../components/TableData';
import type { Query } from '../../data/_query/queryRef';
import { useOfferingProgress } from '../../data/opportunities/progress';

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
  const progress = useOfferingProgress();
  const raised =
    progress.status === 'ready'
      ? (progress.rows.find((row) => row.opportunity_id === opportunity.id)?.raised_cents ?? null)
      : null;
  const standing = offeringStanding(opportunity, raised, new Date());
  const impact = opportunity.impact_metrics ?? [];
  const documents = opportunity.documents ?? [];
  return (
    <Section title="About this opportunity">
      <Flex direction="column" gap="3">
        <OfferingStandingView standing={standing} />
      </Flex>
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
          {standing.allocation ? (
            <DataList.Item>
              <DataList.Label>Allocation</DataList.Label>
              <DataList.Value>{standing.allocation}</DataList.Value>
            </DataList.Item>
          ) : null}
        </DataList.Root>
      </Card>
      {impact.length > 0 ? (
        <Card size="3">
          <Heading as="h3" size="3" mb="2">
            Impact
          </Heading>
          <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
            {impact.map((metric) => (
              <li key={metric.name}>
                <Text size="2">
                  {metric.name}: {metric.per_year.toLocaleString('en-IE')} {metric.unit} per year
                </Text>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
      {documents.length > 0 ? (
        <Card size="3">
          <Heading as="h3" size="3" mb="2">
            Documents
          </Heading>
          <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
            {documents.map((doc) => (
              <li key={`${doc.kind}-${doc.name}`}>
                <Text size="2">
                  {offeringDocumentKindText[doc.kind] ?? 'Document'}: {doc.name}{' '}
                </Text>
                <Text size="1" color="gray">
                  SHA-256{' '}
                  <Code size="1" style={{ wordBreak: 'break-all' }}>
                    {doc.sha256}
                  </Code>
                </Text>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
    </Section>
  );
}

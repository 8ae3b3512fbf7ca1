import { Badge, Button, Callout, Flex, Grid, Link as RadixLink, Text } from '@radix-ui/themes';
import { explorersThisWeek, formatEuros, hrefFor, type Opportunity, type OpportunityDetail } from '@vault/domain';
import { PageHeader, StatCard } from '@vault/ui';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { UkRiskWarning } from '../../components/eligibility/UkRiskWarning';
import type { Query } from '../../data/_query/queryRef';
import { useOpportunityEligibility } from '../../data/eligibility/eligibility';
import { useOpportunity, useOpportunityDetail } from '../../data/opportunities/queries';
import { useSession } from '../../session/SessionProvider';
import { ExpressInterestDialog } from './ExpressInterestDialog';
import { readFromPortfolio } from './fromPortfolio';
import { InvestAction } from './InvestAction';
import { OpportunityDetailData } from './OpportunityDetailData';
import { OpportunityFacts } from './OpportunityFacts';
import { useBack } from './useBack';

/** /opportunities/{id}: one opportunity's detail, with Express Interest and Invest (docs/product.md §2). */
export default function OpportunityDetailScreen() {
  const { id = '' } = useParams();
  // Both requests start together: the facts below the detail do not wait for the detail.
  const detail = useOpportunityDetail(id);
  const facts = useOpportunity(id);
  const back = useBack(hrefFor('opportunities'));

  return (
    <OpportunityDetailData id={id} state={detail} what="opportunity" title="Opportunity" onBack={back}>
      {(row) => <Detail detail={row} facts={facts} onBack={back} />}
    </OpportunityDetailData>
  );
}

function Detail({
  detail,
  facts,
  onBack,
}: {
  detail: OpportunityDetail;
  facts: Query<Opportunity>;
  onBack: () => void;
}) {
  const { session } = useSession();
  const location = useLocation();
  const fromPortfolio = readFromPortfolio(location.state);
  const [interestOpen, setInterestOpen] = useState(false);
  const explorers = explorersThisWeek(detail.id);
  // The server's answer for this member (docs/eligibility.md), once they are past KYC.
  const user = session.user;
  const asksEligibility = user?.role === 'investor' && user.kycStatus === 'approved';
  const { state: eligibility, recheck } = useOpportunityEligibility(asksEligibility ? detail.id : null);
  const refusal = eligibility.status === 'ready' ? eligibility.refusal : null;

  const expressInterest = () => {
    // docs/product.md §2: Express Interest only logs and shows an alert; no request is made.
    console.log('[opportunity] Express interest', { opportunityId: detail.id, userId: session.user?.id });
    setInterestOpen(true);
  };

  return (
    <Flex direction="column" gap="5">
      <PageHeader
        title={detail.name}
        onBack={onBack}
        description={
          <Flex as="span" gap="2" align="center" wrap="wrap">
            <Badge color={detail.status === 'Open' ? 'blue' : 'gray'} variant="soft" highContrast>
              {detail.status}
            </Badge>
            <Text as="span">{detail.type}</Text>
          </Flex>
        }
        actions={
          <>
            <Button type="button" variant="soft" onClick={expressInterest}>
              Express Interest
            </Button>
            <InvestAction opportunityId={detail.id} eligibility={eligibility} onRetry={recheck} />
          </>
        }
      />
      {user?.role === 'investor' ? <UkRiskWarning memberId={user.id} refusal={refusal} /> : null}
      {fromPortfolio ? (
        <Callout.Root color="blue">
          <Callout.Text>
            You came here from your portfolio
            {fromPortfolio.capital !== undefined
              ? ` with ${formatEuros(Math.round(fromPortfolio.capital * 100))} of capital to place`
              : ''}
            .{' '}
            <RadixLink asChild weight="medium">
              <Link to={hrefFor('placements')}>Review your placements</Link>
            </RadixLink>
          </Callout.Text>
        </Callout.Root>
      ) : null}
      <Text as="p" size="2" color="gray">
        <Text weight="bold" color="gray" highContrast>
          {explorers}
        </Text>{' '}
        investors explored this opportunity this week
      </Text>
      <Grid columns={{ initial: '1', xs: '2', md: '4' }} gap="3">
        <StatCard label="Est. Yield" value={detail.yield} />
        <StatCard label="Risk" value={detail.risk} />
        <StatCard label="Impact" value={detail.impact} />
        <StatCard label="Term" value={detail.term} />
      </Grid>
      <OpportunityFacts state={facts} />
      <ExpressInterestDialog
        name={detail.name}
        email={session.user?.email}
        open={interestOpen}
        onOpenChange={setInterestOpen}
      />
    </Flex>
  );
}

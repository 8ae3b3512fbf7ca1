import { Flex } from '@radix-ui/themes';
import { messages, type OpportunityDetail } from '@vault/domain';
import { PageHeader } from '@vault/ui';
import type { ReactNode } from 'react';
import { TableData } from '../../components/TableData';
import type { Query } from '../../data/_query/queryRef';
import { OpportunityNotFound } from './OpportunityNotFound';

/**
 * One opportunity's detail row with its loading, error and not-found states under a page header:
 * the detail page and the investment flow read the same query and show the same states.
 */
export function OpportunityDetailData({
  id,
  state,
  what,
  title,
  onBack,
  children,
}: {
  id: string;
  state: Query<OpportunityDetail>;
  /** What is loading, in words: 'opportunity', 'investment'. */
  what: string;
  /** The page header's title while the row is not shown. */
  title: string;
  onBack?: () => void;
  children: (row: OpportunityDetail) => ReactNode;
}) {
  return (
    <TableData
      state={state}
      what={what}
      skeleton="text"
      skeletonCount={4}
      errorTitle={messages.opportunitiesFailed}
      headingLevel={2}
      empty={<OpportunityNotFound id={id} />}
      around={(content) => (
        <Flex direction="column" gap="4">
          <PageHeader title={title} onBack={onBack} />
          {content}
        </Flex>
      )}
    >
      {([row]) => (row ? children(row) : null)}
    </TableData>
  );
}

import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { hrefFor, messages } from '@vault/domain';
import { Link } from 'react-router-dom';

/** An unknown opportunity id: a state in the page, never a crash (docs/decisions.md (8)). */
export function OpportunityNotFound({ id }: { id: string }) {
  return (
    <Card size="3">
      <Flex direction="column" gap="3" align="start">
        <Heading as="h1" size="6">
          {messages.opportunityNotFound}
        </Heading>
        <Text as="p" color="gray">
          There is no opportunity with the id “{id}”. It may have closed or the link may be mistyped.
        </Text>
        <Button asChild>
          <Link to={hrefFor('opportunities')}>Back to opportunities</Link>
        </Button>
      </Flex>
    </Card>
  );
}
